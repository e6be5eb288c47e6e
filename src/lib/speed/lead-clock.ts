// A lead's first-response clock as its staff page shows it: lead_index's due and answer times (kept by the
// triggers of migration 0029) and the team's zone to show them in. Server-side only.
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { asDate } from '@/lib/db/values';
import type { LeadKind } from '@/lib/leads/kinds';
import { rowsOf } from '@/lib/staff/inbox';
import type { ClockFacts } from './due-text';
import { getTeamCalendar } from './team-calendar';

export type LeadClock = ClockFacts & { timeZone: string };

export async function getLeadClock(db: Db, kind: LeadKind, id: string): Promise<LeadClock | null> {
  const [rows, calendar] = await Promise.all([
    rowsOf(db, sql`select created_at, due_at, answered_at, status from lead_index where lead_type = ${kind} and lead_id = ${id}::uuid`),
    getTeamCalendar(db),
  ]);
  const r = rows[0];
  if (!r) return null;
  return {
    createdAt: asDate(r.created_at),
    dueAt: r.due_at ? asDate(r.due_at) : null,
    answeredAt: r.answered_at ? asDate(r.answered_at) : null,
    status: String(r.status),
    timeZone: calendar.timeZone,
  };
}
