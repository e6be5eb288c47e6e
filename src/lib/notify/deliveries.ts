import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { notificationOutbox, type DeliveryChannel, type DeliveryStatus } from '@/lib/db/outbox-schema';
import type { LeadKind } from '@/lib/leads/kinds';
import { channelOn, channelSetting } from './config';
import { nudgeDeliveryLoop } from './nudge';
import { limitOf, type LimitCode } from './visitor-limits';

/**
 * What the staff lead page needs of the notification outbox: the deliveries of one lead, a re-send,
 * and cancelling what has not been sent yet (a lead marked spam, or erased). Each function takes the
 * app's Drizzle database or a transaction of it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = PgDatabase<PgQueryResultHKT, any>;

export type Delivery = {
  id: string;
  channel: DeliveryChannel;
  status: DeliveryStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  sentAt: Date | null;
  createdAt: Date;
};

/** Every delivery of one lead, newest first (a re-send of a finished delivery is a new row). */
export async function listDeliveries(db: AnyDb, leadType: LeadKind, leadId: string): Promise<Delivery[]> {
  const rows = await db
    .select({
      id: notificationOutbox.id,
      channel: notificationOutbox.channel,
      status: notificationOutbox.status,
      attempts: notificationOutbox.attempts,
      lastError: notificationOutbox.lastError,
      nextAttemptAt: notificationOutbox.nextAttemptAt,
      sentAt: notificationOutbox.sentAt,
      createdAt: notificationOutbox.createdAt,
    })
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.leadType, leadType), eq(notificationOutbox.leadId, leadId)))
    .orderBy(desc(notificationOutbox.createdAt), desc(notificationOutbox.id));
  return rows as Delivery[];
}

export type ResendResult =
  | { ok: true; deliveryId: string; requeued: 'due-now' | 'new-delivery' }
  | { ok: false; reason: 'not-found' | 'not-configured' | LimitCode; message: string };

/**
 * Sends a lead's notification again on the same channel.
 * - A delivery still pending (waiting for a retry) is made due now; it keeps its id.
 * - A finished one (sent, failed or cancelled) stays as it is, as history, and a NEW delivery row is
 *   queued. A new row means a new `X-Delivery-Id`, so a webhook receiver that de-duplicates on that
 *   header (as it should, for retries) does not drop a re-send staff asked for; and the attempt count
 *   and errors of the first delivery stay visible.
 * At most one pending delivery per lead and channel exists (a unique index), so two clicks queue one.
 * Refused when the channel is no longer configured (SMTP_URL / WEBHOOK_URL unset). A new email to the
 * visitor (one a limit kept back included) passes the same limits as a form's: the address's limit and the
 * hourly budget of its class (not a network's share: staff are not the posting client).
 */
export async function resendDelivery(db: AnyDb, deliveryId: string, env = process.env): Promise<ResendResult> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(deliveryId)) {
    return { ok: false, reason: 'not-found', message: 'This notification does not exist.' };
  }
  const [row] = await db
    .select({
      leadType: notificationOutbox.leadType,
      leadId: notificationOutbox.leadId,
      channel: notificationOutbox.channel,
      status: notificationOutbox.status,
      recipientKey: notificationOutbox.recipientKey,
      messageId: notificationOutbox.messageId,
    })
    .from(notificationOutbox)
    .where(eq(notificationOutbox.id, deliveryId));
  if (!row) return { ok: false, reason: 'not-found', message: 'This notification does not exist.' };
  const channel = row.channel as DeliveryChannel;
  if (!channelOn(channel, env)) {
    return { ok: false, reason: 'not-configured', message: `Cannot re-send: ${channelSetting(channel)} is not configured on the server.` };
  }

  // A reply is one delivery per message (its re-send sends the same message, with the same Message-ID);
  // every other channel, one per lead and channel.
  const same = row.messageId
    ? eq(notificationOutbox.messageId, row.messageId)
    : and(eq(notificationOutbox.leadType, row.leadType), eq(notificationOutbox.leadId, row.leadId), eq(notificationOutbox.channel, channel));
  const makeDue = async () => {
    const [due] = await db
      .update(notificationOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(and(same, eq(notificationOutbox.status, 'pending')))
      .returning({ id: notificationOutbox.id });
    return due?.id;
  };

  // Pending (this row, or an earlier re-send of it): deliver it now.
  let id = await makeDue();
  if (id) {
    nudgeDeliveryLoop(0);
    return { ok: true, deliveryId: id, requeued: 'due-now' };
  }
  // A new email to the visitor's own address passes the same limits as a form's (visitor-limits.ts).
  if (channel === 'ack' || channel === 'confirm') {
    const run = async (q: SQL) => ((await db.execute(q)) as unknown as { rows: { code: string | null }[] }).rows;
    const limit = await limitOf(run, { leadType: row.leadType, channel, recipientKey: row.recipientKey });
    if (limit) {
      const text = row.status === 'limited' ? limit.text.replace(/^Not sent:/, 'Still not sent:') : limit.text;
      return { ok: false, reason: limit.code, message: `${text} Try again later.` };
    }
  }
  const [created] = await db
    .insert(notificationOutbox)
    .values({ leadType: row.leadType, leadId: row.leadId, channel, recipientKey: row.recipientKey, messageId: row.messageId })
    .onConflictDoNothing()
    .returning({ id: notificationOutbox.id });
  if (created) {
    nudgeDeliveryLoop(0);
    return { ok: true, deliveryId: created.id, requeued: 'new-delivery' };
  }
  // Someone queued one between our two statements: that one is it.
  id = await makeDue();
  if (id) {
    nudgeDeliveryLoop(0);
    return { ok: true, deliveryId: id, requeued: 'due-now' };
  }
  return { ok: false, reason: 'not-found', message: 'This notification does not exist.' };
}

/**
 * Cancels every delivery of a lead that has not been sent yet (status `pending` -> `cancelled`).
 * For a lead marked spam, or before/with its erasure (call it in the erasure's transaction).
 * A delivery already in flight at that moment may still complete; its row then says `sent`.
 * Returns how many were cancelled.
 */
export async function cancelPendingDeliveries(db: AnyDb, leadType: LeadKind, leadId: string): Promise<number> {
  const rows = await db
    .update(notificationOutbox)
    .set({ status: 'cancelled', lockedUntil: null, lastError: 'Cancelled by staff' })
    .where(
      and(eq(notificationOutbox.leadType, leadType), eq(notificationOutbox.leadId, leadId), eq(notificationOutbox.status, 'pending')),
    )
    .returning({ id: notificationOutbox.id });
  return rows.length;
}
