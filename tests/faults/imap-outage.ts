// The IMAP part of test:faults (docs/conversations.md, "Answers coming back"): the production server watches
// a real Dovecot's mailbox (IMAP_URL) on PostgreSQL; replies arrive before the outage, then Dovecot is stopped
// for 30 s (IMAP_OUTAGE_S) while replies keep coming (a mail server queues them and delivers them once it is
// back), then it is back and more arrive. Passes when every reply is stored exactly once, none is lost, the
// server stayed up, and it logged the outage in one line and the recovery in one (not a line per retry).
// Runs in the suite (crash-and-outage.ts) and alone: `npx tsx tests/faults/imap-outage.ts`.
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { onCleanup } from '../support/cleanup';
import { startDovecot } from '../support/dovecot';
import { plainMail } from '../support/inbound-mail';
import { createTempDatabase } from '../support/suite-databases';
import { launch } from '../support/start-server';
import { benchEnv, numberArg, printTable, runSuite, type Checks } from '../support/suite-runner';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function imapOutage(check: Checks['check'], databaseServer?: string): Promise<void> {
  const outageSeconds = numberArg('imap-outage', 30, 'IMAP_OUTAGE_S');
  const dovecot = await startDovecot();
  onCleanup('Dovecot', () => dovecot.remove());
  const db = await createTempDatabase('imapoutage', databaseServer);
  const server = await launch({ ...benchEnv, LOG_LEVEL: 'info', DATABASE_URL: db.url, IMAP_URL: dovecot.url, RETENTION_PURGE: '0' });
  const stopServer = onCleanup('server (IMAP outage)', () => server.stop());
  const client = new pg.Client(db.url);
  await client.connect();
  onCleanup('database client (IMAP outage)', () => client.end());
  const tag = randomUUID().slice(0, 8);
  const sent: string[] = [];
  const reply = (n: number) => {
    const text = `Reply ${n} of run ${tag}.`;
    sent.push(text);
    return plainMail({ from: `Sender ${n} <sender-${n}@example.com>`, to: 'replies@postcraft.example' }, text);
  };
  const counts = async () => {
    const { rows } = await client.query<{ body_text: string; n: number }>(`select body_text, count(*)::int as n from lead_messages where direction = 'in' and body_text like $1 group by body_text`, [`%${tag}%`]);
    return new Map(rows.map((r) => [r.body_text, r.n]));
  };
  const waitForAll = async (ms: number) => {
    const until = Date.now() + ms;
    for (;;) {
      const got = await counts();
      if (sent.every((t) => got.has(t)) || Date.now() > until) return got;
      await sleep(250);
    }
  };

  let n = 0;
  // Before: ten replies, taken as they come.
  for (let i = 0; i < 10; i++) await dovecot.deliver(reply(++n));
  await waitForAll(20_000);
  // Two more just before the outage (taken or not when it begins), then Dovecot stops.
  for (let i = 0; i < 2; i++) await dovecot.deliver(reply(++n));
  await dovecot.stop();
  const downAt = Date.now();
  // During the outage replies keep coming: the sending mail server queues them.
  const queued: Buffer[] = [];
  while (Date.now() - downAt < outageSeconds * 1000) {
    queued.push(Buffer.from(reply(++n)));
    await sleep(2000);
  }
  await dovecot.start();
  const backAt = Date.now();
  for (const raw of queued) await dovecot.deliver(raw);
  // And after: more, a second apart.
  for (let i = 0; i < 5; i++) {
    await dovecot.deliver(reply(++n));
    await sleep(1000);
  }
  const got = await waitForAll(120_000);
  const recoveredIn = (Date.now() - backAt) / 1000;
  const alive = server.child.exitCode === null && !server.child.signalCode;
  const lost = sent.filter((t) => !got.has(t));
  const doubled = [...got.values()].filter((c) => c > 1).length;
  const log = server.output();
  const downLines = log.split('\n').filter((l) => l.includes('"conversations.imap_down"')).length;
  const upLines = log.split('\n').filter((l) => l.includes('"conversations.imap_up"')).length;
  const inbox = await dovecot.list();
  await server.stop();
  stopServer();

  printTable([
    {
      scenario: `Dovecot stopped ${outageSeconds} s`,
      replies: sent.length,
      'queued in the outage': queued.length,
      stored: got.size,
      lost: lost.length,
      'taken twice': doubled,
      'all in after it was back': `${recoveredIn.toFixed(1)} s`,
      'log lines (down/up)': `${downLines}/${upLines}`,
    },
  ]);
  check(`IMAP outage: every reply stored, none lost (${sent.length}: before, queued during ${outageSeconds} s, after)`, lost.length === 0, lost.length ? `lost: ${lost.slice(0, 3).join('; ')}` : `${got.size} stored`);
  check('IMAP outage: no reply taken twice', doubled === 0, `${doubled} twice`);
  check('IMAP outage: every message in the mailbox marked \\Seen once taken', inbox.length === sent.length && inbox.every((m) => m.flags.includes('\\Seen')), `${inbox.filter((m) => m.flags.includes('\\Seen')).length} of ${inbox.length}`);
  check('IMAP outage: the server stayed up', alive);
  check('IMAP outage: one log line when it began and one when it ended, none per retry', downLines === 1 && upLines === 1, `${downLines} down, ${upLines} up`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runSuite('test:faults (IMAP outage)', async ({ check }) => imapOutage(check));
