// When a lead's first answer is due: its kind's promise (lib/config/response-times.ts) counted on the team's
// calendar, or the law's calendar days for a data request. Client-safe.
import { defaultTeamCalendar, responsePromises, type ResponsePromise } from '@/lib/config/response-times';
import { replyDueBy } from '@/lib/config/retention';
import type { LeadKind } from '@/lib/leads/kinds';
import { dueAt, type TeamCalendar } from './business-hours';

/** Every kind of the registry has its promise (a kind added without one fails the type check here). */
const promises: Record<LeadKind, ResponsePromise | null> = responsePromises;

/**
 * The instant a first answer to a lead of `kind` received at `receivedAt` is due, or null for a kind that
 * is not answered (a newsletter sign-up). A data request's is its legal deadline (`replyDueBy`, with the
 * extension when one was recorded), not counted in business hours.
 */
export function firstResponseDueAt(kind: LeadKind, receivedAt: Date, calendar: TeamCalendar = defaultTeamCalendar, extendedUntil: Date | null = null): Date | null {
  const promise = promises[kind];
  if (!promise) return null;
  if (promise.unit === 'calendar-days') return replyDueBy(receivedAt, extendedUntil);
  return dueAt(receivedAt, promise.hours, calendar);
}
