// Tables of the staff area: accounts, server-side sessions, lead triage (status, owner, history, notes)
// and the audit trail of data-request handling. Lead tables (lib/db/schema.ts) stay as they are: triage
// rows are keyed by (lead_type, lead_id), and a lead without one is 'new'.
import { sql } from 'drizzle-orm';
import { leadKindNames } from '@/lib/leads/kinds';
import { dataRequests } from './schema';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const inList = (column: unknown, values: readonly string[]) => sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;

export const staffRoles = ['admin', 'member'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const leadStatuses = ['new', 'contacted', 'qualified', 'won', 'lost', 'spam', 'archived'] as const;
export type LeadStatus = (typeof leadStatuses)[number];

/** Every kind of lead (lib/leads/kinds.ts). */
const leadTypes = leadKindNames;

export const staffUsers = pgTable(
  'staff_users',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    /** argon2id (PHC string). */
    passwordHash: text('password_hash').notNull(),
    /** Set when an admin disables the account: it cannot sign in and its sessions are gone. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * Speed to lead (issue 32; docs/speed-to-lead.md): since when the member marked themselves away (null:
     * available; the assignment rules skip a member while away); whether single-key shortcuts are on
     * (WCAG 2.1.4: each member can turn them off); the daily digest's local time `HH:MM` (null: no digest)
     * and the member's IANA time zone for it (null: the team's); the admins' weekly summary opt-in.
     */
    awaySince: timestamp('away_since', { withTimezone: true }),
    shortcuts: boolean('shortcuts').notNull().default(true),
    digestAt: text('digest_at'),
    timeZone: text('time_zone'),
    weeklySummary: boolean('weekly_summary').notNull().default(false),
  },
  (t) => [uniqueIndex('staff_users_email_lower_key').on(sql`lower(${t.email})`), check('staff_users_role_check', inList(t.role, staffRoles))],
);

export const staffSessions = pgTable(
  'staff_sessions',
  {
    /** SHA-256 (hex) of the token in the cookie; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** created_at + the absolute lifetime (7 days). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_sessions_user_idx').on(t.userId)],
);

export const leadTriage = pgTable(
  'lead_triage',
  {
    leadType: text('lead_type').notNull(),
    leadId: uuid('lead_id').notNull(),
    status: text('status').notNull().default('new'),
    ownerId: uuid('owner_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.leadType, t.leadId] }),
    check('lead_triage_status_check', inList(t.status, leadStatuses)),
    check('lead_triage_type_check', inList(t.leadType, leadTypes)),
    index('lead_triage_owner_idx').on(t.ownerId),
  ],
);

export const leadStatusHistory = pgTable(
  'lead_status_history',
  {
    id: id(),
    leadType: text('lead_type').notNull(),
    leadId: uuid('lead_id').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    changedBy: uuid('changed_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /**
     * The member marked the lead as answered elsewhere (phone, their own mailbox) with this change: it stops
     * the first-response clock (lead_index.answered_at, docs/speed-to-lead.md). A row may then keep the status
     * (from = to): the answer alone was recorded.
     */
    answered: boolean('answered').notNull().default(false),
  },
  (t) => [
    index('lead_status_history_lead_idx').on(t.leadType, t.leadId),
    // The insights' answers per member (lib/staff/clock-insights.ts): the marks "answered elsewhere" since a
    // range's first day, with who marked them, index-only; only the few rows marked.
    index('lead_status_history_answered_idx').on(t.createdAt, t.leadType, t.leadId, t.changedBy).where(sql`${t.answered}`),
  ],
);

export const leadNotes = pgTable(
  'lead_notes',
  {
    id: id(),
    leadType: text('lead_type').notNull(),
    leadId: uuid('lead_id').notNull(),
    authorId: uuid('author_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lead_notes_lead_idx').on(t.leadType, t.leadId)],
);

/** What the audit of a data request records. */
export const dataRequestAuditActions = ['export', 'completed', 'erasure', 'verified', 'identity-check', 'extension'] as const;

/**
 * What was done about a data request (verified, export produced, marked done, erasure executed, deadline
 * extended): no personal data,
 * only the request's id and type, row counts per table, who and when.
 */
export const dataRequestAudit = pgTable(
  'data_request_audit',
  {
    id: id(),
    requestId: uuid('request_id').notNull(),
    requestType: text('request_type').notNull(),
    action: text('action').notNull(),
    rowCounts: jsonb('row_counts').$type<Record<string, number>>(),
    performedBy: uuid('performed_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [check('data_request_audit_action_check', inList(t.action, dataRequestAuditActions)), index('data_request_audit_request_idx').on(t.requestId)],
);

/**
 * How a data request was checked and when it is due: verified by the requester's emailed link (`link`) or
 * by an identity check an admin recorded with a note (`staff`); the reply deadline, 30 days from receipt (`dataRequestReplyDays`)
 * unless an admin extended it (with a reason). Goes with the request when it is erased.
 */
export const dataRequestChecks = pgTable(
  'data_request_checks',
  {
    requestId: uuid('request_id')
      .primaryKey()
      .references(() => dataRequests.id, { onDelete: 'cascade' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedVia: text('verified_via'),
    checkNote: text('check_note'),
    checkedBy: uuid('checked_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    extendedUntil: timestamp('extended_until', { withTimezone: true }),
    extensionReason: text('extension_reason'),
  },
  (t) => [check('data_request_checks_via_check', sql`${t.verifiedVia} is null or ${t.verifiedVia} in ('link', 'staff')`)],
);

/**
 * Why the screening of a public post (lib/spam) held it: `spam` (a failed proof of work, too fast, link
 * spam, the honeypot) or `held` (sent without JavaScript). The lead's triage status is `spam`; its
 * notifications and acknowledgement were never queued. "Not spam" (`released_at`, `released_by`) queues
 * them. Goes with its lead (erasure, retention).
 */
export const leadScreening = pgTable(
  'lead_screening',
  {
    leadType: text('lead_type').notNull(),
    leadId: uuid('lead_id').notNull(),
    verdict: text('verdict').notNull(),
    reasons: text('reasons').array().notNull(),
    createdAt: createdAt(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releasedBy: uuid('released_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.leadType, t.leadId] }),
    check('lead_screening_verdict_check', inList(t.verdict, ['spam', 'held'])),
    // The inbox counts the posts held for review (sent without JavaScript) on every page.
    index('lead_screening_held_idx').on(t.leadType, t.leadId).where(sql`${t.verdict} = 'held' and ${t.releasedAt} is null`),
  ],
);

/**
 * The inbox's own table (issue 20): one row per lead of every kind, with what the inbox shows, filters
 * and sorts on (its display columns, status and owner, campaign source and campaign, and a lower-case
 * search text), so that a page of the inbox, a search and the CSV export read one indexed table however
 * many leads there are. Kept by triggers in the same transaction as every write (migration 0015): a lead
 * inserted, changed or deleted (by the site, the purge, an erasure or by hand), its triage row, its
 * attribution. Never written by the application itself.
 */
export const leadIndex = pgTable(
  'lead_index',
  {
    leadType: text('lead_type').notNull(),
    leadId: uuid('lead_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    name: text('name'),
    email: text('email'),
    company: text('company'),
    summary: text('summary'),
    search: text('search').notNull(),
    status: text('status').notNull().default('new'),
    ownerId: uuid('owner_id'),
    source: text('source'),
    campaign: text('campaign'),
    /** The form's page (attribution) and when staff first changed its status (history): for the insights. */
    page: text('page'),
    firstChangedAt: timestamp('first_changed_at', { withTimezone: true }),
    /** The affiliate code of its attribution (as stored): the insights' leads per affiliate code. */
    referralCode: text('referral_code'),
    /**
     * The lead's thread (lib/db/conversation-schema.ts, kept by the lead_messages trigger of migration 0023):
     * incoming messages no staff member has read; since when its last incoming message waits for our answer
     * (null: the last word is ours, or nobody wrote); our first reply, when and by whom; our replies.
     */
    unreadReplies: integer('unread_replies').notNull().default(0),
    awaitingSince: timestamp('awaiting_since', { withTimezone: true }),
    firstReplyAt: timestamp('first_reply_at', { withTimezone: true }),
    firstReplyBy: uuid('first_reply_by'),
    replies: integer('replies').notNull().default(0),
    /**
     * The first-response clock (issue 32, docs/speed-to-lead.md): when the lead's first answer is due (null:
     * its kind is promised none, or it is held as spam), and when it was first answered (our first reply,
     * or a status change marked as answered elsewhere; null: not yet). Open (status new, contacted or
     * qualified), unanswered and past `due_at` is overdue.
     */
    dueAt: timestamp('due_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  // Also, made by migration 0017 (drizzle's index builder has no INCLUDE): lead_index_insights_idx on
  // (created_at) INCLUDE (lead_type, status, source, campaign, page, first_changed_at, and since migration
  // 0025 first_reply_at, first_reply_by, replies, since 0031 due_at, answered_at, lead_id: the first-response clock's
  // "answered on time"), so that the insights of a range are index-only scans; and lead_index_email_idx on lower(email) (a whole address searched).
  // By migration 0019: lead_index_referral_idx on (created_at) INCLUDE (lead_type, status, referral_code)
  // WHERE referral_code IS NOT NULL (the referred leads of a range, index-only).
  (t) => [
    primaryKey({ columns: [t.leadType, t.leadId] }),
    index('lead_index_created_idx').on(t.createdAt.desc(), t.leadId.desc()),
    index('lead_index_open_idx').on(t.createdAt.desc(), t.leadId.desc()).where(sql`${t.status} not in ('spam', 'archived')`),
    index('lead_index_type_idx').on(t.leadType, t.createdAt.desc(), t.leadId.desc()),
    index('lead_index_status_idx').on(t.status, t.createdAt.desc(), t.leadId.desc()),
    index('lead_index_owner_idx').on(t.ownerId, t.createdAt.desc(), t.leadId.desc()),
    index('lead_index_source_idx').on(t.source, t.createdAt.desc()),
    index('lead_index_campaign_idx').on(t.campaign, t.createdAt.desc()),
    index('lead_index_search_idx').using('gin', sql`${t.search} gin_trgm_ops`),
    // The inbox's "Unread replies" and "Awaiting our answer" views: only the few leads they hold.
    index('lead_index_unread_idx').on(t.createdAt.desc(), t.leadId.desc()).where(sql`${t.unreadReplies} > 0`),
    index('lead_index_awaiting_idx').on(t.createdAt.desc(), t.leadId.desc()).where(sql`${t.awaitingSince} is not null`),
    // "Awaiting our answer", waiting longest first (migration 0024).
    index('lead_index_waiting_idx').on(t.awaitingSince, t.leadId).where(sql`${t.awaitingSince} is not null`),
    // The first-response clock's views (lib/staff/due-views.ts): "Overdue" and "Due soon" read the open,
    // unanswered leads in due order (a team has few of them, however many leads it has had), and so does the
    // overdue reminders' sweep, the few whose due time just passed (lib/speed/reminders.ts); "Mine" a
    // member's open leads, unanswered first and soonest due first (those with no due time last: a coalesce, so
    // that the key has no nulls and the next and previous lead are a row comparison on the index).
    index('lead_index_due_idx').on(t.dueAt, t.leadId).where(sql`${t.status} in ('new', 'contacted', 'qualified') and ${t.answeredAt} is null and ${t.dueAt} is not null`),
    index('lead_index_mine_idx').on(t.ownerId, sql`(${t.answeredAt} is not null)`, sql`coalesce(${t.dueAt}, 'infinity'::timestamptz)`, t.leadId).where(sql`${t.status} in ('new', 'contacted', 'qualified')`),
    // Each member's open leads (issue 32): what the assignment rules' caps and "fewest open" count, once per
    // batch, and the insights' open leads per member; only the open, owned leads, so index-only and small.
    // Since migration 0031 also nobody's open leads, and INCLUDE (answered_at, due_at) by hand (drizzle has no
    // INCLUDE): the insights' open and overdue leads per owner now, index-only (lib/staff/assignment-insights.ts).
    index('lead_index_open_owner_idx').on(t.ownerId).where(sql`${t.status} in ('new', 'contacted', 'qualified')`),
  ],
);

/**
 * The team's business hours (one row, `id` always true): the first-response clock counts each lead's
 * target on them (lib/speed/business-hours.ts; in the database, migration 0029's `business_due_at`). Set by
 * the admins on /staff/settings/calendar; until then the migration's row, `defaultTeamCalendar`.
 */
export const teamCalendar = pgTable(
  'team_calendar',
  {
    id: boolean('id').primaryKey().default(true),
    timeZone: text('time_zone').notNull(),
    /** `TeamCalendar['hours']`: { mon: { open: '09:00', close: '17:00' }, ... }; a day not named is closed. */
    hours: jsonb('hours').$type<Record<string, { open: string; close: string }>>().notNull(),
    holidays: text('holidays').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  },
  (t) => [check('team_calendar_one_row', sql`${t.id}`)],
);

/**
 * One row per person (issue 31): the leads of every kind with the same address (lower-cased), spam aside, as
 * the inbox's People view lists them: how many, the kinds they came as, the first and the latest (its
 * address as written, and the latest name and company any of them gave). Kept by triggers on lead_index
 * (migration 0024) in the same transaction as every change of it; never written by the application.
 */
export const leadPeople = pgTable(
  'lead_people',
  {
    /** lower(email) of the person's leads. */
    emailKey: text('email_key').primaryKey(),
    /** The address as the latest lead wrote it. */
    email: text('email').notNull(),
    /** The latest name and company given (a newsletter sign-up gives none: an earlier lead's stay). */
    name: text('name'),
    company: text('company'),
    /** What the People view's search matches (lower case), like lead_index.search. */
    search: text('search')
      .notNull()
      .generatedAlwaysAs(sql`lower(coalesce("name", '') || ' ' || "email" || ' ' || coalesce("company", ''))`),
    kinds: text('kinds').array().notNull(),
    leads: integer('leads').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    latestType: text('latest_type').notNull(),
    latestId: uuid('latest_id').notNull(),
  },
  (t) => [
    index('lead_people_last_idx').on(t.lastAt.desc(), t.emailKey.desc()),
    index('lead_people_search_idx').using('gin', sql`${t.search} gin_trgm_ops`),
    index('lead_people_kinds_idx').using('gin', t.kinds),
  ],
);
