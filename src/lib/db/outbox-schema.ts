import { sql } from 'drizzle-orm';
import { leadKindNames } from '@/lib/leads/kinds';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { staffUsers } from './staff-schema';

/**
 * The notification outbox: one row per new lead and delivery channel, written in the same
 * statement as the lead (lib/leads/store.ts) and worked by the delivery
 * loop (lib/notify/loop.ts). It holds no personal data: the message is built from the lead row at
 * send time, so an erased lead leaves nothing to send (the row is then marked `cancelled`).
 */
const leadTypes = leadKindNames;
/**
 * `email`, `webhook` and `slack` tell staff about a lead; `ack` acknowledges it to its sender; `confirm` sends a
 * newsletter confirmation link. The last two go to the lead's own address (docs/notifications.md). `reply`
 * sends a message staff wrote on the lead's page (`message_id` names it in lead_messages).
 */
export const deliveryChannels = ['email', 'webhook', 'ack', 'confirm', 'reply', 'slack'] as const;
/**
 * `limited`: a visitor email a limit kept from being sent (the per-address limit, the hourly budget of its
 * class, or the posting network's share of it; `last_error` says which). It is never sent by the loop;
 * staff may send it again, within the same limits (lib/notify/deliveries.ts).
 */
export const deliveryStatuses = ['pending', 'sent', 'failed', 'cancelled', 'limited'] as const;

export type DeliveryChannel = (typeof deliveryChannels)[number];
export type DeliveryStatus = (typeof deliveryStatuses)[number];

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * What the delivery loop keeps of each row it works, in both of its tables (lib/notify/claim.ts): its status,
 * when it may be tried next, the lease and claim of the loop working it, and its outcome.
 */
const deliveryState = () => ({
  status: text('status').notNull().default('pending'),
  /** Attempts started (counted when a row is claimed, so a crash mid-send still counts). */
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  /** The lease of the loop that claimed the row; another loop may take it once this has passed. */
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** Which claim holds the lease: only that claim may record the outcome. */
  claimToken: uuid('claim_token'),
  /** What went wrong last (status code or transport error; never the lead's fields). */
  lastError: text('last_error'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    /** Also the webhook's `X-Delivery-Id`: the same across retries of one delivery. */
    id: uuid('id').primaryKey().defaultRandom(),
    leadType: text('lead_type').notNull(),
    leadId: uuid('lead_id').notNull(),
    channel: text('channel').notNull(),
    ...deliveryState(),
    /**
     * For a delivery to the lead's own address (`ack`, `confirm`): SHA-256 of the lower-cased address,
     * so the per-recipient limit can count without storing the address; cleared by an erasure.
     */
    recipientKey: text('recipient_key'),
    /**
     * For a visitor email queued by a public post: SHA-256 of the posting client's network (/24 or /48, never
     * the address), so that one network's share of the hourly budget can be counted across instances.
     */
    networkKey: text('network_key'),
    /** For a `reply`: the message of the lead's thread it sends (lead_messages.id). */
    messageId: uuid('message_id'),
  },
  (t) => [
    check('notification_outbox_lead_type_check', sql`${t.leadType} in (${list(leadTypes)})`),
    check('notification_outbox_channel_check', sql`${t.channel} in (${list(deliveryChannels)})`),
    check('notification_outbox_status_check', sql`${t.status} in (${list(deliveryStatuses)})`),
    // The loop's claim: due pending rows, oldest first.
    index('notification_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    // The lead page's list and the cancel on spam/erasure.
    index('notification_outbox_lead_idx').on(t.leadType, t.leadId),
    // The per-recipient limit counts recent deliveries to one address.
    index('notification_outbox_recipient_idx').on(t.recipientKey, t.createdAt).where(sql`${t.recipientKey} is not null`),
    // The emails to visitors of the last hour, all addresses together (the hourly budgets of the store);
    // the ones a limit kept back are not counted.
    index('notification_outbox_visitor_recent_idx').on(t.createdAt).where(sql`${t.recipientKey} is not null and ${t.status} <> 'limited'`),
    // The same of one posting network (its share of the budgets).
    index('notification_outbox_network_recent_idx').on(t.networkKey, t.createdAt).where(sql`${t.networkKey} is not null and ${t.status} <> 'limited'`),
    // At most one pending delivery per lead and channel (a re-send of a pending one just makes it due).
    // Replies are one row per message instead (several replies to a lead may wait at once).
    uniqueIndex('notification_outbox_one_pending_key').on(t.leadType, t.leadId, t.channel).where(sql`${t.status} = 'pending' and ${t.messageId} is null`),
    uniqueIndex('notification_outbox_message_pending_key').on(t.messageId).where(sql`${t.status} = 'pending' and ${t.messageId} is not null`),
  ],
);

/**
 * What a staff email is about (issue 32, docs/speed-to-lead.md): `reminder`, a lead turned overdue (to its
 * owner, or to each admin when nobody owns it); `unassigned`, new leads no member could take under the
 * assignment rules (to each admin); `digest`, a member's daily list of their open, due and overdue leads;
 * `summary`, the admins' weekly summary.
 */
export const staffEmailTopics = ['reminder', 'unassigned', 'digest', 'summary'] as const;
export type StaffEmailTopic = (typeof staffEmailTopics)[number];

/**
 * The outbox's rows addressed to a staff member rather than about a lead's delivery channel (issue 32):
 * worked by the same delivery loop (lib/notify/loop.ts) with the same lease, retries and statuses as
 * `notification_outbox`. `key` makes each email once ever (`reminder:<type>:<lead id>:<user id>`,
 * `digest:<user id>:<local date>`, `summary:<user id>:<ISO week>`, `unassigned:<rule or kind>:<since>`), so
 * that a job run twice, a restart or a second instance cannot send one twice: writers insert with
 * `on conflict (key) do nothing`. No personal data: the message is built at send time; a row about a lead
 * that is erased is cancelled. A member removed takes their rows with them.
 */
export const staffEmails = pgTable(
  'staff_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    key: text('key').notNull(),
    /** The lead it is about (a reminder, an unassigned lead), or null (a digest, a summary). */
    leadType: text('lead_type'),
    leadId: uuid('lead_id'),
    ...deliveryState(),
  },
  (t) => [
    uniqueIndex('staff_emails_key').on(t.key),
    check('staff_emails_topic_check', sql`${t.topic} in (${list(staffEmailTopics)})`),
    check('staff_emails_status_check', sql`${t.status} in (${list(deliveryStatuses)})`),
    index('staff_emails_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('staff_emails_lead_idx').on(t.leadType, t.leadId).where(sql`${t.leadId} is not null`),
    index('staff_emails_user_idx').on(t.staffUserId, t.createdAt),
  ],
);
