import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadKindNames } from '@/lib/leads/kinds';
import { dueAt, workingWeek, type TeamCalendar } from '@/lib/speed/business-hours';
import { firstResponseDueAt } from '@/lib/speed/first-response';
import { databaseKinds, query, type TestDb } from '../support/vitest-databases';

// The first-response clock in SQL (migration 0029's business_due_at, lead_due_at) is business-hours.ts's
// `dueAt` and first-response.ts's `firstResponseDueAt` line by line: the two must give the same instant, to
// the millisecond, wherever the triggers compute a lead's due time.
const calendars: TeamCalendar[] = [
  { timeZone: 'UTC', hours: workingWeek('09:00', '17:00') },
  { timeZone: 'Europe/Berlin', hours: { ...workingWeek('08:30', '18:00'), sat: { open: '10:00', close: '14:00' } }, holidays: ['2026-12-24', '2026-12-25', '2027-01-01'] },
  { timeZone: 'America/New_York', hours: workingWeek('00:00', '24:00', ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']) },
  // The night the clocks jump from 02:00 to 03:00, an opening at 02:30 is skipped; the repeated hour in autumn.
  { timeZone: 'Europe/Berlin', hours: workingWeek('02:30', '06:00', ['sun', 'mon']) },
  { timeZone: 'Asia/Kathmandu', hours: workingWeek('10:00', '17:15', ['sun', 'mon', 'tue', 'wed', 'thu']) },
  { timeZone: 'Australia/Adelaide', hours: workingWeek('09:00', '17:00') },
];

/** A fixed pseudo-random sequence (the same instants on every run). */
function* instants(n: number, seed = 7): Generator<Date> {
  let s = seed;
  const from = Date.UTC(2026, 0, 1);
  for (let i = 0; i < n; i++) {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    // Whole minutes and odd milliseconds, across two years (both changes of the clocks, twice).
    yield new Date(from + Math.floor((s / 2 ** 31) * 730 * 86_400_000) + (i % 3 === 0 ? 0 : (i * 7919) % 60_000));
  }
}

for (const kind of databaseKinds) {
  describe(`the first-response clock in SQL on ${kind.name}`, () => {
    let t: TestDb | undefined;
    beforeAll(async () => {
      t = await kind.open();
    });
    afterAll(async () => {
      await t?.cleanup();
    });

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)('business_due_at gives dueAt at every instant, in every zone, for every target', async () => {
      const cases: { start: Date; hours: number; c: number }[] = [];
      let i = 0;
      for (const start of instants(kind.name === 'PGlite' ? 240 : 480)) cases.push({ start, hours: [0, 6, 24, 48, 1.5, 72][i % 6], c: i++ % calendars.length });
      // Fixed points: the change of the clocks in Berlin (both ways) and at the calendars' opening and closing.
      for (const iso of ['2026-03-28T16:59:59.999Z', '2026-03-29T00:30:00Z', '2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z', '2026-12-23T17:00:00Z'])
        for (let c = 0; c < calendars.length; c++) cases.push({ start: new Date(iso), hours: 24, c });
      const rows = await query<{ due: Date }>(
        t!.handle,
        `select business_due_at(x.start, x.hours, x.tz, x.hours_json, x.holidays) as due
           from jsonb_to_recordset($1::jsonb) as x(n int, start timestamptz, hours float8, tz text, hours_json jsonb, holidays text[]) order by x.n`,
        [JSON.stringify(cases.map((k, n) => ({ n, start: k.start.toISOString(), hours: k.hours, tz: calendars[k.c].timeZone, hours_json: calendars[k.c].hours, holidays: calendars[k.c].holidays ?? [] })))],
      );
      const wrong = cases
        .map((k, n) => ({ ...k, want: dueAt(k.start, k.hours, calendars[k.c]).toISOString(), got: new Date(rows[n].due).toISOString() }))
        .filter((k) => k.want !== k.got);
      expect(wrong.slice(0, 5)).toEqual([]);
      expect(rows).toHaveLength(cases.length);
    });

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)('lead_due_at holds the promise of every kind (lib/config/response-promises.ts)', async () => {
      const received = new Date('2026-11-27T17:00:00Z');
      for (const leadKind of leadKindNames) {
        const [row] = await query<{ due: Date | null }>(t!.handle, `select lead_due_at($1, $2::timestamptz, gen_random_uuid()) as due`, [leadKind, received.toISOString()]);
        const want = firstResponseDueAt(leadKind, received);
        expect({ leadKind, due: row.due ? new Date(row.due).toISOString() : null }).toEqual({ leadKind, due: want ? want.toISOString() : null });
      }
    });
  });
}
