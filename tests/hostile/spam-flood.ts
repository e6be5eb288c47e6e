// The spam part of test:hostile (issue 21, docs/spam.md): a scripted flood against a production server
// with the default proof of work, a minimum time to fill of 10 s (so that "too fast" stays too fast on a
// loaded machine, where solving a challenge can take seconds) and the production rate
// limits. 1,000 posts without JavaScript from 200 addresses (5 each, across the forms), and 200 JSON
// posts that fail the proof of work (50 without one, 50 forged, 50 replaying a used one, 50 sent too
// soon after the challenge), each address fetching its own challenges, and a loop on /api/challenge. Passes when every post was answered like a success (or refused by a limit),
// the open inbox, the staff's mailbox and the visitors' mailboxes are untouched, every flood post stored
// is held with its reason, and a post from a person (a solved proof, after a few seconds) still arrives
// and notifies.
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { endpointUrl, loadForm, submitForm, type Form } from '../support/form-client';
import { bulkKinds, formPages, validValues, type BulkKind } from '../support/bulk-leads';
import { fetchChallenge, solve, solvedProof } from '../support/proof';
import { createTempDatabase } from '../support/suite-databases';
import { launch } from '../support/start-server';
import { decodeHeader, startSmtp, waitFor } from '../support/notify-receivers';
import { onCleanup } from '../support/cleanup';
import { printTable, type Checks } from '../support/suite-runner';
import { needsTyping } from '../../src/lib/spam/fill-time';

const notifyTo = 'spam-watch@postcraft.example';
const openStatuses = `coalesce((select t.status from lead_triage t where t.lead_type = $1 and t.lead_id = l.id), 'new') not in ('spam', 'archived')`;

/** JSON post of `values` to the form's endpoint, URL-encoded as the island sends it, from `ip`. */
async function postJson(form: Form, values: Record<string, string>, ip: string) {
  const url = endpointUrl(form);
  const body = new URLSearchParams({ ...values, submissionToken: randomUUID() });
  const res = await fetch(url, { method: 'POST', body, headers: { Origin: new URL(url).origin, Accept: 'application/json', 'X-Forwarded-For': ip } });
  return { status: res.status, state: (await res.json().catch(() => ({}))) as { status?: string; title?: string } };
}

export async function spamFlood({ check }: Checks): Promise<void> {
  const db = await createTempDatabase('spamflood');
  const smtp = await startSmtp();
  onCleanup('SMTP receiver (spam flood)', () => smtp.close());
  // The default screening and the production limits; X-Forwarded-For names each flood address.
  const server = await launch({ LOG_LEVEL: 'error', DATABASE_URL: db.url, SMTP_URL: smtp.url, NOTIFY_EMAIL_TO: notifyTo, NOTIFY_POLL_MS: '300', TRUST_PROXY: '1', SPAM_MIN_FILL_SECONDS: '10' });
  const stopServer = onCleanup('server (spam flood)', () => server.stop());
  const client = new pg.Client(db.url);
  await client.connect();
  onCleanup('database client (spam flood)', () => client.end());
  try {
    const forms = Object.fromEntries(await Promise.all(bulkKinds.map(async (k) => [k, await loadForm(server.url, formPages[k].path, formPages[k].pick)] as const))) as Record<BulkKind, Form>;

    // A person first: a proof solved while they type, posted more than the minimum later. It arrives and notifies.
    const typing = fetchChallenge(server.url, { 'X-Forwarded-For': '192.0.2.1' }).then(solve);
    await new Promise((r) => setTimeout(r, 10_500));
    const person = validValues('contact', `person-${Date.now()}`);
    const personProof = await typing;
    const personAnswer = await postJson(forms.contact, { ...person, proof: personProof }, '192.0.2.1');
    await waitFor(() => smtp.messages.length >= 2, 15_000, 'the notification and acknowledgement of the person’s post').catch(() => undefined);
    const personMail = smtp.messages.map((m) => m.rcptTo.join(','));
    check(
      'a person’s post with a solved proof of work arrives, notifies staff and is acknowledged',
      personAnswer.status === 200 && personMail.includes(notifyTo) && personMail.includes(person.email.toLowerCase()),
      `answer ${personAnswer.status}, emails to ${personMail.join(' and ') || 'nobody'}`,
    );
    const mailBefore = smtp.messages.length;
    const [{ n: openBefore }] = (await client.query(`select count(*)::int as n from contact_messages l where ${openStatuses}`, ['contact'])).rows;

    // 1,000 posts without JavaScript from 200 addresses: 5 each, one per form in turn.
    const answers = new Map<string, number>();
    const count = (what: string) => answers.set(what, (answers.get(what) ?? 0) + 1);
    const started = Date.now();
    const noScript = Array.from({ length: 200 }, (_, a) => async () => {
      for (let i = 0; i < 5; i++) {
        const kind = bulkKinds[(a + i) % bulkKinds.length];
        const res = await submitForm(forms[kind], validValues(kind, `flood-${a}-${i}`), { headers: { 'X-Forwarded-For': `203.0.${Math.floor(a / 250)}.${(a % 250) + 1}` } });
        count(res.status === 200 && res.html.includes(formPages[kind].success) ? 'no JavaScript: answered success' : `no JavaScript: ${res.status}`);
      }
    });
    // 200 JSON posts that fail the proof of work, from 40 more addresses.
    const used = personProof;
    // Each flood address fetches its own challenges (the limit of /api/challenge is per address, checked below).
    const forgedProof = async (ip: string) => {
      const p = JSON.parse(Buffer.from(await solvedProof(server.url, { 'X-Forwarded-For': ip }), 'base64').toString('utf8'));
      p.solution.derivedKey = p.solution.derivedKey.replace(/^./, (c: string) => (c === '0' ? '1' : '0'));
      return Buffer.from(JSON.stringify(p)).toString('base64');
    };
    const failing: Record<string, (ip: string) => Promise<string | undefined>> = {
      'no proof': async () => undefined,
      forged: forgedProof,
      replayed: async () => used,
      'too fast': (ip) => solvedProof(server.url, { 'X-Forwarded-For': ip }),
    };
    // "Too fast" is sent to the forms that have a minimum time to fill: those a person must type in
    // (lib/spam/fill-time.ts; a form a browser can autofill has none, docs/spam.md).
    const typedKinds = bulkKinds.filter(needsTyping);
    const scripted = Object.entries(failing).flatMap(([what, proof], w) =>
      Array.from({ length: 10 }, (_, a) => async () => {
        for (let i = 0; i < 5; i++) {
          const kinds = what === 'too fast' ? typedKinds : bulkKinds;
          const kind = kinds[(a + i) % kinds.length];
          const ip = `198.18.${w}.${a + 1}`;
          const p = await proof(ip);
          const res = await postJson(forms[kind], { ...validValues(kind, `bad-${what.replace(' ', '')}-${a}-${i}`), ...(p ? { proof: p } : {}) }, ip);
          count(res.status === 200 && res.state.status === 'success' ? `${what}: answered success` : `${what}: ${res.status}`);
        }
      }),
    );
    // 8 clients at a time.
    const queue = [...noScript, ...scripted];
    await Promise.all(Array.from({ length: 8 }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) await job();
    }));
    const seconds = (Date.now() - started) / 1000;
    // Anything queued would be sent within a few polls.
    await new Promise((r) => setTimeout(r, 2000));

    printTable([...answers].sort().map(([answer, n]) => ({ 'flood post': answer, count: n })));
    const tables = bulkKinds.map((k) => formPages[k].table);
    let stored = 0;
    let open = 0;
    const reasons = new Map<string, number>();
    for (const [i, table] of tables.entries()) {
      const kind = bulkKinds[i];
      const { rows } = await client.query(
        `select l.id, ${openStatuses} as open, s.reasons from ${table} l left join lead_screening s on s.lead_type = $1 and s.lead_id = l.id
           where l.email like 'lead-flood-%' or l.email like 'lead-bad-%'`,
        [kind],
      );
      stored += rows.length;
      for (const r of rows) {
        if (r.open) open++;
        const key = ((r.reasons as string[] | null) ?? ['(none)']).join('+');
        reasons.set(key, (reasons.get(key) ?? 0) + 1);
      }
    }
    printTable([...reasons].sort().map(([why, n]) => ({ 'held because': why, leads: n })));
    const [{ n: openAfter }] = (await client.query(`select count(*)::int as n from contact_messages l where ${openStatuses}`, ['contact'])).rows;
    const newMail = smtp.messages.slice(mailBefore).map((m) => `${m.rcptTo.join(',')}: ${decodeHeader(m.headers.find(([n]) => n === 'subject')?.[1] ?? '')}`);
    const answeredAlike = [...answers].filter(([what]) => !what.endsWith('answered success') && !what.endsWith(': 429')).reduce((n, [, c]) => n + c, 0);
    check(`1,200 flood posts in ${seconds.toFixed(1)} s: every one answered like a success, or refused by a rate limit`, answeredAlike === 0, `${answeredAlike} answered otherwise`);
    check(
      'the flood left the open inbox untouched: every flood post stored is held, with its reason',
      open === 0 && openAfter === openBefore && stored > 0 && !reasons.has('(none)'),
      `${stored} stored, ${open} in the open inbox`,
    );
    check('the flood sent nothing: no email to staff, none to the addresses typed', newMail.length === 0, newMail.slice(0, 3).join('; '));
    const [{ n: pending }] = (await client.query(`select count(*)::int as n from notification_outbox where status = 'pending'`)).rows;
    check('nothing about the flood waits in the outbox either', pending === 0, `${pending} pending`);

    // A client looping on /api/challenge: 60 a minute, then 429 with Retry-After; a person elsewhere still gets one.
    const loop = await Promise.all(Array.from({ length: 100 }, () => fetch(`${server.url}/api/challenge`, { headers: { 'X-Forwarded-For': '198.51.100.99' } }).then(async (r) => ({ status: r.status, retry: r.headers.get('retry-after'), body: await r.text() }))));
    const refused = loop.filter((r) => r.status === 429);
    const elsewhere = await fetch(`${server.url}/api/challenge`, { headers: { 'X-Forwarded-For': '192.0.2.2' } });
    check(
      'a client looping on /api/challenge gets 60 a minute, then 429 with Retry-After; a person elsewhere still gets a challenge',
      loop.filter((r) => r.status === 200).length === 60 && refused.length === 40 && refused.every((r) => Number(r.retry) > 0 && JSON.parse(r.body).error) && elsewhere.status === 200,
      `${loop.length - refused.length} answered, ${refused.length} refused; elsewhere ${elsewhere.status}`,
    );
  } finally {
    await server.stop();
    stopServer();
  }
}
