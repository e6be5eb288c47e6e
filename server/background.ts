// Background work that runs inside `npm start` next to the web server: the notification delivery loop
// (lib/notify/loop). `npm run worker` runs the same loop alone. `stop()` finishes the batch in flight
// and resolves before the caller closes the database.
import type { DbHandle } from '@/lib/db/client';
import { createDeliveryLoop } from '@/lib/notify/loop';
import { notifyLog } from '@/lib/notify/notify-log';

export type Background = { nudge: () => void; stop: () => Promise<void> };

export function startBackground({ handle, env = process.env, alwaysRun = false }: { handle: DbHandle; env?: NodeJS.ProcessEnv; alwaysRun?: boolean }): Background {
  // NOTIFY_LOOP=0: this server sends nothing itself (dedicated `npm run worker` processes do).
  if (env.NOTIFY_LOOP === '0' && !alwaysRun) {
    notifyLog.info('notification delivery loop not started in this process (NOTIFY_LOOP=0)');
    return { nudge: () => {}, stop: async () => {} };
  }
  if (env.SMTP_URL?.trim() && !env.NOTIFY_EMAIL_TO?.trim()) {
    notifyLog.warn('SMTP_URL is set but NOTIFY_EMAIL_TO is not: email notifications will fail until it is set');
  }
  const loop = createDeliveryLoop({ handle, env });
  loop.start();
  return { nudge: () => loop.nudge(), stop: () => loop.stop() };
}
