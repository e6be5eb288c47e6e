// The insights of the assignment rules (issue 32): each member's open and overdue leads now (and those of
// nobody), and the spread of the rules' assignments over the range (the leads each member was given by a
// rule). Both are read from indexes that hold only what they count, so they stay fast at a million leads:
// lead_index_open_owner_idx (the open leads by owner, nobody included, with answered_at and due_at: migration
// 0031) and lead_owner_history_rule_idx (the rules' assignments by time, with their member).
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { rowsOf } from './inbox';
import type { InsightsRange } from './insights';

/**
 * A staff member's load: `open`, the open leads they own now, `overdue` of those the ones overdue now (open,
 * unanswered, due_at <= now: the Overdue view's condition); `assigned`, leads a rule gave them in the range.
 */
export type MemberLoad = { id: string; name: string; away: boolean; disabled: boolean; open: number; overdue: number; assigned: number };
export type AssignmentInsights = { members: MemberLoad[]; assigned: number; unassigned: { open: number; overdue: number } };

/** The members with open leads or assignments in the range, and every active one; by name. Overdue at `now`. */
export async function getAssignmentInsights(db: Db, range: InsightsRange, now = new Date()): Promise<AssignmentInsights> {
  // One index-only scan of lead_index_open_owner_idx (its INCLUDE holds answered_at and due_at).
  const owners = sql`select owner_id, count(*) as n,
      count(*) filter (where answered_at is null and due_at <= ${now.toISOString()}::timestamptz) as overdue
    from lead_index where status in ('new', 'contacted', 'qualified') group by owner_id`;
  const rows = await rowsOf(
    db,
    sql`with o as (${owners})
      select * from (select u.id::text as id, u.name, u.away_since is not null as away, u.disabled_at is not null as disabled,
        coalesce(o.n, 0)::int as open, coalesce(o.overdue, 0)::int as overdue, coalesce(a.n, 0)::int as assigned
      from staff_users u
      left join o on o.owner_id = u.id
      left join (select to_owner, count(*) as n from lead_owner_history
        where by_rule and created_at >= ${range.from}::date and created_at < ${range.to}::date + 1 group by to_owner) a on a.to_owner = u.id
      where u.disabled_at is null or o.n is not null or a.n is not null
      union all select null, null, false, false, coalesce(sum(o.n), 0)::int, coalesce(sum(o.overdue), 0)::int, 0 from o where o.owner_id is null) x
      order by x.id is not null, lower(x.name), x.id`,
  );
  // The first row is nobody's: the open leads without an owner.
  const [nobody, ...rest] = rows;
  const members = rest.map((r) => ({
    id: String(r.id),
    name: String(r.name),
    away: Boolean(r.away),
    disabled: Boolean(r.disabled),
    open: Number(r.open),
    overdue: Number(r.overdue),
    assigned: Number(r.assigned),
  }));
  return { members, assigned: members.reduce((s, m) => s + m.assigned, 0), unassigned: { open: Number(nobody?.open ?? 0), overdue: Number(nobody?.overdue ?? 0) } };
}

/** The CSV of the Assignment panel (`/staff/insights.csv?table=assignment`): one row per member, nobody's, and "All". */
export function assignmentRows(a: AssignmentInsights): unknown[][] {
  const share = (v: number) => (a.assigned ? (v / a.assigned).toFixed(4) : '');
  const open = a.members.reduce((s, m) => s + m.open, a.unassigned.open);
  const overdue = a.members.reduce((s, m) => s + m.overdue, a.unassigned.overdue);
  return [
    ['Member', 'Open now', 'Overdue now', 'Assigned by rule', 'Share of assigned', 'Away', 'Disabled'],
    ...a.members.map((m) => [m.name, m.open, m.overdue, m.assigned, share(m.assigned), m.away ? 'yes' : '', m.disabled ? 'yes' : '']),
    ['Nobody (unassigned)', a.unassigned.open, a.unassigned.overdue, '', '', '', ''],
    ['All', open, overdue, a.assigned, share(a.assigned), '', ''],
  ];
}
