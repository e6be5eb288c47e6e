// The notification delivery loop: claims due outbox rows with a lease, builds each message from its
// lead row, sends it, and records the outcome. Runs inside `npm start` (server/background.ts) and
// alone as `npm run worker` (server/worker.ts).
//
// Safe with several loops on one database: the claim is one UPDATE whose sub-select takes the rows
// `FOR UPDATE SKIP LOCKED` and sets a lease (locked_until) and a claim token, so two loops never hold
// the same row, and only the holder of the claim token records the outcome. A loop that dies
// mid-send leaves its lease to expire, and another loop (or itself after a restart) retries the row:
// delivery is at least once, and the webhook's webhook-id lets a receiver drop a repeat. A loop that is
// stopped (SIGTERM) hands its unfinished rows back at once (`stop(graceMs)`: their lease is cleared), so
// another loop need not wait for the lease to run out.
import type { Logger } from 'pino';
import { outboxClaimer } from './claim';
import type { Queryable } from '@/lib/db/connection';
import { linkKey } from '@/lib/newsletter/links';
import { deliverySettings, signedWebhookProblem, slackConfigProblem, type AnyChannel, type Env } from './config';
import { loadLead, type LeadRow } from './leads';
import { notifyLog } from './notify-log';
import { metrics } from '@/lib/metrics/events';
import { buildEmail, buildWebhookBody } from './message';
import { maxAttempts, retryDelayMs } from './retry';
import { closeTransports, sendEmail, sendSlack, sendWebhook, withoutAddresses } from './send';
import { buildSlackMessage } from './slack';
import { buildAcknowledgement, buildConfirmation } from './visitor-emails';
import { buildReplyEmail, loadOutgoing, type OutgoingMessage } from '@/lib/conversations/reply-email';
import { createStaffMailPass } from '@/lib/staff-mail/pass';

/** `message_id`: for a `reply`, the lead_messages row it sends. */
type Claimed = { id: string; lead_type: string; lead_id: string; channel: AnyChannel; attempts: number; message_id: string | null; token: string };

export type DeliveryLoopOptions = {
  handle?: { client: Queryable };
  client?: Queryable;
  env?: Env;
  log?: Logger;
  pollMs?: number;
  batchSize?: number;
  leaseMs?: number;
  webhookTimeoutMs?: number;
  random?: () => number;
};

export type DeliveryLoop = {
  /** Starts polling (every `pollMs`, at once when nudged). */
  start(): void;
  /** Something is due now (a lead was just stored in this process). */
  nudge(): void;
  /** One claim-and-deliver pass, without the timer (tests, or a caller that schedules itself); resolves with how many rows were claimed. */
  runOnce(): Promise<number>;
  /**
   * Stops polling, waits for the batch in flight to finish (at most `graceMs` when given), hands back the
   * rows this loop has claimed and not settled (their lease cleared, so any loop may claim them at once; a
   * send still running when the grace ends may then be repeated by another loop: at least once), and
   * closes the SMTP connections. Resolves with how many rows it handed back.
   */
  stop(graceMs?: number): Promise<number>;
};


export function createDeliveryLoop(options: DeliveryLoopOptions): DeliveryLoop {
  const given = options.client ?? options.handle?.client;
  if (!given) throw new Error('createDeliveryLoop needs a database handle or client');
  const client: Queryable = given;
  const env = options.env ?? process.env;
  const log = options.log ?? notifyLog;
  const pollMs = options.pollMs ?? (Number(env.NOTIFY_POLL_MS) || 2000);
  const batchSize = options.batchSize ?? 10;
  // Longer than the slowest send (webhook 10 s, SMTP timeouts 10 s + 20 s), so a live loop keeps its rows.
  const leaseMs = options.leaseMs ?? (Number(env.NOTIFY_LEASE_MS) || 120_000);
  const webhookTimeoutMs = options.webhookTimeoutMs ?? 10_000;
  const random = options.random ?? Math.random;
  // The emails to staff members (`staff_emails`: reminders, digests, summaries) go through the same loop.
  const staffMail = createStaffMailPass({ client, env, log, leaseMs, random });

  let started = false;
  let stopping = false;
  let running: Promise<void> | undefined;
  let nudged = false;
  let wake: (() => void) | undefined;
  let failures = 0;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  const claims = outboxClaimer<Omit<Claimed, 'attempts' | 'token'>>(client, 'notification_outbox', 'id, lead_type, lead_id, channel, attempts, message_id', leaseMs);
  const claim = claims.claim;
  /** Records an outcome, only if this claim still holds the row. A failure leaves a row staff cancelled meanwhile as cancelled. */
  const settle = claims.settle;

  async function deliver(row: Claimed): Promise<void> {
    const meta = { deliveryId: row.id, channel: row.channel, leadType: row.lead_type, attempt: row.attempts };
    let lead: LeadRow | undefined;
    try {
      lead = await loadLead(client, row.lead_type, row.lead_id);
    } catch (err) {
      // The database itself failed: leave the row to its lease; it is retried when the lease ends.
      log.error({ ...meta, err: { message: (err as Error).message } }, 'reading the lead failed');
      return;
    }
    if (!lead) {
      await settle(
        row,
        `status = 'cancelled', locked_until = null, last_error = 'The lead no longer exists (erased)'`,
      );
      metrics().delivery(row.channel, 'cancelled');
      log.info(meta, 'notification cancelled: the lead no longer exists');
      return;
    }
    let reply: OutgoingMessage | undefined;
    if (row.channel === 'reply') {
      // A reply is built from its message of the lead's thread (the same Message-ID on every attempt).
      try {
        reply = await loadOutgoing(client, row.message_id);
      } catch (err) {
        log.error({ ...meta, err: { message: (err as Error).message } }, 'reading the reply failed');
        return;
      }
      if (!reply) {
        await settle(row, `status = 'cancelled', locked_until = null, last_error = 'The message no longer exists (erased)'`);
        metrics().delivery(row.channel, 'cancelled');
        log.info(meta, 'reply cancelled: the message no longer exists');
        return;
      }
    }
    if (row.channel === 'confirm') {
      // Only a pending subscription is asked to confirm (it may have been confirmed or ended since).
      const { rows } = await client.query(`select status from newsletter_subscriptions where id = $1`, [row.lead_id]);
      const status = (rows[0] as { status?: string } | undefined)?.status;
      if (status !== 'pending') {
        await settle(row, `status = 'cancelled', locked_until = null, last_error = $3`, [
          status === 'confirmed' ? 'Already confirmed' : 'Unsubscribed',
        ]);
        metrics().delivery(row.channel, 'cancelled');
        log.info(meta, 'confirmation cancelled: the subscription is no longer pending');
        return;
      }
    }
    const settings = deliverySettings(env);
    const siteUrl = settings.siteUrl ?? 'http://localhost:3000';
    try {
      if (row.channel === 'ack' || row.channel === 'confirm') {
        if (!settings.smtpUrl) throw new Error('SMTP_URL is not set');
        const options = { from: settings.emailFrom, siteUrl, deliveryId: row.id };
        const key = await linkKey(client, env);
        const message = row.channel === 'ack' ? await buildAcknowledgement(row.lead_type, lead, options, key) : await buildConfirmation(lead, key, options);
        await sendEmail(settings.smtpUrl, message);
      } else if (reply) {
        if (!settings.smtpUrl) throw new Error('SMTP_URL is not set');
        await sendEmail(settings.smtpUrl, await buildReplyEmail(client, reply, row.id, env));
      } else if (row.channel === 'email') {
        if (!settings.smtpUrl) throw new Error('SMTP_URL is not set');
        if (!settings.emailTo) throw new Error('NOTIFY_EMAIL_TO is not set');
        const message = buildEmail(row.lead_type, lead, {
          from: settings.emailFrom,
          to: settings.emailTo,
          deliveryId: row.id,
          siteUrl: settings.siteUrl,
        });
        await sendEmail(settings.smtpUrl, message);
      } else if (row.channel === 'slack') {
        if (!settings.slackWebhookUrl) throw new Error('SLACK_WEBHOOK_URL is not set');
        const problem = slackConfigProblem(env);
        if (problem) throw new Error(problem);
        await sendSlack(settings.slackWebhookUrl, JSON.stringify(buildSlackMessage(row.lead_type, lead, siteUrl)), { timeoutMs: webhookTimeoutMs });
      } else {
        if (!settings.webhookUrl) throw new Error('WEBHOOK_URL is not set');
        const problem = signedWebhookProblem(env);
        if (problem) throw new Error(problem);
        const body = buildWebhookBody(row.lead_type, lead);
        await sendWebhook(settings.webhookUrl, body, { deliveryId: row.id, secret: settings.webhookSecret, timeoutMs: webhookTimeoutMs });
      }
    } catch (err) {
      // No visitor address in the stored error or the log (a mail server's refusal quotes it).
      const message = withoutAddresses(String((err as Error | undefined)?.message ?? err)).slice(0, 500);
      if (row.attempts >= maxAttempts) {
        await settle(
          row,
          `status = 'failed', locked_until = null, last_error = $3`,
          [message],
          true,
        );
        metrics().delivery(row.channel, 'failed');
        log.error({ ...meta, error: message }, 'notification failed for good after the last attempt');
      } else {
        const delay = retryDelayMs(row.attempts, random);
        await settle(
          row,
          `next_attempt_at = now() + ($4::int * interval '1 millisecond'), locked_until = null, last_error = $3`,
          [message, delay],
          true,
        );
        metrics().delivery(row.channel, 'retry');
        log.warn({ ...meta, error: message, retryInMs: delay }, 'notification not delivered; will retry');
      }
      return;
    }
    await settle(row, `status = 'sent', sent_at = now(), locked_until = null, last_error = null`);
    metrics().delivery(row.channel, 'sent');
    log.info(meta, 'notification sent');
  }

  /** Claims one batch of due rows and delivers them; resolves with how many were claimed (of either table, the larger). */
  async function runOnce(): Promise<number> {
    const rows = await claim(batchSize);
    log.debug({ claimed: rows.length }, 'claimed due notifications');
    // Settled both, so that a failed claim of one table never leaves the other's sends running unawaited.
    const [, staff] = await Promise.allSettled([
      Promise.all(
        rows.map((row) =>
          deliver(row).catch((err: Error | undefined) => {
            log.error({ deliveryId: row.id, err: { message: err?.message } }, 'recording a delivery outcome failed');
          }),
        ),
      ),
      staffMail.runOnce(batchSize),
    ]);
    if (staff.status === 'rejected') throw staff.reason;
    return Math.max(rows.length, staff.value);
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      const afterNudge = nudged;
      nudged = false;
      let claimed = 0;
      try {
        claimed = await runOnce();
        if (failures) log.info('notification delivery loop recovered');
        failures = 0;
      } catch (err) {
        failures++;
        // Log the first failure and then every 30th, not every poll while the database is away.
        if (failures === 1 || failures % 30 === 0) {
          log.error({ err: { message: (err as Error | undefined)?.message }, failures }, 'claiming notifications failed');
        }
      }
      if (stopping) break;
      if (claimed === batchSize || nudged) continue; // more may be due right now
      // A nudge can come before the lead's transaction has committed: look again shortly.
      const wait = failures ? Math.min(pollMs * 2 ** Math.min(failures, 4), 30_000) : afterNudge && claimed === 0 ? Math.min(200, pollMs) : pollMs;
      await sleep(wait);
    }
  }

  return {
    start() {
      if (started) return;
      started = true;
      running = loop();
    },
    nudge() {
      log.debug('delivery loop nudged');
      nudged = true;
      wake?.();
    },
    runOnce,
    async stop(graceMs?: number) {
      stopping = true;
      wake?.();
      if (graceMs === undefined) await running;
      else {
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([running, new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, graceMs))))]);
        clearTimeout(timer);
      }
      let released = 0;
      try {
        released = await claims.release();
        if (released) log.info({ released }, 'unfinished notifications handed back for another loop to deliver');
      } catch (err) {
        log.warn({ err: { message: (err as Error | undefined)?.message } }, 'handing back claimed notifications failed; they are retried when their lease ends');
      }
      try {
        const staff = await staffMail.release();
        if (staff) log.info({ released: staff }, 'unfinished staff emails handed back for another loop to send');
        released += staff;
      } catch (err) {
        log.warn({ err: { message: (err as Error | undefined)?.message } }, 'handing back claimed staff emails failed; they are retried when their lease ends');
      }
      closeTransports();
      return released;
    },
  };
}
