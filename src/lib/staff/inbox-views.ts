import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { conversationCountCap, rowsOf } from './inbox';
import { dueViewConditions, type ViewContext } from './due-views';
import { parseFilter } from './filters';

/** Counts past this are shown as "1,000+": the views' tabs count on every page of the inbox (as the views themselves count). */
export const viewCountCap = conversationCountCap;

/** A count of up to `viewCountCap`, and whether there are more. */
export type CappedCount = { n: number; more: boolean };

const capped = (n: unknown): CappedCount => ({ n: Math.min(Number(n ?? 0), viewCountCap), more: Number(n ?? 0) > viewCountCap });

/** The counts of the inbox's view tabs. */
export type ViewCounts = { unread: CappedCount; awaiting: CappedCount; overdue: CappedCount; dueSoon: CappedCount; mine: CappedCount };

/**
 * How many open leads each view holds (as its tab shows them, whatever the filter): replies nobody has read,
 * last emails awaiting our answer, and the first-response clock's overdue, due soon and the member's own. Each an
 * indexed count of the few rows of its partial index (lead_index_unread_idx, _awaiting_idx, _due_idx, _mine_idx),
 * capped, so that it costs little on every page.
 */
export async function viewCounts(db: Db, context: ViewContext = {}): Promise<ViewCounts> {
  const count = (view: string) => {
    const where = sql.join(dueViewConditions(parseFilter({ view }), context), sql` and `);
    return sql`(select count(*)::int from (select 1 from lead_index i where ${where} limit ${viewCountCap + 1}) x)`;
  };
  const [row] = await rowsOf(
    db,
    sql`select
      (select count(*)::int from (select 1 from lead_index i where i.unread_replies > 0 and i.status not in ('spam', 'archived') limit ${viewCountCap + 1}) x) as unread,
      (select count(*)::int from (select 1 from lead_index i where i.awaiting_since is not null and i.status not in ('spam', 'archived') limit ${viewCountCap + 1}) x) as awaiting,
      ${count('overdue')} as overdue, ${count('due-soon')} as due_soon, ${count('mine')} as mine`,
  );
  return { unread: capped(row?.unread), awaiting: capped(row?.awaiting), overdue: capped(row?.overdue), dueSoon: capped(row?.due_soon), mine: capped(row?.mine) };
}

/** How many incoming emails matched no lead (the admins' "Unmatched email" list), capped: lead_messages_unmatched_idx. */
export async function unmatchedCount(db: Db): Promise<CappedCount> {
  const [row] = await rowsOf(db, sql`select count(*)::int as n from (select 1 from lead_messages m where m.lead_id is null limit ${viewCountCap + 1}) x`);
  return capped(row?.n);
}

/** "12", or "1,000+" past the cap. */
export const countText = (c: CappedCount) => `${c.n.toLocaleString('en-US')}${c.more ? '+' : ''}`;
