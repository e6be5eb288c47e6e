// `npm run test:hostile`: a battery of hostile input against every public form field and every staff
// endpoint of a production server on PostgreSQL (a fresh database on DATABASE_URL's server, else the
// local one): tampered enumerations, NUL and control characters, CRLF, XSS, SQL and spreadsheet-formula
// payloads, 100 kB and 2 MB bodies, wrong content types, cross-origin and `Origin: null` posts, missing
// tokens. Passes when no answer is a 5xx, a dropped connection or a stack trace, every answer carries a
// clear message (refusals included), no payload comes back unescaped, nothing is stored from a refused
// post, no stored row breaks a rule of the forms, and no notification email of a stored payload carries
// a header or a recipient the payload smuggled in; the emails to visitors go only to the address typed,
// with fixed subjects, at most three per address; the newsletter's links refuse every tampered token;
// a spam flood (spam-flood.ts) reaches neither the open inbox nor anyone's mailbox; 5,000 views with
// made-up campaigns and referrers (page-view-flood.ts) grow page_views by a bounded number of rows; and a
// client that spends its whole allowance of posts leaves the next person's verification and confirmation
// emails sent (email-budget.ts); hostile mail posted to the inbound email webhook is stored as text or
// refused, never a 5xx, a 30 MB message without the memory to hold it (inbound-email.ts).
// Exits non-zero otherwise.
import pg from 'pg';
import { decodeHeader, startSmtp } from '../support/notify-receivers';
import { onCleanup } from '../support/cleanup';
import { createTempDatabase } from '../support/suite-databases';
import { launch } from '../support/start-server';
import { benchEnv, printTable, runSuite, type Checks } from '../support/suite-runner';
import { tally } from './answers';
import { checkStoredRows, crlf, publicFormBattery } from './public-forms';
import { newsletterLinkBattery } from './newsletter-links';
import { staffBattery } from './staff-area';
import { spamFlood } from './spam-flood';
import { pageViewFlood } from './page-view-flood';
import { emailBudget } from './email-budget';
import { inboundEmailBattery } from './inbound-email';

const show = Number(process.env.HOSTILE_SHOW ?? 60);
const notifyTo = 'leads@postcraft.example';
const smuggled = crlf.split('\r\n')[1]; // the header line a CRLF payload tries to add

/** Waits until the delivery loop has worked every notification (none pending), or `ms` passed. */
async function drainOutbox(url: string, ms = 120_000): Promise<number> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    for (const until = Date.now() + ms; ; ) {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int n from notification_outbox where status = 'pending'`);
      if (!rows[0].n || Date.now() > until) return rows[0].n;
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await client.end();
  }
}

type Smtp = Awaited<ReturnType<typeof startSmtp>>;

/** Subjects of the emails to visitors: fixed texts, never a visitor's words. */
const visitorSubjects = /^(We received your (partner application|affiliate application|agency enquiry|contact message|data request|trial request)|Confirm your Postcraft newsletter subscription)$/;

/**
 * The emails of the stored leads. To staff: each to the configured recipient only, no header added by a
 * payload. To visitors (acknowledgements, confirmation links): each to one of the battery's own
 * addresses, a fixed subject, no added header, at most NOTIFY_RECIPIENT_LIMIT (3) per address.
 */
function checkEmails(smtp: Smtp, pending: number, check: Checks['check']) {
  const staff = smtp.messages.filter((m) => m.rcptTo.includes(notifyTo));
  const visitors = smtp.messages.filter((m) => !m.rcptTo.includes(notifyTo));
  const strayRecipients = staff.filter((m) => m.rcptTo.length !== 1).length + visitors.filter((m) => m.rcptTo.length !== 1 || !/^hostile-\d+-\d+@example\.com$/.test(m.rcptTo[0])).length;
  const injected = smtp.messages.filter((m) => m.headers.some(([name]) => name === 'bcc' || name === 'cc' || name === 'set-cookie')).length;
  const carried = staff.filter((m) => m.headers.some(([name, value]) => name === 'subject' && value.includes(smuggled))).length;
  // A staff member's reply from a lead's page (the staff battery posts the composer too) is the staff member's own
  // words to the lead: its Reply-To carries the lead's token. The fixed subjects and the per-address limit are
  // those of what a visitor's post makes us send.
  const isStaffReply = (m: (typeof visitors)[number]) =>
    m.headers.some(([n, v]) => n === 'reply-to' && /\+[a-z]+-[a-z2-7]{26}-[a-z2-7]{12}@/.test(decodeHeader(v)));
  const fromPosts = visitors.filter((m) => !isStaffReply(m));
  const subjects = fromPosts.filter((m) => !visitorSubjects.test(decodeHeader(m.headers.find(([n]) => n === 'subject')?.[1] ?? ''))).length;
  const perAddress = new Map<string, number>();
  for (const m of fromPosts) perAddress.set(m.rcptTo[0], (perAddress.get(m.rcptTo[0]) ?? 0) + 1);
  const flooded = [...perAddress.values()].filter((n) => n > 3).length;
  check('notifications of the stored leads all sent', pending === 0 && staff.length > 0 && visitors.length > 0, `${staff.length} to staff, ${visitors.length} to visitors, ${pending} still pending`);
  check(
    `no email has a header or a recipient a CRLF payload smuggled in ("${smuggled}")`,
    strayRecipients === 0 && injected === 0 && carried > 0,
    `${carried} staff subject(s) carry the payload on one line, ${injected} with an added header, ${strayRecipients} with another recipient`,
  );
  check('emails to visitors have fixed subjects and at most 3 per address', subjects === 0 && flooded === 0, `${subjects} with another subject, ${flooded} address(es) over the limit`);
}

await runSuite('test:hostile', async (checks) => {
  const { check } = checks;
  const db = await createTempDatabase('hostile');
  const smtp = await startSmtp();
  onCleanup('SMTP receiver', () => smtp.close());
  // The JSON posts carry a solved proof of work (a light one here: the battery is about the fields; the
  // screening's own flood, below, runs with the default).
  const server = await launch({ ...benchEnv, DATABASE_URL: db.url, SMTP_URL: smtp.url, NOTIFY_EMAIL_TO: notifyTo, NOTIFY_POLL_MS: '500', SPAM_PROOF_WORK: '1000' });
  const stopServer = onCleanup('server', () => server.stop());
  await publicFormBattery(server.url);
  const publicAnswers = tally.counts.answers;
  await staffBattery(server.url, db.url);
  // The server is still up and serving after the battery.
  const after = await fetch(new URL('/', server.url)).then((r) => r.status).catch(() => 'down');
  const pending = await drainOutbox(db.url);
  await newsletterLinkBattery(server.url, db.url, smtp.messages);
  await server.stop();
  stopServer();
  const rows = await checkStoredRows(db.url);

  const { counts, failures, notes, skipped } = tally;
  for (const n of notes) console.log(`note  ${n}`);
  for (const s of skipped) console.log(`NOT TESTED  ${s}`);
  for (const f of failures.slice(0, show)) console.log(`FAIL  ${f}`);
  if (failures.length > show) console.log(`FAIL  ... and ${failures.length - show} more`);
  console.log('');
  printTable(Object.entries(counts).map(([k, v]) => ({ answers: k, count: v, ...(k === 'answers' ? { public: publicAnswers, staff: counts.answers - publicAnswers } : { public: '', staff: '' }) })));
  console.log('');
  printTable(rows);
  console.log('');
  check('the server still serves pages after the battery', after === 200, `GET / -> ${after}`);
  checkEmails(smtp, pending, check);
  check(`hostile battery: ${tally.total} checks (${counts.answers} answers), no 5xx, no dropped connection, every answer clear, nothing invalid stored`, failures.length === 0, `${failures.length} failed`);
  check('staff endpoints tested', skipped.length === 0, skipped.length ? `${skipped.length} part(s) not tested: see NOT TESTED above` : '');
  console.log('');
  await spamFlood(checks);
  console.log('');
  await pageViewFlood(checks);
  await emailBudget(checks);
  await inboundEmailBattery(checks);
});
