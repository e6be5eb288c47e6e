// Calendar arithmetic in UTC, shared by the data-request deadlines, the retention purge and the dates the
// staff pages show, so that they all agree. Client-safe.

const day = 86_400_000;

/** `d` plus `days` whole days (negative: before). */
export const addDays = (d: Date, days: number): Date => new Date(d.getTime() + days * day);

/** `d` plus `months` calendar months (negative: before); the last day of a shorter month when the day does not exist, as PostgreSQL's `interval 'N months'`. */
export function addMonths(d: Date, months: number): Date {
  const r = new Date(d);
  const dayOfMonth = r.getUTCDate();
  r.setUTCDate(1);
  r.setUTCMonth(r.getUTCMonth() + months);
  const last = new Date(Date.UTC(r.getUTCFullYear(), r.getUTCMonth() + 1, 0)).getUTCDate();
  r.setUTCDate(Math.min(dayOfMonth, last));
  return r;
}

/** Whole days from `d` to now (negative: `d` is ahead). */
export const daysSince = (d: Date, now = Date.now()): number => Math.floor((now - d.getTime()) / day);
