// The delivery loop's pass over `staff_emails` (lib/notify/loop.ts runs it beside the lead notifications):
// the same claim (one UPDATE over `FOR UPDATE SKIP LOCKED`, a lease and a claim token), the same retries and
// statuses as `notification_outbox`, and the same hand-back when the loop stops. A row is built at send
// time (lib/staff-mail/messages.ts) and sent by SMTP to the member's address. Logs name the row, its topic
// and attempt, never an address or a lead's fields.
import type { Logger } from 'pino';
import type { Queryable } from '@/lib/db/connection';
import { metrics } from '@/lib/metrics/events';
import { outboxClaimer, type ClaimedRow } from '@/lib/notify/claim';
import { deliverySettings, type Env } from '@/lib/notify/config';
import { maxAttempts, retryDelayMs } from '@/lib/notify/retry';
import { sendEmail, withoutAddresses } from '@/lib/notify/send';
import { buildStaffEmail, type StaffEmailRow } from './messages';

type Claimed = StaffEmailRow & ClaimedRow;

export type StaffMailPass = {
  /** Claims up to `n` due rows and sends them; resolves with how many were claimed. */
  runOnce(n: number): Promise<number>;
  /** Hands back the rows this pass claimed and has not settled (their lease cleared); resolves with how many. */
  release(): Promise<number>;
};

export function createStaffMailPass({ client, env, log, leaseMs, random }: { client: Queryable; env: Env; log: Logger; leaseMs: number; random: () => number }): StaffMailPass {
  const claims = outboxClaimer<StaffEmailRow>(client, 'staff_emails', 'id, staff_user_id, topic, key, lead_type, lead_id, attempts', leaseMs);
  const settle = claims.settle;

  async function deliver(row: Claimed): Promise<void> {
    const meta = { staffEmailId: row.id, topic: row.topic, attempt: row.attempts };
    const settings = deliverySettings(env);
    let built;
    try {
      built = await buildStaffEmail(client, row, { from: settings.emailFrom, siteUrl: settings.siteUrl ?? 'http://localhost:3000' });
    } catch (err) {
      // The database failed: the row waits for its lease to end, then is tried again.
      log.error({ ...meta, err: { message: (err as Error).message } }, 'building a staff email failed');
      return;
    }
    if ('cancel' in built) {
      await settle(row, `status = 'cancelled', locked_until = null, last_error = $3`, [built.cancel]);
      metrics().delivery('staff', 'cancelled');
      log.info({ ...meta, reason: built.cancel }, 'staff email cancelled');
      return;
    }
    try {
      if (!settings.smtpUrl) throw new Error('SMTP_URL is not set');
      await sendEmail(settings.smtpUrl, built.message);
    } catch (err) {
      const message = withoutAddresses(String((err as Error | undefined)?.message ?? err)).slice(0, 500);
      if (row.attempts >= maxAttempts) {
        await settle(row, `status = 'failed', locked_until = null, last_error = $3`, [message], true);
        metrics().delivery('staff', 'failed');
        log.error({ ...meta, error: message }, 'staff email failed for good after the last attempt');
      } else {
        const delay = retryDelayMs(row.attempts, random);
        await settle(row, `next_attempt_at = now() + ($4::int * interval '1 millisecond'), locked_until = null, last_error = $3`, [message, delay], true);
        metrics().delivery('staff', 'retry');
        log.warn({ ...meta, error: message, retryInMs: delay }, 'staff email not delivered; will retry');
      }
      return;
    }
    await settle(row, `status = 'sent', sent_at = now(), locked_until = null, last_error = null`);
    metrics().delivery('staff', 'sent');
    log.info(meta, 'staff email sent');
  }

  return {
    async runOnce(n) {
      const claimed: Claimed[] = await claims.claim(n);
      await Promise.all(claimed.map((row) => deliver(row).catch((err: Error | undefined) => log.error({ staffEmailId: row.id, err: { message: err?.message } }, 'recording a staff email outcome failed'))));
      return claimed.length;
    },
    release: () => claims.release(),
  };
}
