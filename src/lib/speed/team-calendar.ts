// The team's calendar in the database (team_calendar, one row): read by the staff pages, saved by the admins'
// settings page. Saving it moves the due time of every open, unanswered lead to the new calendar, in batches
// (each its own short transaction: a million leads never wait on one long lock). The due times themselves are
// computed by the database (migration 0029: business_due_at, the SQL twin of business-hours.ts dueAt), so that
// every write of a lead, whoever makes it, gets its due time in its own transaction. Server-side only.
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { teamCalendar } from '@/lib/db/staff-schema';
import { rowsOf } from '@/lib/staff/inbox';
import { calendarProblems, weekdays, type TeamCalendar } from './business-hours';
import { defaultTeamCalendar } from './first-response';

/** The team's calendar: the admins' one, or `defaultTeamCalendar` until they saved one. */
export async function getTeamCalendar(db: Db): Promise<TeamCalendar> {
  const [row] = await db.select().from(teamCalendar).limit(1);
  if (!row) return defaultTeamCalendar;
  return { timeZone: row.timeZone, hours: row.hours as TeamCalendar['hours'], holidays: row.holidays };
}

/** How many leads a batch of the recomputation moves (one short transaction each). */
export const recomputeBatch = 2_000;

/**
 * Gives every open (new, contacted, qualified), unanswered lead with a due time its due time on the calendar
 * now stored, in keyset batches over the primary key; returns how many changed. Answered and closed leads keep
 * theirs: the calendar they were answered or closed under is the one that counted.
 */
export async function recomputeDueTimes(db: Db, batch = recomputeBatch): Promise<number> {
  let after: { type: string; id: string } = { type: '', id: '00000000-0000-0000-0000-000000000000' };
  let changed = 0;
  for (;;) {
    const rows = await rowsOf(
      db,
      sql`with page as (
            select lead_type, lead_id, due_at, lead_due_at(lead_type, created_at, lead_id) as due from lead_index
             where (lead_type, lead_id) > (${after.type}, ${after.id}::uuid)
               and status in ('new', 'contacted', 'qualified') and answered_at is null and due_at is not null
             order by lead_type, lead_id limit ${batch}
          ), moved as (
            update lead_index i set due_at = p.due from page p
             where i.lead_type = p.lead_type and i.lead_id = p.lead_id and p.due is distinct from p.due_at and i.answered_at is null
            returning 1
          ), last as (select lead_type, lead_id::text as id from page order by lead_type desc, lead_id desc limit 1)
          select (select count(*)::int from moved) as moved, (select count(*)::int from page) as n, last.lead_type as t, last.id
            from (select 1) one left join last on true`,
    );
    const r = rows[0]!;
    changed += Number(r.moved);
    if (Number(r.n) < batch) return changed;
    after = { type: String(r.t), id: String(r.id) };
  }
}

/** What the settings form sends: the zone, per weekday opening and closing times (both empty: closed), holidays one per line. */
export type CalendarInput = { timeZone: string; days: Partial<Record<string, { open: string; close: string }>>; holidays: string };

/** The calendar of a form's values, and its problems (empty: it can be saved). */
export function calendarOf(input: CalendarInput): { calendar: TeamCalendar; problems: string[] } {
  const hours: TeamCalendar['hours'] = {};
  const problems: string[] = [];
  for (const day of weekdays) {
    const d = input.days[day];
    const open = d?.open.trim() ?? '';
    const close = d?.close.trim() ?? '';
    if (!open && !close) continue;
    if (!open || !close) problems.push(`${day}: give both an opening and a closing time, or neither (closed)`);
    else hours[day] = { open, close };
  }
  const holidays = [...new Set(input.holidays.split(/[\s,]+/).filter(Boolean))].sort();
  const calendar: TeamCalendar = { timeZone: input.timeZone.trim(), hours, holidays };
  return { calendar, problems: [...problems, ...calendarProblems(calendar)] };
}

/** Stores the calendar (checked by the caller with `calendarOf`), then moves the open leads' due times; returns how many moved. */
export async function saveTeamCalendar(db: Db, calendar: TeamCalendar, actorId: string | null): Promise<number> {
  const values = { timeZone: calendar.timeZone, hours: calendar.hours as Record<string, { open: string; close: string }>, holidays: [...(calendar.holidays ?? [])], updatedBy: actorId };
  await db
    .insert(teamCalendar)
    .values({ id: true, ...values })
    .onConflictDoUpdate({ target: teamCalendar.id, set: { ...values, updatedAt: sql`now()` } });
  return recomputeDueTimes(db);
}
