/**
 * How soon the team answers each kind of lead: what the site promises (the forms' success messages, the
 * partner and agency pages, the data request form), in one place, so that the first-response clock
 * (lib/speed) and the pages cannot disagree. Client-safe: plain data. One entry per lead kind (the registry's
 * names: lib/speed/first-response.ts checks that none is missing; the kinds' messages read their hours here).
 *
 * `business-hours` targets run on the team's calendar (lib/speed/business-hours.ts: 24 hours are one
 * working day). A data request's deadline is the law's, in calendar days whatever the team's hours
 * (`replyDueBy`, lib/config/retention.ts). A newsletter sign-up is not answered.
 */
import type { TeamCalendar } from '@/lib/speed/business-hours';
import { dataRequestReplyDays } from './retention';

export type ResponsePromise = { unit: 'business-hours'; hours: number } | { unit: 'calendar-days'; days: number };

const hours = (n: number) => ({ unit: 'business-hours', hours: n }) as const;

export const responsePromises = {
  partner: hours(48),
  affiliate: hours(24),
  agency: hours(24),
  contact: hours(24),
  trial: hours(24),
  dataRequest: { unit: 'calendar-days', days: dataRequestReplyDays },
  newsletter: null,
} as const;

/** Until admins set the team's own: Monday to Friday, 09:00 to 17:00, in UTC, no holidays. */
export const defaultTeamCalendar: TeamCalendar = {
  timeZone: 'UTC',
  hours: Object.fromEntries((['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((d) => [d, { open: '09:00', close: '17:00' }])),
};
