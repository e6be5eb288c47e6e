// The insights of the assignment rules (issue 32): each member's open leads now, and the spread of the
// rules' assignments over the range (the leads each member was given by a rule). Both are read from indexes
// that hold only what they count, so they stay fast at a million leads: lead_index_open_owner_idx (the open,
// owned leads) and lead_owner_history_rule_idx (the rules' assignments by time, with their member).
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { rowsOf } from './inbox';
import type { InsightsRange } from './insights';

/** A staff member's load (`open`: open leads they own now; `assigned`: leads a rule gave them in the range). */
export type MemberLoad = { id: string; name: string; away: boolean; disabled: boolean; open: number; assigned: number };
export type AssignmentInsights = { members: MemberLoad[]; assigned: number };

/** The members with open leads or assignments in the range, and every active one; by name. */
export async function getAssignmentInsights(db: Db, range: InsightsRange): Promise<AssignmentInsights> {
  const rows = await rowsOf(
    db,
    sql`select u.id::text as id, u.name, u.away_since is not null as away, u.disabled_at is not null as disabled,
        coalesce(o.n, 0)::int as open, coalesce(a.n, 0)::int as assigned
      from staff_users u
      left join (select owner_id, count(*) as n from lead_index
        where owner_id is not null and status in ('new', 'contacted', 'qualified') group by owner_id) o on o.owner_id = u.id
      left join (select to_owner, count(*) as n from lead_owner_history
        where by_rule and created_at >= ${range.from}::date and created_at < ${range.to}::date + 1 group by to_owner) a on a.to_owner = u.id
      where u.disabled_at is null or o.n is not null or a.n is not null
      order by lower(u.name), u.id`,
  );
  const members = rows.map((r) => ({
    id: String(r.id),
    name: String(r.name),
    away: Boolean(r.away),
    disabled: Boolean(r.disabled),
    open: Number(r.open),
    assigned: Number(r.assigned),
  }));
  return { members, assigned: members.reduce((s, m) => s + m.assigned, 0) };
}
