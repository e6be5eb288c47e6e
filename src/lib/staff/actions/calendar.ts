import { z } from 'zod';
import { weekdays } from '@/lib/speed/business-hours';
import { calendarOf, saveTeamCalendar } from '@/lib/speed/team-calendar';
import { fail, ok } from '../action-state';
import { field, staffAction } from './define';

/** The form field a problem of `calendarOf` belongs to (its message goes under that field), or '' for the form. */
export function problemField(problem: string): string {
  const day = weekdays.find((d) => problem.startsWith(`${d}:`));
  if (day) return `open-${day}`;
  if (problem.startsWith('the holiday')) return 'holidays';
  if (problem.includes('is not a time zone')) return 'timeZone';
  return '';
}

const dayFields = Object.fromEntries(weekdays.flatMap((d) => [[`open-${d}`, field.text], [`close-${d}`, field.text]]));

/**
 * The team's calendar (admins only): the zone, the working days' hours and holidays. A calendar with problems
 * is refused, each problem under its field; a saved one moves the due time of every open, unanswered lead.
 */
export const saveCalendar = staffAction(
  { event: 'staff.calendar', role: 'admin', input: z.object({ timeZone: field.text, holidays: field.text, ...dayFields }) },
  async ({ user, db, input, audit }) => {
    const values = input as Record<string, string>;
    const days = Object.fromEntries(weekdays.map((d) => [d, { open: values[`open-${d}`] ?? '', close: values[`close-${d}`] ?? '' }]));
    const { calendar, problems } = calendarOf({ timeZone: input.timeZone, days, holidays: input.holidays });
    if (problems.length) {
      const fieldErrors: Record<string, string> = {};
      for (const p of problems) {
        const name = problemField(p);
        if (name) fieldErrors[name] = fieldErrors[name] ? `${fieldErrors[name]}; ${p}` : p;
      }
      return fail(`The calendar was not saved: ${problems.join('; ')}.`, fieldErrors);
    }
    const moved = await saveTeamCalendar(db, calendar, user.id);
    audit({ timeZone: calendar.timeZone, moved });
    return ok(`Calendar saved. ${moved === 1 ? '1 open lead has' : `${moved.toLocaleString('en-US')} open leads have`} a new due time.`);
  },
);
