// Background work that runs inside `npm start` next to the web server: the notification delivery loop
// (lib/notify/loop, also the staff emails) and the assigner of the assignment rules (lib/assignment/runner.ts),
// with it the IMAP watcher when IMAP_URL is set (lib/conversations/imap.ts), the job scheduler
// (server/scheduling.ts: reminders, digests, the weekly summary, the daily retention purge) and, for the web
// server only, the writer of the page counts (lib/analytics/page-views). `npm run worker` runs the same loop,
// assigner, watcher and scheduler alone. `stop()` finishes the batch in flight (within a
// grace when given, then hands back the rows it could not finish), writes the last page counts, and resolves
// before the caller closes the database. The server stops the deliveries and the watcher first, at the
// signal (`stopDeliveries`), and the page counts last, after its last request.
import type { DbHandle } from '@/lib/db/client';
import { createPageCounter, type PageCounter } from '@/lib/analytics/page-views';
import { defaultDailyKeys } from '@/lib/analytics/page-view-keys';
import { pageViewsWriter } from '@/lib/analytics/page-views-store';
import { envInt } from '@/lib/limiter';
import { createDeliveryLoop } from '@/lib/notify/loop';
import { createAssigner } from '@/lib/assignment/runner';
import { registerAssignerNudge } from '@/lib/assignment/queue';
import { startImapWatcher } from '@/lib/conversations/imap';
import { notifyLog } from '@/lib/notify/notify-log';
import { queryable } from '@/lib/db/connection';
import { configuredHosts } from './request-guards';
import { startScheduling } from './scheduling';

/** `pageViews`: the page counter the web server counts into; undefined when counting is off (PAGE_VIEWS=0) or not asked for. */
export type Background = {
  nudge: () => void;
  /**
   * Stops the delivery loop (no new claims; the batch in flight gets `graceMs`, then its unfinished rows are
   * handed back) and the IMAP watcher (it logs out and gives its lease up, for another instance). Idempotent.
   */
  stopDeliveries: (graceMs?: number) => Promise<void>;
  /** Stops everything: the deliveries as above, the scheduler, and the page counter after one last write. */
  stop: (graceMs?: number) => Promise<void>;
  pageViews?: PageCounter;
};

/**
 * The page counter (docs/analytics.md): views counted in memory by the server, written every
 * PAGE_VIEWS_FLUSH_MS (5 s) with one upsert, and once more at `stop()`. PAGE_VIEWS=0 turns counting off.
 * Every instance on a database should have the same PAGE_VIEWS_DAILY_KEYS.
 */
function startPageViews(handle: DbHandle, env: NodeJS.ProcessEnv): PageCounter | undefined {
  if (env.PAGE_VIEWS === '0') return undefined;
  return createPageCounter({
    // At most PAGE_VIEWS_DAILY_KEYS distinct keys with a referring host or a tag a day; the rest count as "other".
    write: pageViewsWriter(queryable(handle), { dailyKeys: envInt(env.PAGE_VIEWS_DAILY_KEYS, defaultDailyKeys, 1) }),
    flushMs: envInt(env.PAGE_VIEWS_FLUSH_MS, 5000, 1),
    // A link from SITE_URL's host or an ALLOWED_ORIGINS host is a link within this site, not a referral.
    siteHosts: configuredHosts(env),
  });
}

export function startBackground({
  handle,
  env = process.env,
  alwaysRun = false,
  countPageViews = false,
}: {
  handle: DbHandle;
  env?: NodeJS.ProcessEnv;
  alwaysRun?: boolean;
  /** The web server's: start the page counter (unless PAGE_VIEWS=0). */
  countPageViews?: boolean;
}): Background {
  // Its own switch (SCHEDULER=0), like the loop's: a process may send without scheduling, or the reverse.
  const stopScheduler = startScheduling(handle, env);
  const pageViews = countPageViews ? startPageViews(handle, env) : undefined;
  const stopPageViews = async () => pageViews?.stop();
  // NOTIFY_LOOP=0: this server sends nothing itself (dedicated `npm run worker` processes do).
  if (env.NOTIFY_LOOP === '0' && !alwaysRun) {
    notifyLog.info('notification delivery loop not started in this process (NOTIFY_LOOP=0)');
    return { nudge: () => {}, stopDeliveries: async () => {}, stop: async (graceMs?: number) => void (await Promise.all([stopScheduler(graceMs), stopPageViews()])), pageViews };
  }
  if (env.SMTP_URL?.trim() && !env.NOTIFY_EMAIL_TO?.trim()) {
    notifyLog.warn('SMTP_URL is set but NOTIFY_EMAIL_TO is not: email notifications will fail until it is set');
  }
  const loop = createDeliveryLoop({ handle, env });
  loop.start();
  // The assignment rules (lib/assignment): beside the deliveries, under the same switch; nudged by a lead queued here.
  const assigner = createAssigner({ handle, pollMs: envInt(env.ASSIGN_POLL_MS, 1000, 1) });
  assigner.start();
  const unregisterAssigner = registerAssignerNudge(() => assigner.nudge());
  // Answers to leads from IMAP_URL's mailbox: one watcher of all the instances holds it (docs/conversations.md).
  const imap = startImapWatcher({ client: queryable(handle), env });
  let stopping: Promise<void> | undefined;
  const stopDeliveries = (graceMs?: number) =>
    (stopping ??= Promise.all([loop.stop(graceMs), imap?.stop(), assigner.stop().then(unregisterAssigner)]).then(() => {}));
  return {
    nudge: () => loop.nudge(),
    stopDeliveries,
    stop: async (graceMs?: number) => void (await Promise.all([stopDeliveries(graceMs), stopScheduler(graceMs), stopPageViews()])),
    pageViews,
  };
}
