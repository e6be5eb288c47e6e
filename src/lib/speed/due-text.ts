// How the staff pages word a lead's first-response clock: "overdue by 3 h", "due in 2 h", "answered in 5 h,
// on time". Pure and client-safe; `now` is passed in (the pages' clock, a test's moved one).

/** Open statuses (the first-response clock runs only while a lead is open). */
export const openStatuses = ['new', 'contacted', 'qualified'] as const;
export const isOpenStatus = (s: string): boolean => (openStatuses as readonly string[]).includes(s);

/** "Due soon" looks this far ahead (wall time): a lead due within it and not yet overdue. */
export const dueSoonHours = 4;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A span as staff read it: "25 min", "3 h", "2 days" (hours up to two days; never "0"). */
export function spanText(ms: number): string {
  const m = Math.abs(ms);
  if (m < HOUR) return `${Math.max(1, Math.round(m / MINUTE))} min`;
  if (m < 48 * HOUR) return `${Math.round(m / HOUR)} h`;
  return `${Math.round(m / (24 * HOUR))} days`;
}

export type ClockFacts = { createdAt: Date; dueAt: Date | null; answeredAt: Date | null; status: string };
export type ClockTone = 'overdue' | 'soon' | 'due' | 'answered' | 'late' | 'closed';
export type ClockState = { tone: ClockTone; text: string } | null;

/** Where a lead's clock stands at `now`; null when its kind is promised no answer or it is held as spam. */
export function clockState({ createdAt, dueAt, answeredAt, status }: ClockFacts, now: Date): ClockState {
  if (!dueAt) return null;
  if (answeredAt) {
    const took = `answered in ${spanText(answeredAt.getTime() - createdAt.getTime())}`;
    return answeredAt <= dueAt ? { tone: 'answered', text: `${took}, on time` } : { tone: 'late', text: `${took}, ${spanText(answeredAt.getTime() - dueAt.getTime())} late` };
  }
  if (!isOpenStatus(status)) return { tone: 'closed', text: 'closed without an answer' };
  const left = dueAt.getTime() - now.getTime();
  if (left <= 0) return { tone: 'overdue', text: `overdue by ${spanText(left)}` };
  return { tone: left <= dueSoonHours * HOUR ? 'soon' : 'due', text: `due in ${spanText(left)}` };
}

/** The due instant in the team's zone: "Mon 30 Nov, 17:00 (Europe/Berlin)". */
export function dueInZone(dueAt: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(dueAt);
  return `${text.replace(',', '')} (${timeZone})`;
}
