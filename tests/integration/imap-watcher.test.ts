import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startImapWatcher, type ImapWatcher } from '@/lib/conversations/imap';
import { replyAddress, replyToken, replyTokenKey } from '@/lib/conversations/reply-token';
import { openDatabase, queryable } from '@/lib/db/connection';
import { startDovecot, type Dovecot } from '../support/dovecot';
import { plainMail } from '../support/inbound-mail';
import { createTempPostgres, databaseKinds, query, tempDir, type TestDb } from '../support/vitest-databases';

// The IMAP watcher (lib/conversations/imap.ts) against a real Dovecot: a reply delivered into the mailbox is
// stored within 10 s and marked \Seen; a restart takes what arrived meanwhile and nothing twice; of two
// watchers on one database one watches and the other takes over when it stops; IMAP_PROCESSED_MAILBOX
// gets what was taken; a message over the size limit is kept as its headers.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

for (const kind of databaseKinds) {
  describe(`the IMAP watcher on ${kind.name}`, () => {
    let t: TestDb | undefined;
    let dovecot: Dovecot;
    let leadId = '';
    let tokenAddress = '';
    const watchers: ImapWatcher[] = [];
    const run = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => query<T>(t!.handle, sql, params);
    const env = () => ({ IMAP_URL: dovecot.url, REPLY_INBOUND_ADDRESS: 'replies@postcraft.example' });
    // The production lease and poll (a minute each): a new message is noticed by IMAP IDLE, not by polling.
    // The take-over test shortens the lease, so that the watcher on standby asks for it every 1.5 s.
    const watch = (extra: Record<string, string> = {}, leaseMs = 60_000) => {
      const w = startImapWatcher({ client: queryable(t!.handle), env: { ...env(), ...extra }, leaseMs })!;
      watchers.push(w);
      return w;
    };
    const reply = (text: string, extra: { messageId?: string | null; from?: string } = {}) =>
      plainMail({ from: extra.from ?? 'Ann Lee <ann.lee@example.com>', to: tokenAddress, messageId: extra.messageId }, text);
    /** The stored messages whose text is `text`, once `count` of them are there (or after `ms`). */
    const stored = async (text: string, count = 1, ms = 10_000) => {
      const until = Date.now() + ms;
      for (;;) {
        const rows = await run<{ lead_id: string | null; channel: string; notices: string[]; body_text: string }>(`select lead_id, channel, notices, body_text from lead_messages where direction = 'in' and body_text = $1`, [text]);
        if (rows.length >= count || Date.now() > until) return rows;
        await sleep(200);
      }
    };
    const on = it.runIf(kind.name === 'PGlite' || Boolean(process.env.DATABASE_URL));

    beforeAll(async () => {
      t = await kind.open();
      if (!t) return;
      dovecot = await startDovecot();
      [{ id: leadId }] = await run<{ id: string }>(
        `insert into partner_applications (first_name, last_name, email, company, partnership_type, message) values ('Ann', 'Lee', 'ann.lee@example.com', 'Lee Design', 'technology', 'We would like to partner with you.') returning id`,
      );
      tokenAddress = replyAddress('replies@postcraft.example', replyToken(await replyTokenKey(queryable(t.handle)), 'partner', leadId));
    });
    afterAll(async () => {
      for (const w of watchers) await w.stop();
      await dovecot?.remove();
      await t?.cleanup();
    });

    on('takes the unseen messages already there, then a reply delivered into the mailbox within 10 s, and marks them \\Seen', async () => {
      await dovecot.deliver(reply('Already there, unread.'));
      const readUid = await dovecot.deliver(reply('Already there, read in a mail app.'));
      // Someone read that one in a mail app before the mailbox was connected: the first look leaves it.
      await dovecotSeen(dovecot, readUid!);
      const w = watch();
      expect(await stored('Already there, unread.')).toHaveLength(1);
      const started = Date.now();
      await dovecot.deliver(reply('Yes, Tuesday works.'));
      const rows = await stored('Yes, Tuesday works.');
      expect(rows).toMatchObject([{ lead_id: leadId, channel: 'imap' }]);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(w.watching).toBe(true);
      expect(await stored('Already there, read in a mail app.', 1, 500)).toHaveLength(0);
      const flags = await dovecot.list();
      expect(flags.filter((m) => m.flags.includes('\\Seen'))).toHaveLength(3);
      const [state] = await run<{ last_uid: string }>(`select last_uid from imap_mailboxes`);
      expect(Number(state!.last_uid)).toBe(Math.max(...flags.map((m) => m.uid)));
    });

    on('after a restart, takes what arrived meanwhile once and nothing it took before (by UID, not by its copy)', async () => {
      const before = `Taken before the restart ${randomUUID()}`;
      await dovecot.deliver(reply(before, { messageId: null }));
      expect(await stored(before)).toHaveLength(1);
      for (const w of watchers.splice(0)) await w.stop();
      // Its row gone, only the UID recorded keeps the watcher from taking it again.
      await run(`delete from lead_messages where body_text = $1`, [before]);
      await dovecot.deliver(reply('While stopped, one.'));
      await dovecot.deliver(reply('While stopped, two.', { messageId: null }));
      watch();
      expect(await stored('While stopped, one.')).toHaveLength(1);
      expect(await stored('While stopped, two.')).toHaveLength(1);
      await sleep(1500);
      expect(await stored(before, 1, 0)).toHaveLength(0);
      const [{ n }] = await run<{ n: number }>(`select count(*)::int as n from lead_messages where direction = 'in'`);
      expect(n).toBe(4);
    });

    on('of two watchers on one database one watches; the other takes over when it stops', async () => {
      for (const w of watchers.splice(0)) await w.stop();
      const first = watch({}, 3000);
      await waitFor(() => first.watching);
      const second = watch({}, 3000);
      await sleep(1500);
      expect([first.watching, second.watching]).toEqual([true, false]);
      await first.stop();
      await waitFor(() => second.watching, 15_000);
      await dovecot.deliver(reply('After the take-over.'));
      expect(await stored('After the take-over.')).toHaveLength(1);
    });

    on('moves what it took to IMAP_PROCESSED_MAILBOX, and keeps a message over INBOUND_MAX_BYTES as its headers', async () => {
      for (const w of watchers.splice(0)) await w.stop();
      watch({ IMAP_PROCESSED_MAILBOX: 'Processed', INBOUND_MAX_BYTES: String(64 * 1024) });
      await dovecot.deliver(reply(`A long one: ${'x'.repeat(100 * 1024)}`));
      const until = Date.now() + 10_000;
      let big: { notices: string[]; body_text: string }[] = [];
      while (!big.length && Date.now() < until) {
        big = await run(`select notices, body_text from lead_messages where notices[1] like 'It was %'`);
        await sleep(200);
      }
      expect(big).toEqual([{ notices: ['It was 0.1 MB, over the limit of 0.1 MB: only its headers were kept.'], body_text: '' }]);
      // What this watcher took (the earlier ones, taken without IMAP_PROCESSED_MAILBOX, stay where they are).
      await waitFor(async () => (await dovecot.list('Processed')).length === 1);
      expect((await dovecot.list('INBOX')).length).toBe(7);
    });
  });
}

async function waitFor(ok: () => boolean | Promise<boolean>, ms = 10_000) {
  for (const until = Date.now() + ms; !(await ok()); ) {
    if (Date.now() > until) throw new Error('timed out');
    await sleep(100);
  }
}

/** Marks a message \Seen as a mail app would (through the test's own IMAP session). */
async function dovecotSeen(dovecot: Dovecot, uid: number) {
  const { ImapFlow } = await import('imapflow');
  const client = new ImapFlow({ host: '127.0.0.1', port: dovecot.port, secure: false, auth: { user: dovecot.user, pass: dovecot.password }, logger: false, disableAutoIdle: true });
  await client.connect();
  await client.mailboxOpen('INBOX');
  await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
  await client.logout();
}

describe('npm run worker with IMAP_URL', () => {
  it('takes a reply delivered into the mailbox, then stops on SIGTERM with exit code 0 and gives the lease up', async () => {
    const dovecot = await startDovecot();
    const pg = await createTempPostgres();
    const dataDir = tempDir('postcraft-imap-worker-');
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
        cwd: path.resolve(__dirname, '../..'),
        env: { ...process.env, DATABASE_URL: pg?.url ?? '', DATA_DIR: dataDir, IMAP_URL: dovecot.url, SMTP_URL: '', LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout!.on('data', (d) => (out += d));
      child.stderr!.on('data', (d) => (out += d));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      await waitFor(() => out.includes('postcraft worker: delivering notifications and taking email from the IMAP mailbox from'), 60_000);
      await dovecot.deliver(plainMail({ from: 'Ann Lee <ann.lee@example.com>', to: 'replies@postcraft.example' }, 'Taken by the worker.'));
      await waitFor(async () => (await dovecot.list()).some((m) => m.flags.includes('\\Seen')), 15_000);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(out).toContain('postcraft worker: stopped (SIGTERM)');
      // The worker has closed the database: read what it left.
      const handle = await openDatabase({ databaseUrl: pg?.url ?? '', dataDir });
      try {
        const rows = await query<{ channel: string }>(handle, `select channel from lead_messages where body_text = 'Taken by the worker.'`);
        expect(rows).toEqual([{ channel: 'imap' }]);
        expect(await query(handle, `select holder, lease_until from imap_mailboxes`)).toEqual([{ holder: null, lease_until: null }]);
      } finally {
        await handle.close();
      }
    } finally {
      await dovecot.remove();
      await pg?.drop();
    }
  }, 120_000);
});
