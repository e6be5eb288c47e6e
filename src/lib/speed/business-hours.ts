// The team's business hours as a clock: when a first answer promised "within N hours" is due, and how much
// business time lies between two instants. Time zones come from the platform (Intl.DateTimeFormat), so a
// change of offset (summer time, a 30-minute zone) is the zone database's, not ours. Client-safe, no state.
//
// How a target is counted (docs/speed-to-lead.md, "How business hours are counted"): a target of H hours
// means H/24 working days. Every 24 hours of a promise is one working day of the team, from opening to
// closing time, and a part of it is the same part of that day's opening hours. So "within 24 hours" is
// "by the same time on the next working day": a lead that arrives on Monday at 13:00 in a 9-to-17 team is
// due on Tuesday at 13:00, one that arrives on Friday at 17:00 (closed) on Monday at 17:00, and 48 hours
// from Thursday at 10:00 is Monday at 10:00. Counted as literal open hours instead, 24 hours of an 8-hour
// day would be three working days, three times what the visitor was promised. The clock starts at the
// first open instant at or after the lead's arrival; nothing counts while the team is closed (nights,
// days off, holidays). A part of a day is measured on the clocks of the team's zone, so "24 hours" stays
// "the same time on the next working day" across a change to or from summer time, also for a team whose
// hours hold the change (a 23-hour Sunday of a team open day and night still counts as one day).

/** Days of the week, at the index of `Date.prototype.getUTCDay`. */
export const weekdays = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof weekdays)[number];

/** One day's opening hours, local wall-clock `HH:MM` in the calendar's zone; `close` may be `24:00` (midnight after). */
export type OpeningHours = { open: string; close: string };

export type TeamCalendar = {
  /** An IANA time zone (`Europe/Berlin`, `America/New_York`, `Asia/Kolkata`, `UTC`). */
  timeZone: string;
  /** The working days and their hours; a day not named is closed. */
  hours: Partial<Record<Weekday, OpeningHours>>;
  /** Local dates (`YYYY-MM-DD`) on which the team is closed all day. */
  holidays?: readonly string[];
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How far the clock looks for a working day before it calls the calendar unusable (a decade of holidays). */
const MAX_CLOSED_DAYS = 3_660;

/** The same hours on each of `days` (Monday to Friday unless given). */
export function workingWeek(open: string, close: string, days: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri']): TeamCalendar['hours'] {
  return Object.fromEntries(days.map((d) => [d, { open, close }]));
}

const clock = /^(?:([01]\d|2[0-3]):([0-5]\d)|(24):(00))$/;
/** Minutes after local midnight of `HH:MM`, or undefined when it is not one. */
function minutesOf(text: string): number | undefined {
  const m = clock.exec(text);
  if (!m) return undefined;
  return m[3] ? 24 * 60 : Number(m[1]) * 60 + Number(m[2]);
}

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;
function validDate(text: string): boolean {
  const m = isoDate.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

/** Every problem of a calendar, each a sentence for the person who set it; empty when it is usable. */
export function calendarProblems(calendar: TeamCalendar): string[] {
  const problems: string[] = [];
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: calendar.timeZone });
  } catch {
    problems.push(`"${String(calendar.timeZone).slice(0, 60)}" is not a time zone (use an IANA name such as Europe/Berlin)`);
  }
  let open = 0;
  for (const day of weekdays) {
    const hours = calendar.hours[day];
    if (!hours) continue;
    const from = minutesOf(hours.open);
    const to = minutesOf(hours.close);
    if (from === undefined || from === 24 * 60) problems.push(`${day}: the opening time "${hours.open}" is not a time from 00:00 to 23:59`);
    if (to === undefined) problems.push(`${day}: the closing time "${hours.close}" is not a time from 00:00 to 24:00`);
    if (from !== undefined && to !== undefined && to <= from) problems.push(`${day}: the closing time ${hours.close} is not after the opening time ${hours.open}`);
    else open++;
  }
  if (!open) problems.push('no working day: name at least one day with opening hours');
  for (const h of calendar.holidays ?? []) if (!validDate(h)) problems.push(`the holiday "${String(h).slice(0, 20)}" is not a date (YYYY-MM-DD)`);
  return problems;
}

type Compiled = {
  format: Intl.DateTimeFormat;
  /** Per weekday: [opening, closing] in minutes after local midnight, or null when closed. */
  days: ([number, number] | null)[];
  holidays: Set<string>;
};

const compiled = new WeakMap<TeamCalendar, Compiled>();

function compile(calendar: TeamCalendar): Compiled {
  let c = compiled.get(calendar);
  if (c) return c;
  const problems = calendarProblems(calendar);
  if (problems.length) throw new RangeError(`Business hours: ${problems.join('; ')}`);
  c = {
    format: new Intl.DateTimeFormat('en-US', {
      timeZone: calendar.timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }),
    days: weekdays.map((d) => {
      const h = calendar.hours[d];
      return h ? [minutesOf(h.open)!, minutesOf(h.close)!] : null;
    }),
    holidays: new Set(calendar.holidays ?? []),
  };
  compiled.set(calendar, c);
  return c;
}

/** The local wall-clock time at instant `t` written as if it were UTC (ms): what the zone's clocks show. */
function wallClock(format: Intl.DateTimeFormat, t: number): number {
  const p: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(t))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) + (((t % 1000) + 1000) % 1000);
}

/** The zone's offset from UTC at instant `t`, in ms. */
const offsetAt = (format: Intl.DateTimeFormat, t: number): number => wallClock(format, t) - t;

/**
 * The instant of a local wall-clock time (`wall`: that time written as if UTC). A time that happens twice
 * (the hour repeated when clocks go back) is the first; a time that does not happen (skipped when they go
 * forward) is moved on by the gap, as Temporal's `compatible` disambiguation does: 02:30 on the morning the
 * clocks jump from 02:00 to 03:00 is 03:30.
 */
function instantOf(format: Intl.DateTimeFormat, wall: number): number {
  const before = offsetAt(format, wall - DAY);
  const after = offsetAt(format, wall + DAY);
  const early = wall - before;
  const late = wall - after;
  const earlyOk = offsetAt(format, early) === before;
  const lateOk = offsetAt(format, late) === after;
  if (earlyOk && lateOk) return Math.min(early, late);
  if (earlyOk) return early;
  if (lateOk) return late;
  return wall - before;
}

/**
 * One working day: its opening and closing instants, the same as wall-clock times (`wallOpen`, `wallClose`),
 * and `wallAt`, the wall-clock time of an instant (kept within the day's hours).
 */
type OpenDay = { open: number; close: number; wallOpen: number; wallClose: number; wallAt: (t: number) => number };

/**
 * The team's working days in order, from the local day of `from` on; ends with a RangeError when no day is
 * open for `MAX_CLOSED_DAYS` days in a row.
 */
function* openDays(calendar: TeamCalendar, from: number): Generator<OpenDay> {
  const c = compile(calendar);
  const local = wallClock(c.format, from);
  let midnight = local - (((local % DAY) + DAY) % DAY);
  let closed = 0;
  for (;;) {
    const date = new Date(midnight);
    const hours = c.days[date.getUTCDay()];
    if (hours && !c.holidays.has(date.toISOString().slice(0, 10))) {
      const wallOpen = midnight + hours[0] * MINUTE;
      const wallClose = midnight + hours[1] * MINUTE;
      const open = instantOf(c.format, wallOpen);
      const close = instantOf(c.format, wallClose);
      if (close > open) {
        closed = 0;
        const wallAt = (t: number) => (t <= open ? wallOpen : t >= close ? wallClose : Math.min(Math.max(wallClock(c.format, t), wallOpen), wallClose));
        yield { open, close, wallOpen, wallClose, wallAt };
      }
    }
    if (++closed > MAX_CLOSED_DAYS) throw new RangeError(`Business hours: no working day in the ${MAX_CLOSED_DAYS} days after ${new Date(from).toISOString()}`);
    midnight += DAY;
  }
}

const time = (d: Date): number => {
  const t = d.getTime();
  if (!Number.isFinite(t)) throw new RangeError('Business hours: an invalid date');
  return t;
};

/** Whether the team is open at `at`. */
export function isOpen(at: Date, calendar: TeamCalendar): boolean {
  const t = time(at);
  const { open, close } = openDays(calendar, t).next().value as OpenDay;
  // The first working day is `at`'s local day or later: open only when it holds `at`.
  return open <= t && t < close;
}

/** When the clock runs from: `at` itself while the team is open, else its next opening time. */
export function nextOpening(at: Date, calendar: TeamCalendar): Date {
  return dueAt(at, 0, calendar);
}

/**
 * The instant by which a first answer promised within `targetHours` is due, for a lead that arrived at
 * `start`: `targetHours / 24` working days of the calendar after the first open instant at or after
 * `start` (the definition is at the top of this file). A target of 0 is due at that first open instant.
 */
export function dueAt(start: Date, targetHours: number, calendar: TeamCalendar): Date {
  if (!Number.isFinite(targetHours) || targetHours < 0) throw new RangeError(`Business hours: the target must be 0 hours or more, not ${targetHours}`);
  const t = time(start);
  // What is left of the target in ms of promise time (a working day is worth DAY).
  let remaining = Math.round(targetHours * HOUR);
  for (const day of openDays(calendar, t)) {
    const from = Math.max(t, day.open);
    if (from >= day.close) continue;
    if (remaining === 0) return new Date(from);
    const wallFrom = day.wallAt(from);
    const length = day.wallClose - day.wallOpen;
    const worth = Math.round(((day.wallClose - wallFrom) * DAY) / length);
    if (remaining <= worth) {
      const wall = wallFrom + Math.round((remaining * length) / DAY);
      return new Date(wall >= day.wallClose ? day.close : Math.max(from, instantOf(compile(calendar).format, wall)));
    }
    remaining -= worth;
  }
  throw new Error('unreachable: openDays never ends');
}

/** The working days' overlap with [from, to), each measured by `measure` (given the overlap's instants) and summed. */
function sumOpen(from: number, to: number, calendar: TeamCalendar, measure: (day: OpenDay, start: number, end: number) => number): number {
  let sum = 0;
  for (const day of openDays(calendar, from)) {
    if (day.open >= to) break;
    const start = Math.max(day.open, from);
    const end = Math.min(day.close, to);
    if (end > start) sum += measure(day, start, end);
  }
  return sum;
}

/** Business time between `a` and `b` in ms: the open hours the team had in between (negative when `b` is before `a`). */
export function businessMsBetween(a: Date, b: Date, calendar: TeamCalendar): number {
  const [x, y] = [time(a), time(b)];
  if (y < x) return -businessMsBetween(b, a, calendar);
  return sumOpen(x, y, calendar, (_, start, end) => end - start);
}

/**
 * How much of a target had run between `a` and `b`, in the target's hours (24 per working day): the inverse
 * of `dueAt`, so `dueAt(a, targetHoursBetween(a, b))` is `b` whenever the team is open at `b`. Negative
 * when `b` is before `a`.
 */
export function targetHoursBetween(a: Date, b: Date, calendar: TeamCalendar): number {
  const [x, y] = [time(a), time(b)];
  if (y < x) return -targetHoursBetween(b, a, calendar);
  return sumOpen(x, y, calendar, (day, start, end) => ((day.wallAt(end) - day.wallAt(start)) * DAY) / (day.wallClose - day.wallOpen)) / HOUR;
}
