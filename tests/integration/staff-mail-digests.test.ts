import pino from 'pino';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryable, type DbHandle } from '@/lib/db/connection';
import { runMigrations } from '@/lib/db/migrate';
import { createDeliveryLoop } from '@/lib/notify/loop';
import { startScheduledWork } from '@/lib/speed/jobs';
import type { Scheduler } from '@/lib/speed/scheduler';
import { isoWeek, localDate, startOfLocalDate } from '@/lib/staff-mail/zones';
import { createTempPostgres, openTempPglite, query } from '../support/vitest-databases';
import { decodeHeader, startSmtp, textOf } from '../support/notify-receivers';

/**
 * The daily digest and the weekly summary through the scheduler (lib/speed/digests.ts) on both databases,
 * with pg-boss's TestClock moving the scheduler's time: a member's digest at 07:00 in Berlin is written
 * once for the day, across a restart of the process that schedules and sends it (PGlite closed and opened
 * from its folder), sent once by the delivery loop, and again the next day; an admin's weekly summary is
 * written on Monday at 08:00 (the team's zone) for the week before.
 */
const silent = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Reopenable = { handle: DbHandle; reopen: () => Promise<DbHandle>; cleanup: () => Promise<void> };
const kinds: { name: string; open: () => Promise<Reopenable | undefined> }[] = [
  {
    name: 'PGlite',
    open: async () => {
      const { handle, dataDir } = await openTempPglite();
      const r: Reopenable = { handle, reopen: async () => (await r.handle.close(), (r.handle = await openDatabase({ dataDir, databaseUrl: '' }))), cleanup: () => r.handle.close() };
      return r;
    },
  },
  {
    name: 'PostgreSQL',
    open: async () => {
      const temp = await createTempPostgres();
      if (!temp) return undefined;
      const handle = await openDatabase({ databaseUrl: temp.url });
      await runMigrations(handle);
      const r: Reopenable = {
        handle,
        reopen: async () => (await r.handle.close(), (r.handle = await openDatabase({ databaseUrl: temp.url }))),
        cleanup: async () => (await r.handle.close(), await temp.drop()),
      };
      return r;
    },
  },
];

for (const kind of kinds) {
  describe(`daily digests and the weekly summary on ${kind.name}`, () => {
    let db: Reopenable | undefined;
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    beforeAll(async () => {
      db = await kind.open();
      smtp = await startSmtp();
    });
    afterAll(async () => {
      await db?.cleanup();
      await smtp?.close();
    });
    const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => query<T>(db!.handle, text, params);
    const keys = async (topic: string) => (await sql<{ key: string }>(`select key from staff_emails where topic = $1 order by key`, [topic])).map((r) => r.key);
    const send = async () => {
      const env = { SMTP_URL: smtp.url, SITE_URL: 'https://www.postcraft.example' };
      const loop = createDeliveryLoop({ client: queryable(db!.handle), env, log: silent });
      await loop.runOnce();
      await loop.stop();
    };
    const subject = (m: { headers: [string, string][] }) => decodeHeader(m.headers.find(([k]) => k === 'subject')![1]);
    /** The digests received (Max's overdue lead also gets its reminder, by the sweep the scheduler runs every minute). */
    const digests = () => smtp.messages.filter((m) => subject(m).startsWith('[Postcraft] Your leads today'));
    /** Moves the clock to `at`, then in steps of 5 s until `done` (at most ten minutes of the clock), then two more minutes. */
    const runUntil = async (clock: TestClock, at: Date, done: () => Promise<boolean>) => {
      await clock.setTime(at);
      for (let step = 0; step < 120 && !(await done()); step++) {
        await clock.tick(5000);
        await sleep(100);
      }
      for (let step = 0; step < 24; step++) {
        await clock.tick(5000);
        await sleep(20);
      }
      await sleep(500);
    };

    it('a digest once per member per local day across a restart, and the weekly summary on Monday', { timeout: 240_000 }, async ({ skip }) => {
      if (!db) return skip('DATABASE_URL is not set');
      const [{ id: max }] = await sql<{ id: string }>(`insert into staff_users (email, name, role, password_hash, digest_at, time_zone) values ('max@team.example', 'Max Member', 'member', 'x', '07:00', 'Europe/Berlin') returning id`);
      const [{ id: ada }] = await sql<{ id: string }>(`insert into staff_users (email, name, role, password_hash, weekly_summary) values ('ada@team.example', 'Ada Admin', 'admin', 'x', true) returning id`);
      const [{ id: lead }] = await sql<{ id: string }>(`insert into contact_messages (name, email, subject, message) values ('Lena Lead', 'lena@visitor.example', 'Q', 'Hi') returning id`);
      await sql(`insert into lead_triage (lead_type, lead_id, owner_id) values ('contact', $1, $2)`, [lead, max]);
      await sql(`update lead_index set due_at = now() - interval '1 hour' where lead_id = $1`, [lead]);

      // Tomorrow (real time) at 06:59 in Berlin, a minute before Max's digest.
      const berlin = (d: Date) => localDate(d, 'Europe/Berlin');
      const day1At = new Date(startOfLocalDate(berlin(new Date(Date.now() + 86_400_000)), 'Europe/Berlin').getTime() + (6 * 60 + 59) * 60_000);
      const clock = new TestClock(day1At);
      const start = () => startScheduledWork(db!.handle, { clock, log: silent, purge: false, cronMonitorIntervalSeconds: 5, pollingIntervalSeconds: 0.5 });
      let scheduler: Scheduler = await start();
      await runUntil(clock, day1At, async () => (await keys('digest')).length > 0);
      expect(await keys('digest')).toEqual([`digest:${max}:${berlin(day1At)}`]);
      await send();
      expect(digests()).toHaveLength(1);
      expect(digests()[0].rcptTo).toEqual(['max@team.example']);
      expect(subject(digests()[0])).toBe('[Postcraft] Your leads today: 1 overdue, 0 due soon, 1 open');
      expect(textOf(digests()[0])).toContain('Contact message: Lena Lead');

      // The process ends and another starts on the same database, later the same day: nothing more.
      await scheduler.stop(1000);
      await db.reopen();
      scheduler = await start();
      await runUntil(clock, new Date(day1At.getTime() + 2 * 3_600_000), async () => false);
      expect(await keys('digest')).toHaveLength(1);
      await send();
      expect(digests()).toHaveLength(1);

      // The next day at 06:59 in Berlin: the next digest, once.
      const day2At = new Date(startOfLocalDate(berlin(new Date(day1At.getTime() + 86_400_000)), 'Europe/Berlin').getTime() + (6 * 60 + 59) * 60_000);
      await runUntil(clock, day2At, async () => (await keys('digest')).length > 1);
      expect(await keys('digest')).toEqual([`digest:${max}:${berlin(day1At)}`, `digest:${max}:${berlin(day2At)}`].sort());

      // The next Monday at 07:59 UTC (the team's zone): Ada's summary of the week before.
      const monday = new Date(day2At);
      monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7));
      monday.setUTCHours(7, 59, 0, 0);
      await runUntil(clock, monday, async () => (await keys('summary')).length > 0);
      const lastWeek = isoWeek(localDate(new Date(monday.getTime() - 7 * 86_400_000), 'UTC'));
      expect(await keys('summary')).toEqual([`summary:${ada}:${lastWeek}`]);
      await scheduler.stop(1000);
      smtp.messages.length = 0;
      await send();
      const summary = smtp.messages.find((m) => m.rcptTo[0] === 'ada@team.example')!;
      expect(subject(summary)).toMatch(new RegExp(`^\\[Postcraft\\] Weekly summary ${lastWeek}: \\d+ leads?, \\d+ answered on time$`));
      expect(textOf(summary)).toContain('Leads per kind');
    });
  });
}
