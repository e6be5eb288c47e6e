// The assignment rules (issue 32, docs/speed-to-lead.md "Assignment rules"): per lead kind, who takes a new
// lead and how, and the queue of leads waiting for their rule. Worked by lib/assignment/assign.ts.
import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { leadKindNames } from '@/lib/leads/kinds';
import { staffUsers } from './staff-schema';

export const assignmentMethods = ['round-robin', 'fewest-open'] as const;
export type AssignmentMethod = (typeof assignmentMethods)[number];

/**
 * One row per lead kind that is assigned automatically (no row: nobody is assigned its leads). `members`:
 * the chosen staff members, in the order the rotation visits them; a disabled, removed or away member is
 * skipped when a lead comes. `cap`: the most open leads (new, contacted, qualified) each may hold, null for
 * no cap. The rest is the rule's state, written by the assigner under this row's lock: the member who took
 * the last lead (the rotation goes on after them), how many leads the rule assigned, and since when leads
 * have been missed (nobody could take them; null after an assignment), which keys the admins' one notice
 * per run of misses.
 */
export const assignmentRules = pgTable(
  'assignment_rules',
  {
    leadType: text('lead_type').primaryKey(),
    method: text('method').notNull().default('round-robin'),
    members: uuid('members').array().notNull(),
    cap: integer('cap'),
    lastMember: uuid('last_member'),
    assigned: bigint('assigned', { mode: 'number' }).notNull().default(0),
    missingSince: timestamp('missing_since', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('assignment_rules_method_check', sql`${t.method} in (${sql.raw(assignmentMethods.map((m) => `'${m}'`).join(', '))})`),
    check('assignment_rules_type_check', sql`${t.leadType} in (${sql.raw(leadKindNames.map((k) => `'${k}'`).join(', '))})`),
    check('assignment_rules_cap_check', sql`${t.cap} is null or ${t.cap} > 0`),
  ],
);

/**
 * A lead waiting for its rule: written in the same statement as the lead (lib/leads/store.ts) when it is
 * not held as spam and its kind has a rule, or in the same transaction as its release from the Spam view.
 * The assigner deletes the row in the transaction that assigns the lead (or records that nobody could), so
 * a lead is assigned exactly once whichever process takes it, and a process killed before its commit leaves
 * the row for the next.
 */
export const assignmentQueue = pgTable(
  'assignment_queue',
  {
    leadType: text('lead_type').notNull(),
    leadId: uuid('lead_id').notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.leadType, t.leadId] })],
);
