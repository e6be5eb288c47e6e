import { Writable } from 'node:stream';
import pino from 'pino';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryable, type DbHandle } from '@/lib/db/connection';
import { runMigrations } from '@/lib/db/migrate';
import { scheduleRetentionPurge } from '@/lib/speed/jobs';
import { createScheduler, type Scheduler } from '@/lib/speed/scheduler';
import { createTempPostgres, openTempPglite, query } from '../support/vitest-databases';

/**
 * The job scheduler (lib/speed/scheduler.ts, pg-boss) on both databases: a job for a time, sent and worked
 * by two schedulers (two pools on PostgreSQL: two processes' worth), runs once; one sent before a restart
 * runs once after it; and the daily retention purge, scheduled by both, runs once per day (pg-boss's
 * TestClock moves the schedulers' timers and the schema's time to 03:16 UTC the next days).
 */
const silent = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A database of the kind that can be closed and opened again (a restart). */
type Reopenable = { handle: DbHandle; reopen: () => Promise<DbHandle>; cleanup: () => Promise<void> };
const kinds: { name: string; open: () => Promise<Reopenable | undefined> }[] = [
  {
    name: 'PGlite',
    open: async () => {
      const { handle, dataDir } = await openTempPglite();
      const r: Reopenable = {
        handle,
        reopen: async () => {
          await r.handle.close();
          return (r.handle = await openDatabase({ dataDir, databaseUrl: '' }));
        },
        cleanup: () => r.handle.close(),
      };
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
        reopen: async () => {
          await r.handle.close();
          return (r.handle = await openDatabase({ databaseUrl: temp.url }));
        },
        cleanup: async () => {
          await r.handle.close();
          await temp.drop();
        },
      };
      return r;
    },
  },
];

for (const kind of kinds) {
  describe(`the job scheduler on ${kind.name}`, () => {
    let db: Reopenable | undefined;
    const running: Scheduler[] = [];
    beforeAll(async () => {
      db = await kind.open();
      if (db) await query(db.handle, `create table scheduler_runs (queue text, key text, worker text, at timestamptz default clock_timestamp())`);
    });
    afterAll(async () => {
      for (const s of running.splice(0)) await s.stop(1000).catch(() => {});
      await db?.cleanup();
    });
    const scheduler = async (options: Partial<Parameters<typeof createScheduler>[0]> = {}) => {
      const s = createScheduler({ handle: db!.handle, log: silent, pollingIntervalSeconds: 0.5, ...options });
      await s.start();
      running.push(s);
      return s;
    };
    const stop = async (s: Scheduler) => {
      running.splice(running.indexOf(s), 1);
      await s.stop(1000);
    };
    const runs = (queue: string) => query<{ key: string; worker: string }>(db!.handle, `select key, worker from scheduler_runs where queue = $1 order by at`, [queue]);
    const recorder = (queue: string, worker: string) => async (data: { key: string }) => {
      await queryable(db!.handle).query(`insert into scheduler_runs (queue, key, worker) values ($1, $2, $3)`, [queue, data.key, worker]);
    };

    it('a job for a time, sent by two schedulers for the same key and worked by both, runs once, at its time', async ({ skip }) => {
      if (!db) return skip('DATABASE_URL is not set');
      const [a, b] = [await scheduler(), await scheduler()];
      await a.work('reminder-test', recorder('reminder-test', 'a'));
      await b.work('reminder-test', recorder('reminder-test', 'b'));
      const due = new Date(Date.now() + 2500);
      expect(await a.at('reminder-test', 'lead-1', due, { key: 'lead-1' })).toBe(true);
      // The same key again (another process, the same lead): the waiting job is moved, not doubled.
      expect(await b.at('reminder-test', 'lead-1', due, { key: 'lead-1' })).toBe(false);
      // Another key is another job; a job asked for a day later and then for `due` is moved, and runs at `due`.
      expect(await b.at('reminder-test', 'lead-2', due, { key: 'lead-2' })).toBe(true);
      expect(await a.at('reminder-test', 'lead-3', new Date(due.getTime() + 86_400_000), { key: 'lead-3' })).toBe(true);
      expect(await b.at('reminder-test', 'lead-3', due, { key: 'lead-3' })).toBe(false);
      await sleep(1500);
      expect(await runs('reminder-test')).toEqual([]);
      for (let i = 0; i < 100 && (await runs('reminder-test')).length < 3; i++) await sleep(100);
      const [{ at }] = await query<{ at: Date }>(db.handle, `select min(at) as at from scheduler_runs where queue = 'reminder-test'`);
      expect(new Date(at).getTime()).toBeGreaterThanOrEqual(due.getTime());
      // A few more polls of both: nothing runs again.
      await sleep(2000);
      expect((await runs('reminder-test')).map((r) => r.key).sort()).toEqual(['lead-1', 'lead-2', 'lead-3']);
      await stop(a);
      await stop(b);
    });

    it('a job sent before a restart runs once after it', async ({ skip }) => {
      if (!db) return skip('DATABASE_URL is not set');
      const before = await scheduler();
      const due = new Date(Date.now() + 3000);
      expect(await before.at('restart-test', 'lead-9', due, { key: 'lead-9' })).toBe(true);
      await stop(before);
      // The process ends and a new one opens the database (PGlite: closed and opened from its folder).
      await db.reopen();
      const after = await scheduler();
      await after.work('restart-test', recorder('restart-test', 'after'));
      for (let i = 0; i < 100 && !(await runs('restart-test')).length; i++) await sleep(100);
      await sleep(1500);
      expect(await runs('restart-test')).toEqual([{ key: 'lead-9', worker: 'after' }]);
      await stop(after);
    });

    it('the daily retention purge, scheduled by two schedulers, runs once a day at 03:17 UTC', { timeout: 120_000 }, async ({ skip }) => {
      if (!db) return skip('DATABASE_URL is not set');
      const lines: { event?: string }[] = [];
      const log = pino({ level: 'info' }, new Writable({ write: (chunk, _e, cb) => (lines.push(JSON.parse(String(chunk))), cb()) }));
      // One clock for both (pg-boss keeps a TestClock's time in one row of its schema), from now on, or from
      // 03:20 UTC today when the test runs earlier in the day: it counts the 03:17 runs of the next two days,
      // so today's must not fall between the start and the first of them (the catch-up of a missed
      // occurrence would count as a run of day 1).
      const todayAfterRun = new Date();
      todayAfterRun.setUTCHours(3, 20, 0, 0);
      const start = Math.max(Date.now(), todayAfterRun.getTime());
      const clock = new TestClock(start);
      const both = [await scheduler({ clock, cronMonitorIntervalSeconds: 5 }), await scheduler({ clock, cronMonitorIntervalSeconds: 5 })];
      for (const s of both) await scheduleRetentionPurge(s, queryable(db.handle), log);
      const ran = () => lines.filter((l) => l.event === 'retention.purge' || l.event === 'retention.purge_not_due').length;
      for (const day of [1, 2]) {
        const at = new Date(start + day * 86_400_000);
        at.setUTCHours(3, 16, 0, 0);
        await clock.setTime(at);
        // In steps of 5 s (the timers fire as the clock passes them; a handler runs in real time meanwhile)
        // until the 03:17 occurrence has run, at most ten minutes; then two more minutes run nothing.
        for (let step = 0; step < 120 && ran() < day; step++) {
          await clock.tick(5000);
          await sleep(100);
        }
        expect(ran(), `runs by day ${day}`).toBe(day);
        for (let step = 0; step < 24; step++) {
          await clock.tick(5000);
          await sleep(20);
        }
        await sleep(500);
        expect(ran(), `runs by day ${day}, two minutes later`).toBe(day);
      }
      // The first run purged (and claimed the day); the second, within 23 real hours, found nothing to do.
      expect(lines.filter((l) => l.event).map((l) => l.event)).toEqual(['retention.purge', 'retention.purge_not_due']);
      for (const s of both) await stop(s);
    });
  });
}
