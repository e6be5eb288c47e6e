import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { conversationCountCap, rowsOf } from './inbox';

/** Counts past this are shown as "1,000+": the views' tabs count on every page of the inbox (as the views themselves count). */
export const viewCountCap = conversationCountCap;

/** A count of up to `viewCountCap`, and whether there are more. */
export type CappedCount = { n: number; more: boolean };

const capped = (n: unknown): CappedCount => ({ n: Math.min(Number(n ?? 0), viewCountCap), more: Number(n ?? 0) > viewCountCap });

/**
 * How many open leads each conversation view holds (as its tab shows them, whatever the filter): replies
 * nobody has read, and last emails awaiting our answer. Each an indexed count of the few rows of its partial
 * index (lead_index_unread_idx, lead_index_awaiting_idx), capped, so that it costs little on every page.
 */
export async function viewCounts(db: Db): Promise<{ unread: CappedCount; awaiting: CappedCount }> {
  const [row] = await rowsOf(
    db,
    sql`select
      (select count(*)::int from (select 1 from lead_index i where i.unread_replies > 0 and i.status not in ('spam', 'archived') limit ${viewCountCap + 1}) x) as unread,
      (select count(*)::int from (select 1 from lead_index i where i.awaiting_since is not null and i.status not in ('spam', 'archived') limit ${viewCountCap + 1}) x) as awaiting`,
  );
  return { unread: capped(row?.unread), awaiting: capped(row?.awaiting) };
}

/** How many incoming emails matched no lead (the admins' "Unmatched email" list), capped: lead_messages_unmatched_idx. */
export async function unmatchedCount(db: Db): Promise<CappedCount> {
  const [row] = await rowsOf(db, sql`select count(*)::int as n from (select 1 from lead_messages m where m.lead_id is null limit ${viewCountCap + 1}) x`);
  return capped(row?.n);
}

/** "12", or "1,000+" past the cap. */
export const countText = (c: CappedCount) => `${c.n.toLocaleString('en-US')}${c.more ? '+' : ''}`;
