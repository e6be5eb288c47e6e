// Tables of the conversations with leads (issue 31): the messages of each lead's thread, out (a reply staff
// wrote on the lead's page, sent through the outbox) and in (an answer that came back by IMAP or the inbound
// webhook), the saved replies admins edit, and who owned a lead when (its owner history, for the timeline).
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { staffUsers } from './staff-schema';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const messageDirections = ['out', 'in'] as const;
export type MessageDirection = (typeof messageDirections)[number];

/** How an incoming message reached us. */
export const messageChannels = ['imap', 'webhook'] as const;
export type MessageChannel = (typeof messageChannels)[number];

/** An attachment of an incoming message: listed, never kept (docs/conversations.md). */
export type MessageAttachment = { filename: string | null; contentType: string; size: number };

/**
 * One email of a lead's thread. `lead_type`/`lead_id` are null for an incoming message that matched no lead
 * (the admins' "Unmatched email" list, until one is attached to a lead or discarded). An outgoing message is
 * written when staff send it, with its own `Message-ID`, and delivered by the outbox (a `reply` row that
 * names it in `notification_outbox.message_id`), so a retry carries the same `Message-ID`. Goes with its
 * lead (erasure, retention) and is in its export.
 */
export const leadMessages = pgTable(
  'lead_messages',
  {
    id: id(),
    leadType: text('lead_type'),
    leadId: uuid('lead_id'),
    direction: text('direction').notNull(),
    /** The RFC 5322 Message-ID without its angle brackets: ours for `out`, the sender's for `in` (null when it had none). */
    messageId: text('message_id'),
    /** `In-Reply-To` and `References` (ids without angle brackets, oldest first). */
    inReplyTo: text('in_reply_to'),
    references: text('references').array().notNull().default(sql`'{}'::text[]`),
    fromAddress: text('from_address').notNull(),
    fromName: text('from_name'),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    /** `out`: what the writer wrote. `in`: the text part, or the HTML part turned into text. */
    bodyText: text('body_text').notNull(),
    /** `in`: the text shown in the thread, quoted history and signature trimmed (null: nothing trimmed). */
    shownText: text('shown_text'),
    /** `in`: the message as received (its source, up to the size limit), shown on request as inert text. */
    raw: text('raw'),
    /** `in`: what was not kept or shown as it came (truncated, too large, HTML only...), for staff to read. */
    notices: text('notices').array().notNull().default(sql`'{}'::text[]`),
    attachments: jsonb('attachments').$type<MessageAttachment[]>().notNull().default(sql`'[]'::jsonb`),
    /** `out`: who wrote it. */
    authorId: uuid('author_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** `in`: how it came. */
    channel: text('channel'),
    /** `in`: what makes it the same message when it comes again (its Message-ID, else a SHA-256 of its source): taken once. */
    dedupeKey: text('dedupe_key'),
    /** `in`: when a staff member read it (null: unread; the inbox's unread replies). */
    readAt: timestamp('read_at', { withTimezone: true }),
    /** `out`: the form's token of the composer that wrote it, so a form posted twice sends once. */
    formToken: text('form_token'),
    createdAt: createdAt(),
  },
  (t) => [
    check('lead_messages_direction_check', sql`${t.direction} in ('out', 'in')`),
    check('lead_messages_channel_check', sql`${t.channel} is null or ${t.channel} in ('imap', 'webhook')`),
    check('lead_messages_lead_check', sql`(${t.leadType} is null) = (${t.leadId} is null) and (${t.direction} = 'in' or ${t.leadId} is not null)`),
    // The thread of a lead, in order.
    index('lead_messages_lead_idx').on(t.leadType, t.leadId, t.createdAt),
    // Threading: an incoming In-Reply-To/References looked up among the ids we sent.
    uniqueIndex('lead_messages_out_message_id_key').on(t.messageId).where(sql`${t.direction} = 'out'`),
    // An incoming message is taken once, however often it comes (IMAP after a restart, a webhook retried).
    uniqueIndex('lead_messages_in_dedupe_key').on(t.dedupeKey).where(sql`${t.direction} = 'in'`),
    // A composer's form posted twice writes one message.
    uniqueIndex('lead_messages_form_token_key').on(t.formToken).where(sql`${t.formToken} is not null`),
    // The admins' list of unmatched email, newest first.
    index('lead_messages_unmatched_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.leadId} is null`),
  ],
);

/** Saved replies: a title and a text with `{firstName}` and `{myName}` filled in when used; admins edit them. */
export const replySnippets = pgTable('reply_snippets', {
  id: id(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  updatedBy: uuid('updated_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each change of a lead's owner, for the timeline: by hand (`changed_by` the staff member), or by an
 * assignment rule (`by_rule`, `changed_by` null; lib/assignment). The insights' assignment spread counts the
 * rule's rows of a range (lead_owner_history_rule_idx, index-only).
 */
export const leadOwnerHistory = pgTable(
  'lead_owner_history',
  {
    id: id(),
    leadType: text('lead_type').notNull(),
    leadId: uuid('lead_id').notNull(),
    fromOwner: uuid('from_owner').references(() => staffUsers.id, { onDelete: 'set null' }),
    toOwner: uuid('to_owner').references(() => staffUsers.id, { onDelete: 'set null' }),
    changedBy: uuid('changed_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    byRule: boolean('by_rule').notNull().default(false),
    createdAt: createdAt(),
  },
  // Also, made by hand in the assignment migration (drizzle's index builder has no INCLUDE):
  // lead_owner_history_rule_idx on (created_at) INCLUDE (to_owner) WHERE by_rule.
  (t) => [index('lead_owner_history_lead_idx').on(t.leadType, t.leadId)],
);

/**
 * The mailbox the IMAP watcher takes answers from (lib/conversations/imap.ts), one row per mailbox
 * (`user@host:port/INBOX`, never the password): the highest UID taken under its UIDVALIDITY (null: nothing
 * taken yet, so the first look takes the unseen messages), and the lease that lets one watcher at a time,
 * of all the instances on this database, hold it (`holder` until `lease_until`).
 */
export const imapMailboxes = pgTable('imap_mailboxes', {
  mailbox: text('mailbox').primaryKey(),
  uidValidity: bigint('uid_validity', { mode: 'number' }),
  lastUid: bigint('last_uid', { mode: 'number' }),
  holder: text('holder'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
