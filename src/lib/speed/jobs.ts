// The scheduler's recurring jobs (lib/speed/scheduler.ts): the daily retention purge, the overdue reminders'
// sweep (lib/speed/reminders.ts), the daily digests and the weekly summary (lib/speed/digests.ts), all
// registered by `startScheduledWork`, which the server's background work and the worker start
// (server/scheduling.ts; docs/speed-to-lead.md, "Reminders and digests").
import type { Logger } from 'pino';
import { queryable, type DbHandle, type Queryable } from '@/lib/db/connection';
import { areaLog } from '@/lib/logger';
import { purgeIfDue } from '@/lib/retention/purge';
import { scheduleDigests } from './digests';
import { scheduleReminders } from './reminders';
import { createScheduler, type Scheduler, type SchedulerOptions } from './scheduler';

/** Every day at 03:17 UTC (off the hour, when few leads arrive in Europe and the Americas). */
export const retentionPurgeJob = { queue: 'retention-purge', cron: '17 3 * * *', tz: 'UTC' } as const;

/**
 * Registers the daily purge: its schedule (once per occurrence across every process) and its handler.
 * A repeat of the job (pg-boss runs a job at least once) deletes nothing twice: `purgeIfDue` claims the day
 * in `maintenance_runs` in one statement, so at most one run in 23 hours purges.
 */
export async function scheduleRetentionPurge(scheduler: Scheduler, client: Queryable, log: Logger = areaLog('retention')): Promise<void> {
  await scheduler.work(
    retentionPurgeJob.queue,
    async () => {
      const counts = await purgeIfDue(client);
      if (counts) log.info({ event: 'retention.purge', deleted: counts }, 'expired data deleted');
      else log.info({ event: 'retention.purge_not_due' }, 'the retention purge ran less than 23 hours ago; nothing to do');
    },
    { retryLimit: 3, expireInSeconds: 3600 },
  );
  await scheduler.every(retentionPurgeJob.queue, retentionPurgeJob.cron, null, { tz: retentionPurgeJob.tz });
}

/**
 * Starts the scheduler on `handle` and registers every recurring job (the purge unless `purge` is false:
 * RETENTION_PURGE=0). Resolves with the started scheduler, to be stopped before the database closes; a
 * failure stops what was started and rejects.
 */
export async function startScheduledWork(handle: DbHandle, { purge = true, ...options }: Partial<SchedulerOptions> & { purge?: boolean } = {}): Promise<Scheduler> {
  // Every 10 s, not 2: the jobs are on minute schedules, and five queues polled every 2 s would be 150
  // statements a minute per process (on PGlite through its one connection) for nothing.
  const scheduler = createScheduler({ handle, pollingIntervalSeconds: 10, ...options });
  await scheduler.start();
  try {
    const client = queryable(handle);
    const clock = options.clock;
    await scheduleReminders(scheduler, client, options.log);
    await scheduleDigests(scheduler, client, { log: options.log, now: clock ? () => new Date(clock.now()) : undefined });
    if (purge) await scheduleRetentionPurge(scheduler, client, options.log);
  } catch (err) {
    await scheduler.stop(1000).catch(() => {});
    throw err;
  }
  return scheduler;
}
