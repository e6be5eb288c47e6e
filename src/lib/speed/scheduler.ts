// Delayed and recurring work on the database, through pg-boss (docs/speed-to-lead.md, "Scheduling: pg-boss
// or the outbox"): a job at a time (a first-response reminder at its due time) and a job on a cron
// schedule in a time zone (a daily digest at a member's chosen hour, the daily purge), each run once per
// occurrence by whichever process of the database fetches it, also with several servers and workers on
// one PostgreSQL, and kept across restarts (the jobs are rows in the schema `pgboss`).
//
// pg-boss runs a job at least once: a process that dies in the middle of a handler leaves the job to
// expire (`expireInSeconds`) and another process runs it again. So a handler's effect must be idempotent:
// write what it does with a key that cannot be written twice (an outbox row with a unique key, a claimed
// `maintenance_runs` row), as the outbox does for every send.
//
// On PGlite pg-boss shares the process's one connection (pg-boss's own PGlite adapter); on PostgreSQL it
// keeps a pool of its own of two connections on DATABASE_URL (so that its session settings, LISTEN and its
// transactions never touch the site's pool).
import type { Logger } from 'pino';
import { PgBoss, fromPglite, type Clock, type ConstructorOptions } from 'pg-boss';
import type { DbHandle } from '@/lib/db/connection';
import { areaLog } from '@/lib/logger';

/** How a queue's jobs are retried and how long one may run before another process takes it over. */
export type QueueSettings = {
  /** Retries after the first attempt (default 5), with exponential backoff from `retryDelaySeconds` (default 30). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How long a job may run before it counts as lost (its process died) and is run again (default 10 minutes). */
  expireInSeconds?: number;
};

export type SchedulerOptions = {
  handle: DbHandle;
  log?: Logger;
  /** Seconds between a worker's looks for due jobs (default 2). */
  pollingIntervalSeconds?: number;
  /** Seconds between the passes that turn cron schedules into jobs (default 30; at most 45). */
  cronMonitorIntervalSeconds?: number;
  /** A clock for tests (pg-boss's `TestClock`: it moves the timers and the schema's time together). */
  clock?: Clock;
};

export type Scheduler = {
  /** Installs or updates the schema `pgboss` when needed, then starts the cron passes and the maintenance. */
  start(): Promise<void>;
  /** Runs `handler` for each job of queue `name` (created when missing); a handler that throws is retried. */
  work<T extends object>(name: string, handler: (data: T) => Promise<void>, settings?: QueueSettings): Promise<void>;
  /**
   * One job of queue `name` at `when` (at once when it has passed), one per `key` while it waits: asked again
   * for the same key before it ran, it is moved to the new time and data instead of added. Answers whether a
   * job was added (false: the waiting one was moved).
   */
  at<T extends object>(name: string, key: string, when: Date, data: T): Promise<boolean>;
  /**
   * A job of queue `name` on `cron` (five fields, minute granularity) in time zone `tz` (default UTC), for
   * each occurrence once across every process. `key` names one schedule of several on the queue (one per
   * member); set again, a schedule is replaced. A missed occurrence (every process down at that minute)
   * is sent once when a process is back, however many were missed.
   */
  every<T extends object>(name: string, cron: string, data: T | null, options?: { tz?: string; key?: string }): Promise<void>;
  /** The schedules of queue `name` (one per key): what `every` set, to compare with what should be. */
  schedules(name: string): Promise<{ key: string; cron: string; tz: string; data: unknown }[]>;
  /** Removes the schedule `key` of queue `name` (its jobs already made still run). */
  unschedule(name: string, key: string): Promise<void>;
  /** Stops the schedule passes and the workers; a handler still running after `graceMs` is left to expire and be run again elsewhere. */
  stop(graceMs?: number): Promise<void>;
};

const defaults = { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 600 };

/** pg-boss's database: PGlite through its own adapter, PostgreSQL through a pool of its own on the same server. */
function databaseOf(handle: DbHandle): Pick<ConstructorOptions, 'db' | 'backend' | 'connectionString' | 'max' | 'application_name'> {
  if (handle.kind === 'pglite') return { db: fromPglite(handle.client), backend: 'pglite' };
  const connectionString = (handle.client as unknown as { options?: { connectionString?: string } }).options?.connectionString;
  if (!connectionString) throw new Error('the scheduler needs the connection string of the PostgreSQL pool');
  return { connectionString, max: 2, application_name: 'postcraft-scheduler' };
}

export function createScheduler({ handle, log = areaLog('scheduler'), pollingIntervalSeconds = 2, cronMonitorIntervalSeconds = 30, clock }: SchedulerOptions): Scheduler {
  const boss = new PgBoss({
    ...databaseOf(handle),
    schema: 'pgboss',
    cronMonitorIntervalSeconds,
    ...(clock ? { clock } : {}),
  });
  // pg-boss reports a failed poll or maintenance pass as an event; one line each, never a crash.
  boss.on('error', (err: Error) => log.error({ event: 'scheduler.error', error: err.message }, 'the job scheduler hit an error; it goes on polling'));
  boss.on('warning', (w: { message?: string }) => log.warn({ event: 'scheduler.warning', warning: w.message }, 'job scheduler warning'));
  const queues = new Map<string, Promise<void>>();
  /** Creates a queue once per process: `short`, so that a key has at most one waiting job. */
  const queue = (name: string, settings: QueueSettings = {}) => {
    let made = queues.get(name);
    if (!made) {
      const s = { ...defaults, ...settings };
      made = boss
        .getQueue(name)
        .then((found) =>
          found
            ? undefined
            : boss.createQueue(name, { policy: 'short', retryLimit: s.retryLimit, retryDelay: s.retryDelaySeconds, retryBackoff: true, expireInSeconds: s.expireInSeconds }),
        )
        .catch((err: Error) => {
          queues.delete(name);
          // Two processes creating the same queue at once: the other one's is as good.
          if (!/already exists|duplicate key/i.test(err.message)) throw err;
        });
      queues.set(name, made);
    }
    return made;
  };

  return {
    async start() {
      await boss.start();
    },
    async work(name, handler, settings) {
      await queue(name, settings);
      await boss.work<Parameters<typeof handler>[0]>(name, { pollingIntervalSeconds }, async ([job]) => {
        log.debug({ event: 'scheduler.job', queue: name, job: job.id }, 'running a job');
        try {
          await handler(job.data);
        } catch (err) {
          // pg-boss records the failure on the job and retries it (backoff), or marks it failed after the last retry.
          log.warn({ event: 'scheduler.job_failed', queue: name, job: job.id, error: (err as Error | undefined)?.message }, 'a job failed; it is retried');
          throw err;
        }
      });
    },
    async at(name, key, when, data) {
      await queue(name);
      const result = await boss.upsert(name, data, { singletonKey: key, startAfter: when });
      return result.inserted > 0;
    },
    async every(name, cron, data, { tz = 'UTC', key } = {}) {
      await queue(name);
      await boss.schedule(name, cron, data, { tz, ...(key ? { key } : {}), missed: 'once' });
    },
    async schedules(name) {
      await queue(name);
      const found = await boss.getSchedules(name, undefined, { limit: 100_000 });
      return found.map((s) => ({ key: s.key, cron: s.cron, tz: s.timezone, data: s.data ?? null }));
    },
    async unschedule(name, key) {
      await boss.unschedule(name, key);
    },
    async stop(graceMs = 10_000) {
      await boss.stop({ graceful: true, timeout: graceMs, close: true });
    },
  };
}
