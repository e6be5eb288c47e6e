// The visitor emails' part of test:hostile (docs/notifications.md#emails-to-visitors): one client spends its
// whole allowance of posts (the production rate limits: 5 per form, 30 in all, a minute), every post with a
// solved proof of work, sent after the minimum time to fill: newsletter sign-ups and data requests first,
// each from a new address, then the other forms, until the limits refuse it. Then a person from another
// network asks for their data and signs up for the newsletter: the verification link and the confirmation
// arrive in this test's SMTP server. The hourly budget is 30 here (NOTIFY_VISITOR_EMAILS_PER_HOUR, the
// single budget of earlier versions), so that the client's allowance of one minute could spend it whole, and
// one network's share of it 10% (3 an hour: the person's two emails fit in it).
// Run alone: `npx tsx tests/hostile/email-budget.ts`.
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { leadKindNames, type LeadKind } from '../../src/lib/leads/kinds';
import { leadEndpointPath } from '../../src/lib/leads/endpoints';
import { validLead } from '../support/lead-samples';
import { fetchChallenge, solve } from '../support/proof';
import { createTempDatabase } from '../support/suite-databases';
import { launch } from '../support/start-server';
import { startSmtp, textOf, waitFor } from '../support/notify-receivers';
import { onCleanup } from '../support/cleanup';
import { printTable, runSuite, type Checks } from '../support/suite-runner';

const minFillSeconds = 2;

/** Proofs of work solved now, to be posted once the minimum time to fill has passed (as a person's form would be). */
async function proofs(baseUrl: string, n: number): Promise<string[]> {
  const out = await Promise.all(Array.from({ length: n }, async () => solve(await fetchChallenge(baseUrl))));
  await new Promise((r) => setTimeout(r, (minFillSeconds + 0.5) * 1000));
  return out;
}

/** One JSON post of a form, as its island sends it, from `ip`. */
async function postLead(baseUrl: string, kind: LeadKind, email: string, proof: string, ip: string) {
  const url = new URL(leadEndpointPath(kind), baseUrl);
  const body = new URLSearchParams({ ...validLead(kind, email), submissionToken: randomUUID(), proof });
  const res = await fetch(url, { method: 'POST', body, headers: { Origin: url.origin, Accept: 'application/json', 'X-Forwarded-For': ip } });
  const state = (await res.json().catch(() => ({}))) as { status?: string };
  return { status: res.status, state: state.status ?? '' };
}

export async function emailBudget({ check }: Checks): Promise<void> {
  const db = await createTempDatabase('emailbudget');
  const smtp = await startSmtp();
  onCleanup('SMTP receiver (email budget)', () => smtp.close());
  const server = await launch({
    LOG_LEVEL: 'error',
    DATABASE_URL: db.url,
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL_TO: 'budget-watch@postcraft.example',
    NOTIFY_POLL_MS: '300',
    TRUST_PROXY: '1',
    SPAM_MIN_FILL_SECONDS: String(minFillSeconds),
    LEADS_RATE_LIMIT_PER_FORM: '5',
    LEADS_RATE_LIMIT_TOTAL: '30',
    LEADS_RATE_LIMIT_WINDOW: '60',
    NOTIFY_VISITOR_EMAILS_PER_HOUR: '30',
    // 10% of 30: 3 an hour of each kind per network (the default 5% of 200 is 10).
    NOTIFY_NETWORK_SHARE: '10',
  });
  const stopServer = onCleanup('server (email budget)', () => server.stop());
  const database = new pg.Client(db.url);
  await database.connect();
  onCleanup('database client (email budget)', () => database.end());
  try {
    // The client: the emails a person needs first, then every other form, 5 each (the limit of one form), until refused.
    const order: LeadKind[] = ['newsletter', 'dataRequest', ...leadKindNames.filter((k) => k !== 'newsletter' && k !== 'dataRequest')];
    const answers = new Map<string, number>();
    let accepted = 0;
    let n = 0;
    const client = '203.0.113.9';
    for (const kind of order) {
      if (accepted >= 30) break;
      const solved = await proofs(server.url, 5);
      for (const proof of solved) {
        const { status, state } = await postLead(server.url, kind, `flood-${++n}-${randomUUID().slice(0, 8)}@example.com`, proof, client);
        answers.set(`${kind}: ${status} ${state}`, (answers.get(`${kind}: ${status} ${state}`) ?? 0) + 1);
        if (status === 429) break;
        if (status === 200 && state === 'success') accepted++;
      }
    }
    printTable([...answers].map(([answer, count]) => ({ 'client post': answer, count })));
    const lastTry = await postLead(server.url, 'contact', `flood-last-${randomUUID().slice(0, 8)}@example.com`, (await proofs(server.url, 1))[0], client);
    check(
      `one client spent its whole allowance of posts (${accepted} accepted, then refused)`,
      accepted === 30 && lastTry.status === 429,
      `${accepted} accepted; one more answered ${lastTry.status}`,
    );

    // A person from another network, a minute later at most.
    const tag = randomUUID().slice(0, 8);
    const person = { request: `person-${tag}@example.org`, reader: `reader-${tag}@example.org` };
    const [p1, p2] = await proofs(server.url, 2);
    const asked = await postLead(server.url, 'dataRequest', person.request, p1, '198.51.100.23');
    const signed = await postLead(server.url, 'newsletter', person.reader, p2, '198.51.100.23');
    const arrived = (address: string) => smtp.messages.find((m) => m.rcptTo.includes(address));
    await waitFor(() => Boolean(arrived(person.request) && arrived(person.reader)), 20_000, 'the person’s emails').catch(() => undefined);
    const verify = arrived(person.request);
    const confirm = arrived(person.reader);
    check(
      'after the client spent its allowance, a person’s data request gets its verification link by email',
      asked.status === 200 && Boolean(verify && /\/data-request\/verify\?token=/.test(textOf(verify))),
      `answer ${asked.status} ${asked.state}; ${verify ? textOf(verify).includes('/data-request/verify?token=') ? 'the link arrived' : 'an email without the link' : 'no email'}`,
    );
    check(
      'and their newsletter sign-up gets its confirmation link by email',
      signed.status === 200 && Boolean(confirm && /\/newsletter\/confirm\?token=/.test(textOf(confirm))),
      `answer ${signed.status} ${signed.state}; ${confirm ? textOf(confirm).includes('/newsletter/confirm?token=') ? 'the link arrived' : 'an email without the link' : 'no email'}`,
    );
    const { rows } = await database.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from notification_outbox where channel in ('ack', 'confirm') group by status order by status`,
    );
    printTable(rows.map((r) => ({ 'visitor emails': r.status, count: r.n })));
    const limited = rows.find((r) => r.status === 'limited')?.n ?? 0;
    check('the client’s emails past its network’s share are recorded as not sent', limited > 0, `${limited} recorded as not sent`);
  } finally {
    await server.stop();
    stopServer();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runSuite('test:hostile (visitor email budgets)', emailBudget);
