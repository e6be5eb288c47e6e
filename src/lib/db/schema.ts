import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, varchar, type PgTextBuilderInitial } from 'drizzle-orm/pg-core';
import { isNullable, leadKindNames, leadKinds, tickBox, type KindDef, type LeadKind } from '@/lib/leads/kinds';
import { consentPurposes } from '@/lib/leads/consent';

/** `col IN ('a', 'b', ...)` for a check constraint, from the kind's option list. */
function oneOf(column: unknown, options: readonly { value: string }[]) {
  const list = options.map((o) => `'${o.value.replace(/'/g, "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const subscriptionStatuses = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/**
 * The double opt-in state of a subscription (docs/leads.md): pending until the emailed link confirms
 * it; when the last confirmation email was queued (a repeat sign-up re-sends at most once an hour);
 * when it was confirmed and unsubscribed, and how (`link` page or `one-click` POST of RFC 8058).
 */
const subscriptionColumns = () => ({
  status: text('status').notNull().default('pending'),
  confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true }),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  unsubscribedVia: text('unsubscribed_via'),
});

/**
 * The table of a kind of lead, from its registry entry (any `KindDef`, in `leadKinds` or not): a text column
 * per field (nullable when optional, asked only sometimes, or an optional box to tick), a check per option list
 * that is a fixed enumeration (none for `optionsAre: 'content'`), `in ('yes')` for a box to tick.
 */
export function leadTableOf(def: KindDef) {
  const columns: Record<string, PgTextBuilderInitial<string, [string, ...string[]]> | ReturnType<typeof id> | ReturnType<typeof createdAt> | ReturnType<typeof timestamp>> = { id: id() };
  for (const [name, f] of Object.entries(def.fields)) {
    const column = text(f.column);
    columns[name] = isNullable(f) ? column : column.notNull();
  }
  columns.createdAt = createdAt();
  if (def.subscription) Object.assign(columns, subscriptionColumns());
  const checked = (f: KindDef['fields'][string]) => (f.rule.type === 'tick' ? [tickBox] : f.options && f.optionsAre !== 'content' ? f.options : null);
  return pgTable(def.table, columns, (t) => [
    ...(def.subscription ? [check(`${def.table}_status_check`, sql`${t.status} in (${sql.raw(subscriptionStatuses.map((v) => `'${v}'`).join(', '))})`)] : []),
    ...(def.uniqueEmail ? [uniqueIndex(`${def.table}_email_lower_key`).on(sql`lower(${t.email})`)] : []),
    ...Object.entries(def.fields)
      .filter(([, f]) => checked(f))
      .map(([name, f]) => check(`${def.table}_${f.column}_check`, oneOf(t[name], checked(f)!))),
  ]);
}

const leadTable = (kind: LeadKind) => leadTableOf(leadKinds[kind]);

/** The table of every kind of lead (lib/leads/kinds.ts). */
export const leadTables = Object.fromEntries(leadKindNames.map((k) => [k, leadTable(k)])) as Record<LeadKind, ReturnType<typeof leadTable>>;

// drizzle-kit generates migrations from this module's exports, table by table: a new kind adds its line.
export const {
  partner: partnerApplications,
  affiliate: affiliateApplications,
  agency: agencyEnquiries,
  contact: contactMessages,
  newsletter: newsletterSubscriptions,
  dataRequest: dataRequests,
  trial: trialRequests,
} = leadTables;

/**
 * Exactly once: the per-render token of every public form post that was accepted (a double click, a
 * reload of the POST or a replay carries the same token and stores nothing more). Written in the same
 * statement as the lead, so the lead tables keep exactly their fixed columns (docs/leads.md).
 * `lead_id` names the lead, for a repeated newsletter sign-up the subscription it repeated (so the token goes
 * with it: purge, erasure); a post without a token of its own is keyed by a hash of what was typed. Older
 * rows without a lead are purged after retention.orphanTokenDays.
 */
export const submissionTokens = pgTable(
  'submission_tokens',
  {
    token: text('token').primaryKey(),
    leadType: text('lead_type').notNull(),
    leadId: uuid('lead_id'),
    createdAt: createdAt(),
  },
  (t) => [
    check('submission_tokens_token_check', sql`char_length(${t.token}) between 16 and 200`),
    // The daily purge deletes the tokens that name no lead once retention.orphanTokenDays are over.
    index('submission_tokens_orphan_idx').on(t.createdAt).where(sql`${t.leadId} is null`),
  ],
);

/**
 * Secrets the application makes itself when the environment gives none: `links` signs the
 * newsletter's confirmation and unsubscribe links (LINK_SECRET overrides it).
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Counters of the form rate limits when DATABASE_URL is set (rate-limiter-flexible's PostgreSQL store,
 * shared by every instance of the site). The layout is the one that library expects.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

/** When a maintenance job last ran (the daily retention purge), so that one instance of many runs it. */
export const maintenanceRuns = pgTable('maintenance_runs', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
});

/**
 * What a visitor consented to with a lead (the consents of the registry: the newsletter, the trial's terms): when, on which page (null
 * when the post did not say), the words shown and their version. Goes with its lead (erasure, retention).
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadType: text('lead_type').notNull(),
    leadId: uuid('lead_id').notNull(),
    purpose: text('purpose').notNull(),
    words: text('words').notNull(),
    version: text('version').notNull(),
    page: text('page'),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The purposes the registry declares (lib/leads/consent.ts): a new one is a migration of this check.
  (t) => [
    check(
      'consent_records_purpose_check',
      oneOf(
        t.purpose,
        consentPurposes.map((p) => ({ value: p.purpose })),
      ),
    ),
    index('consent_records_lead_idx').on(t.leadType, t.leadId),
  ],
);

/**
 * The signature of every proof of work a post used (lib/spam/proof.ts), until its challenge expires: a
 * challenge solved once cannot be used for a second post. Written in the lead's own statement.
 */
export const usedChallenges = pgTable('used_challenges', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Where each lead came from (lib/leads/attribution.ts): its campaign tags, the referring site's host,
 * the page its form was on and an affiliate's code, written in the lead's statement. One row per lead (with JavaScript or
 * without); goes with its lead (erasure, retention). Indexed for the inbox's source and campaign filters.
 */
export const leadAttribution = pgTable(
  'lead_attribution',
  {
    leadType: text('lead_type').notNull(),
    leadId: uuid('lead_id').notNull(),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    referrerHost: text('referrer_host'),
    page: text('page'),
    /** The affiliate code of the referral cookie the post came with (lib/leads/referral.ts). */
    referralCode: text('referral_code'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.leadType, t.leadId] }),
    index('lead_attribution_source_idx').on(sql`lower(${t.utmSource})`),
    index('lead_attribution_campaign_idx').on(sql`lower(${t.utmCampaign})`),
  ],
);

/**
 * Cookieless page counts (lib/analytics/page-views.ts): views of each public page per day, by the
 * referring site's host and the campaign tags of the address. No cookie, no IP address, no identifier of a
 * visitor: a row is a count. '' stands for "none" in the dimensions (so that the key is a plain primary key).
 */
export const pageViews = pgTable(
  'page_views',
  {
    day: date('day').notNull(),
    path: text('path').notNull(),
    referrerHost: text('referrer_host').notNull().default(''),
    source: text('source').notNull().default(''),
    medium: text('medium').notNull().default(''),
    campaign: text('campaign').notNull().default(''),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.path, t.referrerHost, t.source, t.medium, t.campaign] }), index('page_views_path_day_idx').on(t.path, t.day)],
);

/**
 * The distinct keys each day has added to page_views with a referring host or a tag (lib/analytics/page-views-store.ts):
 * the writer's cap (PAGE_VIEWS_DAILY_KEYS) is checked against `keys` and this row is locked while a batch is
 * written, so that the cap holds with several servers. `granted`: how many of the last batch's new keys fit.
 */
export const pageViewDays = pgTable('page_view_days', {
  day: date('day').primaryKey(),
  keys: integer('keys').notNull().default(0),
  granted: integer('granted').notNull().default(0),
});
