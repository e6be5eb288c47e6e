// The notification delivery loop: claims due outbox rows with a lease, builds each message from its
// lead row, sends it, and records the outcome. Runs inside `npm start` (server/background.mjs) and
// alone as `npm run worker` (scripts/worker.mjs). Plain ESM, so it runs without the Next bundler.
//
// Safe with several loops on one database: the claim is one UPDATE whose sub-select takes the rows
// `FOR UPDATE SKIP LOCKED` and sets a lease (locked_until) and a claim token, so two loops never hold
// the same row, and only the holder of the claim token records the outcome. A loop that dies
// mid-send leaves its lease to expire, and another loop (or itself after a restart) retries the row:
// delivery is at least once, and the webhook's X-Delivery-Id lets a receiver drop a repeat.
import { randomUUID } from 'node:crypto';
import { deliverySettings } from './config.mjs';
import { loadLead } from './leads.mjs';
import { notifyLog } from './log.mjs';
import { buildEmail, buildWebhookBody } from './message.mjs';
import { maxAttempts, retryDelayMs } from './retry.mjs';
import { closeTransports, sendEmail, sendWebhook } from './send.mjs';

/**
 * @typedef {{ query: (sql: string, params?: unknown[]) => Promise<{ rows: any[] }> }} Queryable
 * @typedef {{ id: string; lead_type: string; lead_id: string; channel: 'email' | 'webhook'; attempts: number; token: string }} Claimed
 */

const claimSql = `
update notification_outbox
   set locked_until = now() + ($2::int * interval '1 millisecond'),
       claim_token = $3::uuid,
       attempts = attempts + 1
 where id in (
       select id from notification_outbox
        where status = 'pending'
          and next_attempt_at <= now()
          and (locked_until is null or locked_until < now())
        order by next_attempt_at
        limit $1
          for update skip locked)
returning id, lead_type, lead_id, channel, attempts`;

/**
 * @param {{
 *   handle?: { client: Queryable };
 *   client?: Queryable;
 *   env?: NodeJS.ProcessEnv;
 *   log?: import('pino').Logger;
 *   pollMs?: number;
 *   batchSize?: number;
 *   leaseMs?: number;
 *   webhookTimeoutMs?: number;
 *   random?: () => number;
 * }} options
 */
export function createDeliveryLoop(options) {
  const client = options.client ?? options.handle?.client;
  if (!client) throw new Error('createDeliveryLoop needs a database handle or client');
  const env = options.env ?? process.env;
  const log = options.log ?? notifyLog;
  const pollMs = options.pollMs ?? (Number(env.NOTIFY_POLL_MS) || 2000);
  const batchSize = options.batchSize ?? 10;
  // Longer than the slowest send (webhook 10 s, SMTP timeouts 10 s + 20 s), so a live loop keeps its rows.
  const leaseMs = options.leaseMs ?? (Number(env.NOTIFY_LEASE_MS) || 120_000);
  const webhookTimeoutMs = options.webhookTimeoutMs ?? 10_000;
  const random = options.random ?? Math.random;

  let started = false;
  let stopping = false;
  /** @type {Promise<void> | undefined} */
  let running;
  let nudged = false;
  /** @type {(() => void) | undefined} */
  let wake;
  let failures = 0;

  /** @param {number} ms */
  const sleep = (ms) =>
    new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve(undefined);
      }
      wake = done;
    });

  /** @param {number} n @returns {Promise<Claimed[]>} */
  async function claim(n) {
    const token = randomUUID();
    const { rows } = await client.query(claimSql, [n, leaseMs, token]);
    return rows.map((r) => ({ ...r, attempts: Number(r.attempts), token }));
  }

  /**
   * Records an outcome, only if this claim still holds the row (a claim whose lease ran out and was
   * taken over records nothing). A failure leaves a row staff cancelled meanwhile as cancelled.
   * @param {Claimed} row @param {string} sql @param {unknown[]} [params] @param {boolean} [onlyIfPending]
   */
  const settle = (row, sql, params = [], onlyIfPending = false) =>
    client.query(`${sql} where id = $1 and claim_token = $2${onlyIfPending ? " and status = 'pending'" : ''}`, [row.id, row.token, ...params]);

  /** @param {Claimed} row */
  async function deliver(row) {
    const meta = { deliveryId: row.id, channel: row.channel, leadType: row.lead_type, attempt: row.attempts };
    let lead;
    try {
      lead = await loadLead(client, row.lead_type, row.lead_id);
    } catch (err) {
      // The database itself failed: leave the row to its lease; it is retried when the lease ends.
      log.error({ ...meta, err: { message: /** @type {Error} */ (err).message } }, 'reading the lead failed');
      return;
    }
    if (!lead) {
      await settle(
        row,
        `update notification_outbox set status = 'cancelled', locked_until = null, last_error = 'The lead no longer exists (erased)'`,
      );
      log.info(meta, 'notification cancelled: the lead no longer exists');
      return;
    }
    const settings = deliverySettings(env);
    try {
      if (row.channel === 'email') {
        if (!settings.smtpUrl) throw new Error('SMTP_URL is not set');
        if (!settings.emailTo) throw new Error('NOTIFY_EMAIL_TO is not set');
        const message = buildEmail(row.lead_type, lead, {
          from: settings.emailFrom,
          to: settings.emailTo,
          deliveryId: row.id,
          siteUrl: settings.siteUrl,
        });
        await sendEmail(settings.smtpUrl, message);
      } else {
        if (!settings.webhookUrl) throw new Error('WEBHOOK_URL is not set');
        const body = buildWebhookBody(row.lead_type, lead);
        await sendWebhook(settings.webhookUrl, body, { deliveryId: row.id, secret: settings.webhookSecret, timeoutMs: webhookTimeoutMs });
      }
    } catch (err) {
      const message = String(/** @type {Error} */ (err)?.message ?? err).slice(0, 500);
      if (row.attempts >= maxAttempts) {
        await settle(
          row,
          `update notification_outbox set status = 'failed', locked_until = null, last_error = $3`,
          [message],
          true,
        );
        log.error({ ...meta, error: message }, 'notification failed for good after the last attempt');
      } else {
        const delay = retryDelayMs(row.attempts, random);
        await settle(
          row,
          `update notification_outbox set next_attempt_at = now() + ($4::int * interval '1 millisecond'), locked_until = null, last_error = $3`,
          [message, delay],
          true,
        );
        log.warn({ ...meta, error: message, retryInMs: delay }, 'notification not delivered; will retry');
      }
      return;
    }
    await settle(row, `update notification_outbox set status = 'sent', sent_at = now(), locked_until = null, last_error = null`);
    log.info(meta, 'notification sent');
  }

  /** Claims one batch of due rows and delivers them; resolves with how many were claimed. */
  async function runOnce() {
    const rows = await claim(batchSize);
    log.debug({ claimed: rows.length }, 'claimed due notifications');
    await Promise.all(
      rows.map((row) =>
        deliver(row).catch((err) => {
          log.error({ deliveryId: row.id, err: { message: err?.message } }, 'recording a delivery outcome failed');
        }),
      ),
    );
    return rows.length;
  }

  async function loop() {
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
          log.error({ err: { message: /** @type {Error} */ (err)?.message }, failures }, 'claiming notifications failed');
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
    /** Starts polling (every `pollMs`, at once when nudged). */
    start() {
      if (started) return;
      started = true;
      running = loop();
    },
    /** Something is due now (a lead was just stored in this process). */
    nudge() {
      log.debug('delivery loop nudged');
      nudged = true;
      wake?.();
    },
    /** One claim-and-deliver pass, without the timer (tests, or a caller that schedules itself). */
    runOnce,
    /** Stops polling, waits for the batch in flight to finish, closes the SMTP connections. */
    async stop() {
      stopping = true;
      wake?.();
      await running;
      closeTransports();
    },
  };
}
