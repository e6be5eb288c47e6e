// The job scheduler in a process's background work (server/background.ts: `npm start` and `npm run worker`):
// pg-boss (lib/speed/scheduler.ts) with the recurring jobs of lib/speed/jobs.ts, the overdue reminders'
// sweep, the daily digests, the weekly summary and the daily retention purge. SCHEDULER=0 starts none in
// this process (another instance or a worker runs the jobs); RETENTION_PURGE=0 leaves the purge out.
//
// It starts after the server is ready and does not hold it up: pg-boss is loaded only here (a chunk of its
// own: its import takes 0.3 to 0.7 s), and its start (about 0.1 s on an installed schema, 1 to 3 s the first
// time on PGlite) runs while the server already answers. A start that fails is logged and leaves the
// process running: the other instances' schedulers run the jobs, and this one sends what they write.
import type { DbHandle } from '@/lib/db/client';
import { areaLog } from '@/lib/logger';

const log = areaLog('scheduler');

/** Starts the scheduler unless SCHEDULER=0; answers a stop that waits for a start in progress, then stops it (within `graceMs`). */
export function startScheduling(handle: DbHandle, env: NodeJS.ProcessEnv): (graceMs?: number) => Promise<void> {
  if (env.SCHEDULER === '0') {
    log.info({ event: 'scheduler.off' }, 'job scheduler not started in this process (SCHEDULER=0)');
    return async () => {};
  }
  const began = performance.now();
  const started = import('@/lib/speed/jobs')
    .then(({ startScheduledWork }) => startScheduledWork(handle, { purge: env.RETENTION_PURGE !== '0' }))
    .then((scheduler) => {
      log.info({ event: 'scheduler.started', ms: Math.round(performance.now() - began) }, 'job scheduler started');
      return scheduler;
    })
    .catch((err: Error) => {
      log.error({ event: 'scheduler.start_failed', error: err.message }, 'the job scheduler did not start; the jobs run on the other instances');
      return undefined;
    });
  let stopping: Promise<void> | undefined;
  return (graceMs = 10_000) => (stopping ??= started.then((s) => s?.stop(graceMs)).catch((err: Error) => log.warn({ event: 'scheduler.stop_failed', error: err.message }, 'stopping the job scheduler failed')));
}
