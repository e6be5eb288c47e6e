import { describe, expect, it } from 'vitest';
import { responsePromises } from '@/lib/config/response-promises';
import { dataRequestReplyDays, replyDueBy } from '@/lib/config/retention';
import { leadKinds } from '@/lib/leads/kinds';
import { businessMsBetween, calendarProblems, dueAt, isOpen, nextOpening, targetHoursBetween, workingWeek, type TeamCalendar } from '@/lib/speed/business-hours';
import { defaultTeamCalendar, firstResponseDueAt } from '@/lib/speed/first-response';

// Every instant is written with its offset, so each expectation says which wall-clock time it means and
// none is computed by the code under test.
const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();
const H = 3_600_000;

const berlin: TeamCalendar = { timeZone: 'Europe/Berlin', hours: workingWeek('09:00', '17:00') };
const newYork: TeamCalendar = { timeZone: 'America/New_York', hours: workingWeek('09:00', '17:00') };
const due = (start: string, hours: number, calendar = berlin) => iso(dueAt(at(start), hours, calendar));

describe('dueAt: a target of H hours is H/24 working days', () => {
  it("the issue's example: an agency lead on Friday at 17:00 in a Monday-to-Friday 9-to-17 team is due on Monday at 17:00", () => {
    expect(responsePromises.agency.hours).toBe(24);
    expect(due('2026-11-27T17:00+01:00', 24)).toBe(iso(at('2026-11-30T17:00+01:00')));
    // One working day of the target, eight open hours of the team.
    expect(targetHoursBetween(at('2026-11-27T17:00+01:00'), at('2026-11-30T17:00+01:00'), berlin)).toBe(24);
    expect(businessMsBetween(at('2026-11-27T17:00+01:00'), at('2026-11-30T17:00+01:00'), berlin)).toBe(8 * H);
  });

  it('a lead inside the hours is due at the same time of the next working day (24 h), or the one after (48 h)', () => {
    expect(due('2026-11-30T13:00+01:00', 24)).toBe(iso(at('2026-12-01T13:00+01:00')));
    expect(due('2026-12-03T10:00+01:00', 48)).toBe(iso(at('2026-12-07T10:00+01:00'))); // Thursday to Monday
    expect(due('2026-12-04T16:59+01:00', 24)).toBe(iso(at('2026-12-07T16:59+01:00'))); // Friday to Monday
    // A part of a day is the same part of its opening hours: 6 h of a target is a quarter of 9-to-17.
    expect(due('2026-11-30T10:00+01:00', 6)).toBe(iso(at('2026-11-30T12:00+01:00')));
    expect(due('2026-11-30T16:00+01:00', 6)).toBe(iso(at('2026-12-01T10:00+01:00')));
  });

  it('a lead outside the hours starts the clock at the next opening', () => {
    expect(due('2026-11-30T07:00+01:00', 24)).toBe(iso(at('2026-11-30T17:00+01:00'))); // before opening
    expect(due('2026-11-30T18:30+01:00', 24)).toBe(iso(at('2026-12-01T17:00+01:00'))); // after closing
    expect(due('2026-11-28T10:00+01:00', 24)).toBe(iso(at('2026-11-30T17:00+01:00'))); // Saturday
    expect(due('2026-11-29T23:59+01:00', 48)).toBe(iso(at('2026-12-01T17:00+01:00'))); // Sunday night
    expect(due('2026-11-30T09:00+01:00', 24)).toBe(iso(at('2026-11-30T17:00+01:00'))); // at the opening
  });

  it('a zero target is due when the clock starts: at once while open, else at the next opening', () => {
    expect(due('2026-11-30T13:00+01:00', 0)).toBe(iso(at('2026-11-30T13:00+01:00')));
    expect(due('2026-11-27T17:00+01:00', 0)).toBe(iso(at('2026-11-30T09:00+01:00')));
    expect(iso(nextOpening(at('2026-11-27T17:00+01:00'), berlin))).toBe(iso(at('2026-11-30T09:00+01:00')));
    // Opening hours are [opening, closing): open at 09:00, closed at 17:00.
    expect(isOpen(at('2026-11-30T09:00+01:00'), berlin)).toBe(true);
    expect(isOpen(at('2026-11-30T08:59:59.999+01:00'), berlin)).toBe(false);
    expect(isOpen(at('2026-11-30T16:59:59.999+01:00'), berlin)).toBe(true);
    expect(isOpen(at('2026-11-30T17:00+01:00'), berlin)).toBe(false);
    expect(isOpen(at('2026-11-28T12:00+01:00'), berlin)).toBe(false);
  });

  it('holidays are closed all day, also the day a lead arrives', () => {
    const holidays: TeamCalendar = { ...berlin, holidays: ['2026-12-24', '2026-12-25', '2026-12-31', '2027-01-01'] };
    // Wednesday 13:00: half of Wednesday, Thursday and Friday off, Monday, half of Tuesday.
    expect(due('2026-12-23T13:00+01:00', 48, holidays)).toBe(iso(at('2026-12-29T13:00+01:00')));
    expect(due('2026-12-24T10:00+01:00', 24, holidays)).toBe(iso(at('2026-12-28T17:00+01:00')));
    expect(due('2026-12-30T17:00+01:00', 24, holidays)).toBe(iso(at('2027-01-04T17:00+01:00')));
    expect(isOpen(at('2026-12-24T10:00+01:00'), holidays)).toBe(false);
    expect(businessMsBetween(at('2026-12-23T09:00+01:00'), at('2026-12-29T09:00+01:00'), holidays)).toBe(16 * H);
  });

  it('days with their own hours: a Saturday morning counts as a whole working day', () => {
    const saturdays: TeamCalendar = { ...berlin, hours: { ...berlin.hours, sat: { open: '10:00', close: '14:00' } } };
    expect(due('2026-11-27T17:00+01:00', 24, saturdays)).toBe(iso(at('2026-11-28T14:00+01:00')));
    expect(due('2026-11-27T17:00+01:00', 12, saturdays)).toBe(iso(at('2026-11-28T12:00+01:00')));
    expect(due('2026-11-28T12:00+01:00', 24, saturdays)).toBe(iso(at('2026-11-30T13:00+01:00')));
  });
});

describe('dueAt across changes of the clocks', () => {
  it('Europe/Berlin: the weekends clocks go forward (29 March 2026) and back (25 October 2026)', () => {
    expect(due('2026-03-27T17:00+01:00', 24)).toBe(iso(at('2026-03-30T17:00+02:00')));
    expect(due('2026-03-27T12:00+01:00', 24)).toBe(iso(at('2026-03-30T12:00+02:00')));
    expect(due('2026-10-23T15:00+02:00', 24)).toBe(iso(at('2026-10-26T15:00+01:00')));
    expect(businessMsBetween(at('2026-03-27T12:00+01:00'), at('2026-03-30T12:00+02:00'), berlin)).toBe(8 * H);
    expect(businessMsBetween(at('2026-10-23T12:00+02:00'), at('2026-10-26T12:00+01:00'), berlin)).toBe(8 * H);
  });

  it('America/New_York: 8 March and 1 November 2026', () => {
    expect(due('2026-03-06T17:00-05:00', 24, newYork)).toBe(iso(at('2026-03-09T17:00-04:00')));
    expect(due('2026-03-06T10:00-05:00', 48, newYork)).toBe(iso(at('2026-03-10T10:00-04:00')));
    expect(due('2026-10-30T17:00-04:00', 24, newYork)).toBe(iso(at('2026-11-02T17:00-05:00')));
    expect(businessMsBetween(at('2026-10-30T09:00-04:00'), at('2026-11-02T17:00-05:00'), newYork)).toBe(16 * H);
  });

  it('a team open day and night counts the 23-hour and the 25-hour Sunday as one day each, on the wall clock', () => {
    const always: TeamCalendar = { timeZone: 'Europe/Berlin', hours: workingWeek('00:00', '24:00', ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']) };
    expect(due('2026-03-28T12:00+01:00', 24, always)).toBe(iso(at('2026-03-29T12:00+02:00')));
    expect(businessMsBetween(at('2026-03-28T12:00+01:00'), at('2026-03-29T12:00+02:00'), always)).toBe(23 * H);
    expect(due('2026-10-24T12:00+02:00', 24, always)).toBe(iso(at('2026-10-25T12:00+01:00')));
    expect(businessMsBetween(at('2026-10-24T12:00+02:00'), at('2026-10-25T12:00+01:00'), always)).toBe(25 * H);
    expect(targetHoursBetween(at('2026-10-24T12:00+02:00'), at('2026-10-25T12:00+01:00'), always)).toBeCloseTo(24, 9);
  });

  it('an opening time the clocks skip is the moment after the jump; one they repeat is its first occurrence', () => {
    const sundayNights: TeamCalendar = { timeZone: 'Europe/Berlin', hours: { sun: { open: '02:30', close: '10:00' } } };
    expect(iso(nextOpening(at('2026-03-28T20:00+01:00'), sundayNights))).toBe(iso(at('2026-03-29T03:30+02:00')));
    expect(businessMsBetween(at('2026-03-29T00:00+01:00'), at('2026-03-30T00:00+02:00'), sundayNights)).toBe(6.5 * H);
    const fallBack: TeamCalendar = { timeZone: 'America/New_York', hours: { sun: { open: '01:30', close: '04:00' } } };
    expect(iso(nextOpening(at('2026-10-31T20:00-04:00'), fallBack))).toBe(iso(at('2026-11-01T01:30-04:00')));
    expect(businessMsBetween(at('2026-11-01T00:00-04:00'), at('2026-11-02T00:00-05:00'), fallBack)).toBe(3.5 * H);
  });
});

describe('zones with a 30- or 45-minute offset', () => {
  it('Asia/Kolkata (UTC+05:30), with 09:30-to-18:00 days', () => {
    const kolkata: TeamCalendar = { timeZone: 'Asia/Kolkata', hours: workingWeek('09:30', '18:00') };
    expect(due('2026-11-27T18:00+05:30', 24, kolkata)).toBe(iso(at('2026-11-30T18:00+05:30')));
    expect(due('2026-11-30T04:00Z', 24, kolkata)).toBe(iso(at('2026-11-30T18:00+05:30'))); // 09:30 IST, at the opening
    expect(isOpen(at('2026-11-30T04:00Z'), kolkata)).toBe(true);
    expect(isOpen(at('2026-11-30T03:59:59Z'), kolkata)).toBe(false);
    expect(businessMsBetween(at('2026-11-30T00:00Z'), at('2026-12-01T00:00Z'), kolkata)).toBe(8.5 * H);
  });

  it('Australia/Adelaide (UTC+09:30, +10:30 from 4 October 2026) and Asia/Kathmandu (UTC+05:45)', () => {
    const adelaide: TeamCalendar = { timeZone: 'Australia/Adelaide', hours: workingWeek('09:00', '17:00') };
    expect(due('2026-10-02T17:00+09:30', 24, adelaide)).toBe(iso(at('2026-10-05T17:00+10:30')));
    const kathmandu: TeamCalendar = { timeZone: 'Asia/Kathmandu', hours: workingWeek('10:00', '17:00') };
    expect(isOpen(at('2026-11-30T04:15Z'), kathmandu)).toBe(true);
    expect(isOpen(at('2026-11-30T04:14:59.999Z'), kathmandu)).toBe(false);
    expect(due('2026-11-30T04:15Z', 24, kathmandu)).toBe(iso(at('2026-11-30T17:00+05:45')));
    expect(due('2026-11-30T06:00Z', 24, kathmandu)).toBe(iso(at('2026-12-01T11:45+05:45')));
  });
});

describe('businessMsBetween and targetHoursBetween', () => {
  it('counts open time only, and is negative when the second instant is earlier', () => {
    expect(businessMsBetween(at('2026-11-30T10:00+01:00'), at('2026-11-30T11:30+01:00'), berlin)).toBe(1.5 * H);
    expect(businessMsBetween(at('2026-11-30T18:00+01:00'), at('2026-12-01T08:00+01:00'), berlin)).toBe(0);
    expect(businessMsBetween(at('2026-11-27T16:00+01:00'), at('2026-11-30T10:00+01:00'), berlin)).toBe(2 * H);
    expect(businessMsBetween(at('2026-11-30T10:00+01:00'), at('2026-11-27T16:00+01:00'), berlin)).toBe(-2 * H);
    expect(businessMsBetween(at('2026-11-30T10:00+01:00'), at('2026-11-30T10:00+01:00'), berlin)).toBe(0);
    // A year of Monday-to-Friday 9-to-17 in Berlin: 261 working days in 2026.
    expect(businessMsBetween(at('2026-01-01T00:00+01:00'), at('2027-01-01T00:00+01:00'), berlin)).toBe(261 * 8 * H);
  });

  it('targetHoursBetween is the inverse of dueAt, and dueAt grows with the target', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    for (const calendar of [berlin, newYork, { timeZone: 'Asia/Kolkata', hours: workingWeek('09:30', '18:00') }]) {
      for (let i = 0; i < 200; i++) {
        const start = new Date(Date.UTC(2026, 0, 1) + Math.floor(random() * 365 * 24) * H + Math.floor(random() * H));
        const hours = Math.round(random() * 96 * 4) / 4;
        const end = dueAt(start, hours, calendar);
        expect(end.getTime()).toBeGreaterThanOrEqual(start.getTime());
        expect(targetHoursBetween(start, end, calendar)).toBeCloseTo(hours, 6);
        expect(dueAt(start, hours + 0.25, calendar).getTime()).toBeGreaterThan(end.getTime());
      }
    }
  });
});

describe('calendars and targets that cannot be counted are refused, saying why', () => {
  it('calendarProblems names each problem', () => {
    expect(calendarProblems(berlin)).toEqual([]);
    expect(calendarProblems({ timeZone: 'Mars/Olympus', hours: workingWeek('09:00', '17:00') })).toEqual(['"Mars/Olympus" is not a time zone (use an IANA name such as Europe/Berlin)']);
    expect(calendarProblems({ timeZone: 'UTC', hours: { mon: { open: '9am', close: '17:00' } } })).toEqual(['mon: the opening time "9am" is not a time from 00:00 to 23:59']);
    expect(calendarProblems({ timeZone: 'UTC', hours: { mon: { open: '09:00', close: '25:00' } } })).toEqual(['mon: the closing time "25:00" is not a time from 00:00 to 24:00']);
    expect(calendarProblems({ timeZone: 'UTC', hours: { mon: { open: '17:00', close: '09:00' } } })).toEqual([
      'mon: the closing time 09:00 is not after the opening time 17:00',
      'no working day: name at least one day with opening hours',
    ]);
    expect(calendarProblems({ timeZone: 'UTC', hours: {} })).toEqual(['no working day: name at least one day with opening hours']);
    expect(calendarProblems({ ...berlin, holidays: ['2026-02-30', '24.12.2026'] })).toEqual([
      'the holiday "2026-02-30" is not a date (YYYY-MM-DD)',
      'the holiday "24.12.2026" is not a date (YYYY-MM-DD)',
    ]);
  });

  it('dueAt throws a RangeError for a bad calendar, a negative or non-finite target, or an invalid date', () => {
    expect(() => dueAt(at('2026-11-30T10:00Z'), 24, { timeZone: 'UTC', hours: {} })).toThrow(/^Business hours: no working day/);
    expect(() => dueAt(at('2026-11-30T10:00Z'), -1, berlin)).toThrow(RangeError);
    expect(() => dueAt(at('2026-11-30T10:00Z'), Number.NaN, berlin)).toThrow(RangeError);
    expect(() => dueAt(new Date('not a date'), 24, berlin)).toThrow(/an invalid date/);
  });
});

describe('first-response targets: what the site promises, in one place', () => {
  it('each kind has the target its pages state', () => {
    // Every kind but the newsletter is promised an answer.
    expect(Object.keys(responsePromises).sort()).toEqual(Object.keys(leadKinds).filter((k) => k !== 'newsletter').sort());
    expect(responsePromises).toMatchObject({ partner: { hours: 48 }, agency: { hours: 24 }, contact: { hours: 24 }, trial: { hours: 24 }, affiliate: { hours: 24 }, dataRequest: { days: dataRequestReplyDays } });
    expect(leadKinds.partner.outcome.success.message).toContain(`within ${responsePromises.partner.hours} hours`);
    expect(leadKinds.agency.outcome.success.message).toContain(`within ${responsePromises.agency.hours} hours`);
    expect(leadKinds.contact.outcome.success.message).toContain(`within ${responsePromises.contact.hours} hours`);
  });

  it('firstResponseDueAt: business time for most kinds, calendar days for a data request, none for a sign-up', () => {
    expect(iso(firstResponseDueAt('agency', at('2026-11-27T17:00+01:00'), berlin)!)).toBe(iso(at('2026-11-30T17:00+01:00')));
    expect(iso(firstResponseDueAt('partner', at('2026-11-27T17:00+01:00'), berlin)!)).toBe(iso(at('2026-12-01T17:00+01:00')));
    expect(iso(firstResponseDueAt('contact', at('2026-11-27T17:00Z'))!)).toBe(iso(at('2026-11-30T17:00Z'))); // the default calendar
    expect(defaultTeamCalendar.timeZone).toBe('UTC');
    // A data request's legal deadline runs through weekends and nights.
    expect(iso(firstResponseDueAt('dataRequest', at('2026-11-27T17:00Z'), berlin)!)).toBe(iso(new Date(at('2026-11-27T17:00Z').getTime() + dataRequestReplyDays * 24 * H)));
    expect(firstResponseDueAt('dataRequest', at('2026-11-27T17:00Z'), berlin)).toEqual(replyDueBy(at('2026-11-27T17:00Z')));
    expect(iso(firstResponseDueAt('dataRequest', at('2026-11-27T17:00Z'), berlin, at('2027-02-27T17:00Z'))!)).toBe(iso(at('2027-02-27T17:00Z')));
    expect(firstResponseDueAt('newsletter', at('2026-11-27T17:00Z'), berlin)).toBeNull();
  });
});
