import { sql, type SQL } from 'drizzle-orm';
import { dueSoonHours } from '@/lib/speed/due-text';
import type { InboxFilter } from './filters';

/**
 * The first-response clock's views of the inbox (?view=due-soon|overdue|mine; docs/speed-to-lead.md):
 * - Overdue: open (new, contacted, qualified), unanswered, due at or before now;
 * - Due soon: open, unanswered, due after now and within the next `dueSoonHours` hours;
 * - Mine: the signed-in member's open leads, the unanswered ones first, each soonest due first.
 * Their conditions are written as their partial indexes' (lead_index_due_idx, lead_index_mine_idx: migration
 * 0029) and their order is the index's, so a page is the first rows of one index however many leads there are.
 * `now` is the caller's clock (a test moves it: a seam, never a setting); `me` the signed-in member.
 */
export type ViewContext = { now?: Date; me?: string | null };

export const isDueView = (v: InboxFilter['view']): v is 'due-soon' | 'overdue' | 'mine' => v === 'due-soon' || v === 'overdue' || v === 'mine';

/** The partial index's predicate of open, unanswered leads with a due time (lead_index_due_idx). */
const running = sql`i.status in ('new', 'contacted', 'qualified') and i.answered_at is null and i.due_at is not null`;

/** The view's conditions on `lead_index i`. */
export function dueViewConditions(f: InboxFilter, { now = new Date(), me = null }: ViewContext): SQL[] {
  const at = now.toISOString();
  if (f.view === 'overdue') return [running, sql`i.due_at <= ${at}::timestamptz`];
  if (f.view === 'due-soon') return [running, sql`i.due_at > ${at}::timestamptz`, sql`i.due_at <= ${at}::timestamptz + ${`${dueSoonHours} hours`}::interval`];
  // No member (cannot happen behind the session check): an impossible id, so Mine is empty rather than everyone's.
  if (f.view === 'mine') return [sql`i.owner_id = ${me ?? '00000000-0000-0000-0000-000000000000'}::uuid`, sql`i.status in ('new', 'contacted', 'qualified')`];
  return [];
}

/** The views' order, the index's: soonest due first (Mine: unanswered first, a lead with no due time last). */
export const dueOrder = (f: InboxFilter): SQL =>
  f.view === 'mine' ? sql`order by (i.answered_at is not null), coalesce(i.due_at, 'infinity'::timestamptz), i.lead_id` : sql`order by i.due_at, i.lead_id`;
