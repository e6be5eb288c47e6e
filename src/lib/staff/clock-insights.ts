// "Answered on time" on /staff/insights (issue 32), counted by the first-response clock: lead_index.due_at and
// answered_at (migration 0029, business hours), the same columns the lead's page, the inbox's Overdue view,
// the overdue reminders and the weekly summary read, so that none of them can disagree with the page.
//
// A lead of the range is answered in time when answered_at <= due_at, late when answered after it; not
// answered, it is overdue when open and due_at <= now (the Overdue view's condition), closed without an
// answer when its status is closed, and not yet due otherwise.
//
// Per member, the lead is credited to whoever answered it: the author of our first reply (first_reply_by) when
// that reply is the answer, or the member who marked it "answered elsewhere" (lead_status_history.answered,
// its changed_by) when that came first. Both from indexes: the range's leads from lead_index_insights_idx
// (which includes the clock's columns since migration 0031), the marks from lead_status_history_answered_idx.
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { rowsOf } from './inbox';
import { inRange, type InsightsRange } from './insights';

/** Leads by where they stand on the first-response clock. */
export type PromiseCounts = { within: number; late: number; overdue: number; notDue: number; closed: number };
export const promiseStates = ['within', 'late', 'overdue', 'notDue', 'closed'] as const;

/** The open statuses (docs: the shared definitions of issue 32). */
export const openStatusList = sql`('new', 'contacted', 'qualified')`;

/** Where a lead of lead_index `i` stands on the clock at `now`: one of `promiseStates`. */
export const clockStateSql = (now: Date) => sql`case
    when i.answered_at <= i.due_at then 'within'
    when i.answered_at is not null then 'late'
    when i.status not in ${openStatusList} then 'closed'
    when i.due_at <= ${now.toISOString()}::timestamptz then 'overdue'
    else 'notDue' end`;

/** The share answered in time of the leads whose promise is settled (answered, or overdue); null: none yet. */
export const inTimeShare = (c: PromiseCounts) => (c.within + c.late + c.overdue ? c.within / (c.within + c.late + c.overdue) : null);

/** A member's answers (`id` null: nobody recorded, or a former member whose account was deleted). */
export type MemberAnswers = { id: string | null; name: string; within: number; late: number; elsewhere: number };

/** The answered leads of `range` of `kinds` per member who answered them, most answers first. */
export async function getMemberAnswers(db: Db, range: InsightsRange, kinds: readonly string[]): Promise<MemberAnswers[]> {
  const rows = await rowsOf(
    db,
    sql`with a as (
        select i.lead_type, i.lead_id, i.answered_at, i.due_at, i.first_reply_at, i.first_reply_by
        from lead_index i where ${inRange(range)} and i.lead_type = any(${`{${kinds.join(',')}}`}::text[]) and i.answered_at is not null),
      h as (
        select h.lead_type, h.lead_id, h.created_at, min(h.changed_by::text) as by from lead_status_history h
        where h.answered and h.created_at >= ${range.from}::date group by 1, 2, 3),
      m as (
        select case when a.answered_at = a.first_reply_at then a.first_reply_by::text else h.by end as by,
          count(*) filter (where a.answered_at <= a.due_at)::int as within,
          count(*) filter (where a.answered_at > a.due_at or a.due_at is null)::int as late,
          count(*) filter (where a.answered_at is distinct from a.first_reply_at)::int as elsewhere
        from a left join h on h.lead_type = a.lead_type and h.lead_id = a.lead_id and h.created_at = a.answered_at
        group by 1)
      select m.*, u.name from m left join staff_users u on u.id::text = m.by`,
  );
  return rows
    .map((r): MemberAnswers => ({
      id: r.by === null || !r.name ? null : String(r.by),
      name: r.by === null || !r.name ? 'Not recorded or a former member' : String(r.name),
      within: Number(r.within),
      late: Number(r.late),
      elsewhere: Number(r.elsewhere),
    }))
    .reduce<MemberAnswers[]>((list, m) => {
      // A deleted account and a lead with no author recorded are one row.
      const same = m.id === null ? list.find((x) => x.id === null) : undefined;
      if (!same) return [...list, m];
      same.within += m.within;
      same.late += m.late;
      same.elsewhere += m.elsewhere;
      return list;
    }, [])
    .sort((a, b) => b.within + b.late - (a.within + a.late) || Number(a.id === null) - Number(b.id === null) || a.name.localeCompare(b.name));
}

type Answers = Pick<MemberAnswers, 'within' | 'late' | 'elsewhere'>;
/** The answers of every member together. */
export const answersTotal = (members: Answers[]): Answers =>
  members.reduce((t, m) => ({ within: t.within + m.within, late: t.late + m.late, elsewhere: t.elsewhere + m.elsewhere }), { within: 0, late: 0, elsewhere: 0 });
/** A member's share of answers in time (null: none). */
export const memberShare = (m: Answers) => (m.within + m.late ? m.within / (m.within + m.late) : null);

/** The CSV of the answers per member (`/staff/insights.csv?table=on-time-members`): one row each and an "All" row. */
export function memberAnswerRows(members: MemberAnswers[]): unknown[][] {
  const cells = (m: Answers) => [m.within + m.late, m.within, m.late, m.elsewhere, memberShare(m)?.toFixed(4) ?? ''];
  return [['Member', 'Answered', 'Answered in time', 'Answered late', 'Answered elsewhere', 'Share in time'], ...members.map((m) => [m.name, ...cells(m)]), ['All', ...cells(answersTotal(members))]];
}
