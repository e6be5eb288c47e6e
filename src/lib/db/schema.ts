import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { audienceSizes, dataRequestTypes, monthlyBudgets, newsletterSources, partnershipTypes } from '@/lib/leads/options';

/** `col IN ('a', 'b', ...)` for a check constraint, from the shared option lists. */
function oneOf(column: unknown, options: readonly { value: string }[]) {
  const list = options.map((o) => `'${o.value.replace(/'/g, "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const partnerApplications = pgTable(
  'partner_applications',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull(),
    partnershipType: text('partnership_type').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('partner_applications_partnership_type_check', oneOf(t.partnershipType, partnershipTypes))],
);

export const affiliateApplications = pgTable(
  'affiliate_applications',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    website: text('website').notNull(),
    audienceSize: text('audience_size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('affiliate_applications_audience_size_check', oneOf(t.audienceSize, audienceSizes))],
);

export const agencyEnquiries = pgTable(
  'agency_enquiries',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    businessName: text('business_name').notNull(),
    monthlyBudget: text('monthly_budget').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('agency_enquiries_monthly_budget_check', oneOf(t.monthlyBudget, monthlyBudgets))],
);

export const contactMessages = pgTable('contact_messages', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  company: text('company'),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: id(),
    email: text('email').notNull(),
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // One subscription per address, whatever its letter case.
    uniqueIndex('newsletter_subscriptions_email_lower_key').on(sql`lower(${t.email})`),
    check('newsletter_subscriptions_source_check', oneOf(t.source, newsletterSources)),
  ],
);

export const dataRequests = pgTable(
  'data_requests',
  {
    id: id(),
    email: text('email').notNull(),
    type: text('type').notNull(),
    details: text('details'),
    createdAt: createdAt(),
  },
  (t) => [check('data_requests_type_check', oneOf(t.type, dataRequestTypes))],
);

/**
 * Exactly once: the per-render token of every public form post that was accepted (a double click, a
 * reload of the POST or a replay carries the same token and stores nothing more). Written in the same
 * transaction as the lead, so the lead tables keep exactly the columns of the spec. `lead_id` is null
 * when the post stored nothing new (a newsletter address already subscribed). No personal data here.
 */
export const submissionTokens = pgTable(
  'submission_tokens',
  {
    token: text('token').primaryKey(),
    leadType: text('lead_type').notNull(),
    leadId: uuid('lead_id'),
    createdAt: createdAt(),
  },
  (t) => [check('submission_tokens_token_check', sql`char_length(${t.token}) between 16 and 200`)],
);

/**
 * Counters of the form rate limits when DATABASE_URL is set (rate-limiter-flexible's PostgreSQL store,
 * shared by every instance of the site). The layout is the one that library expects.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});
