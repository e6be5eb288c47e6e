// When a lead's first answer is due: its kind's promise (lib/config/response-promises.ts, what the site says)
// counted on the team's calendar, or the law's calendar days for a data request. Client-safe.
import { responsePromises, type ResponsePromise } from '@/lib/config/response-promises';
import { addDays } from '@/lib/dates';
import type { LeadKind } from '@/lib/leads/kinds';
import { dueAt, workingWeek, type TeamCalendar } from './business-hours';

/** Until admins set the team's own: Monday to Friday, 09:00 to 17:00, in UTC, no holidays. */
export const defaultTeamCalendar: TeamCalendar = { timeZone: 'UTC', hours: workingWeek('09:00', '17:00') };

/** The kinds with a promise; a kind not listed (a newsletter sign-up) is promised no answer. */
const promises: Partial<Record<LeadKind, ResponsePromise>> = responsePromises;

/**
 * The instant a first answer to a lead of `kind` received at `receivedAt` is due, or null for a kind that
 * is promised no answer. A promise in hours is counted in the team's business hours (24 hours are one
 * working day: lib/speed/business-hours.ts); a promise in days is a data request's legal deadline, in
 * calendar days whatever the team's hours, or the extended date when one was recorded (`replyDueBy`).
 */
export function firstResponseDueAt(kind: LeadKind, receivedAt: Date, calendar: TeamCalendar = defaultTeamCalendar, extendedUntil: Date | null = null): Date | null {
  const promise = promises[kind];
  if (!promise) return null;
  // Calendar days, as `replyDueBy` (lib/config/retention.ts) counts a data request's deadline.
  if ('days' in promise) return extendedUntil ?? addDays(receivedAt, promise.days);
  return dueAt(receivedAt, promise.hours, calendar);
}
