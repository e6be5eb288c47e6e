// The assigner: runs the assignment pass (./assign.ts) when a lead was queued in this process (nudged) and
// every ASSIGN_POLL_MS (1 s) for those queued by other processes, beside the delivery loop wherever it
// runs (server/background.ts: `npm start` unless NOTIFY_LOOP=0, and `npm run worker`).
import type { DbHandle } from '@/lib/db/connection';
import { areaLog } from '@/lib/logger';
import { runAssignmentPass, type PassResult } from './assign';

const log = areaLog('assignment');

export type Assigner = { start(): void; nudge(): void; runOnce(): Promise<PassResult>; stop(): Promise<void> };

export function createAssigner({ handle, pollMs = 1000, batchSize = 500 }: { handle: DbHandle; pollMs?: number; batchSize?: number }): Assigner {
  let stopping = false;
  let running: Promise<void> | undefined;
  let nudged = false;
  let wake: (() => void) | undefined;
  let failures = 0;

  const runOnce = () => runAssignmentPass(handle, batchSize);

  async function loop(): Promise<void> {
    while (!stopping) {
      nudged = false;
      try {
        const pass = await runOnce();
        if (pass.assigned || pass.missed) log.debug({ event: 'assignment.pass', ...pass }, 'leads assigned');
        if (failures) log.info('assignment recovered');
        failures = 0;
      } catch (err) {
        failures++;
        // The first failure and every 30th, not every poll while the database is away.
        if (failures === 1 || failures % 30 === 0) log.error({ event: 'assignment.failed', err: { message: (err as Error)?.message }, failures }, 'assigning leads failed');
      }
      if (stopping) break;
      if (nudged) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, failures ? Math.min(pollMs * 2 ** Math.min(failures, 4), 30_000) : pollMs);
        function done() {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        }
        wake = done;
      });
    }
  }

  return {
    start() {
      running ??= loop();
    },
    nudge() {
      nudged = true;
      wake?.();
    },
    runOnce,
    async stop() {
      stopping = true;
      wake?.();
      await running;
    },
  };
}
