// The scheduler's recurring jobs (lib/speed/scheduler.ts). One so far: the daily retention purge, which
// `npm start` still runs from its own hourly timer (server/background.ts) until the first scheduled
// feature (first-response reminders) starts the scheduler in the server and the worker; then this
// replaces that timer (docs/speed-to-lead.md, "Scheduling: pg-boss or the outbox").
import type { Logger } from 'pino';
import type { Queryable } from '@/lib/db/connection';
import { areaLog } from '@/lib/logger';
import { purgeIfDue } from '@/lib/retention/purge';
import type { Scheduler } from './scheduler';

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
