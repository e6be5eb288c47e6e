// Background work that runs inside `npm start` next to the web server: the notification delivery
// loop (lib/notify/loop.mjs). `npm run worker` runs the same loop alone. `stop()` finishes the batch
// in flight and resolves before the caller closes the database.
import { createDeliveryLoop } from '../lib/notify/loop.mjs';
import { notifyLog } from '../lib/notify/log.mjs';

/**
 * @param {{
 *   handle: Awaited<ReturnType<typeof import('../lib/db/connection.mjs').openDatabase>>;
 *   env?: NodeJS.ProcessEnv;
 *   alwaysRun?: boolean;
 * }} options
 */
export function startBackground({ handle, env = process.env, alwaysRun = false }) {
  // NOTIFY_LOOP=0: this server sends nothing itself (dedicated `npm run worker` processes do).
  if (env.NOTIFY_LOOP === '0' && !alwaysRun) {
    notifyLog.info('notification delivery loop not started in this process (NOTIFY_LOOP=0)');
    return { stop: async () => {} };
  }
  if (env.SMTP_URL?.trim() && !env.NOTIFY_EMAIL_TO?.trim()) {
    notifyLog.warn('SMTP_URL is set but NOTIFY_EMAIL_TO is not: email notifications will fail until it is set');
  }
  if (env.WEBHOOK_URL?.trim() && !env.WEBHOOK_SECRET) {
    notifyLog.warn('WEBHOOK_URL is set but WEBHOOK_SECRET is not: webhooks are sent without an X-Signature header');
  }
  const loop = createDeliveryLoop({ handle, env });
  loop.start();
  // A lead stored by this process nudges the loop (lib/notify/nudge.ts) instead of waiting for the poll.
  const g = /** @type {typeof globalThis & { __postcraftNotifyNudge?: () => void }} */ (globalThis);
  const nudge = () => loop.nudge();
  g.__postcraftNotifyNudge = nudge;
  return {
    stop: async () => {
      if (g.__postcraftNotifyNudge === nudge) delete g.__postcraftNotifyNudge;
      await loop.stop();
    },
  };
}
