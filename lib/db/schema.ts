import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { audienceSizes, monthlyBudgets, partnershipTypes } from '@/lib/leads/options';

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
