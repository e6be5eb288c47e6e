// Dates of the staff emails in a member's own time zone: the local date a digest is for (its key), the ISO
// week a summary covers, a week's first instant, and times as the member reads them. The zone database
// is the platform's (Intl), as the business-hours clock does (lib/speed/business-hours.ts).
import type { Queryable } from '@/lib/db/connection';
import { defaultTeamCalendar } from '@/lib/speed/first-response';

/**
 * The team's zone, for a member who set none: the one of the team's calendar as the admins saved it
 * (team_calendar, lib/speed/team-calendar.ts), or the default calendar's until they did.
 */
export async function teamTimeZone(client: Queryable): Promise<string> {
  const { rows } = await client.query(`select time_zone from team_calendar limit 1`);
  return (rows[0] as { time_zone?: string } | undefined)?.time_zone ?? defaultTeamCalendar.timeZone;
}

/** Whether `tz` is an IANA zone this platform knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** `HH:MM`, 00:00 to 23:59. */
export const isClockTime = (v: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(v);

const parts = (at: Date, tz: string) => {
  const out: Record<string, number> = {};
  const f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
  for (const p of f.formatToParts(at)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
};

/** The local date at `at` in `tz`, `YYYY-MM-DD`. */
export function localDate(at: Date, tz: string): string {
  const p = parts(at, tz);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** How far `tz`'s wall clock is ahead of UTC at `at`, in milliseconds. */
function offsetMs(at: Date, tz: string): number {
  const p = parts(at, tz);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The first instant of local date `date` (`YYYY-MM-DD`) in `tz` (midnight, or the first moment after a skipped one). */
export function startOfLocalDate(date: string, tz: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d);
  const first = wall - offsetMs(new Date(wall), tz);
  // Near a change of the clocks the offset at the guess may differ from the offset at the answer.
  return new Date(wall - offsetMs(new Date(first), tz));
}

/** The ISO week (`YYYY-Www`) of a date `YYYY-MM-DD`. */
export function isoWeek(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  const weekday = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - weekday); // the Thursday of its week names the year
  const yearStart = Date.UTC(t.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((t.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${t.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The Monday (`YYYY-MM-DD`) of an ISO week `YYYY-Www`. */
export function isoWeekMonday(week: string): string {
  const [, y, w] = /^(\d{4})-W(\d{2})$/.exec(week)!.map(Number);
  const jan4 = new Date(Date.UTC(y, 0, 4));
  const monday = new Date(jan4.getTime() - ((jan4.getUTCDay() || 7) - 1) * 86_400_000 + (w - 1) * 7 * 86_400_000);
  return monday.toISOString().slice(0, 10);
}

/** `date` plus `days` calendar days (`YYYY-MM-DD`). */
export function addLocalDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** "27 Nov 2026, 17:00 CET": an instant on the member's wall clock, with the zone's short name. */
export function formatInZone(at: Date, tz: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: tz, timeZoneName: 'short' }).format(at);
}
