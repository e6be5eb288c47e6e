import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getInsights, parseRange } from '@/lib/staff/insights';
import { databaseKinds, query, type TestDb } from '../support/vitest-databases';

/**
 * The figures of /staff/insights on both databases, from leads, page views and statuses written here:
 * leads per day and kind, views/leads/conversion per form page, top sources and campaigns, the funnel,
 * the median time to the first status change. Spam is left out of every figure.
 */
const today = new Date();
const daysAgo = (n: number, hour = 10) => {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - n, hour));
  return d.toISOString();
};
const day = (n: number) => daysAgo(n).slice(0, 10);

for (const kind of databaseKinds) {
  describe(`insights on ${kind.name}`, () => {
    let t: TestDb | undefined;
    beforeAll(async () => {
      t = await kind.open();
    });
    afterAll(async () => {
      await t?.cleanup();
    });
    const run = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => query<T>(t!.handle, sql, params);
    async function partner(at: string, page: string | null, source: string | null, campaign: string | null, status?: string, changedAfterHours?: number) {
      const [{ id }] = await run<{ id: string }>(
        `insert into partner_applications (first_name, last_name, email, company, partnership_type, message, created_at) values ('A', 'B', $1, 'C', 'technology', 'A message of ten+', $2) returning id`,
        [`${crypto.randomUUID()}@x.example`, at],
      );
      if (page || source || campaign) await run(`insert into lead_attribution (lead_type, lead_id, utm_source, utm_campaign, page) values ('partner', $1, $2, $3, $4)`, [id, source, campaign, page]);
      if (status) {
        await run(`insert into lead_triage (lead_type, lead_id, status) values ('partner', $1, $2)`, [id, status]);
        if (changedAfterHours !== undefined)
          await run(`insert into lead_status_history (lead_type, lead_id, from_status, to_status, created_at) values ('partner', $1, 'new', $2, $3::timestamptz + $4 * interval '1 hour')`, [
            id,
            status,
            at,
            changedAfterHours,
          ]);
      }
      return id;
    }

    it('counts leads, views, conversion, sources, campaigns and the funnel of the range, without spam', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      await partner(daysAgo(1), '/partners', 'News', 'Spring', 'contacted', 2);
      await partner(daysAgo(1), '/partners', 'news', 'spring', 'won', 4);
      await partner(daysAgo(2), '/partners', null, null, 'qualified', 10);
      await partner(daysAgo(2), '/pricing', 'google', null);
      await partner(daysAgo(40), '/partners', 'news', 'spring'); // outside the last 30 days
      await partner(daysAgo(1), '/partners', 'news', 'spring', 'spam'); // spam: in no figure
      await run(`insert into contact_messages (name, email, subject, message, created_at) values ('N', 'n@x.example', 's', 'message', $1)`, [daysAgo(0)]);
      await run(
        `insert into page_views (day, path, referrer_host, source, medium, campaign, views) values
          ($1, '/partners', '', 'news', '', 'spring', 30), ($1, '/partners', 'example.org', '', '', '', 10), ($2, '/partners', '', '', '', '', 60),
          ($1, '/pricing', '', 'google', '', '', 50), ($3, '/partners', '', 'news', '', 'spring', 1000)`,
        [day(1), day(2), day(40)],
      );

      const insights = await getInsights(t.db, parseRange(new URLSearchParams('days=30'), today));
      expect(insights.range).toMatchObject({ days: 30, to: day(0), from: day(29) });
      expect(insights.daily).toHaveLength(30);
      expect(insights.leads).toBe(5);
      expect(insights.totals).toMatchObject({ partner: 4, contact: 1 });
      expect(insights.daily.find((d) => d.day === day(1))).toMatchObject({ total: 2, counts: expect.objectContaining({ partner: 2 }) });
      expect(insights.views).toBe(150);

      // /partners: 100 views and 3 leads in the range (the spam lead and the 40-day-old one left out).
      expect(insights.pages.find((p) => p.key === '/partners')).toEqual({ key: '/partners', views: 100, leads: 3, rate: 0.03 });
      expect(insights.pages.find((p) => p.key === '/contact')).toEqual({ key: '/contact', views: 0, leads: 0, rate: null });
      // Sources are compared whatever their letter case; the top one first.
      expect(insights.sources[0]).toEqual({ key: 'news', views: 30, leads: 2, rate: 2 / 30 });
      expect(insights.sources.find((s) => s.key === 'google')).toEqual({ key: 'google', views: 50, leads: 1, rate: 0.02 });
      expect(insights.campaigns).toEqual([{ key: 'spring', views: 30, leads: 2, rate: 2 / 30 }]);

      expect(insights.funnel.map((s) => [s.stage, s.leads])).toEqual([
        ['New', 5],
        ['Contacted', 3],
        ['Qualified', 2],
        ['Won', 1],
      ]);
      expect(insights.changed).toBe(3);
      expect(insights.medianHoursToFirstChange).toBeCloseTo(4, 5);

      // A chosen range: the day 40 days ago only.
      const old = await getInsights(t.db, parseRange(new URLSearchParams(`from=${day(40)}&to=${day(40)}`), today));
      expect(old.leads).toBe(1);
      expect(old.views).toBe(1000);
      expect(old.pages.find((p) => p.key === '/partners')?.rate).toBe(0.001);
    });

    it('a range from the URL: presets, a chosen pair in either order, at most a year, anything else the last 30 days', () => {
      const now = new Date('2026-11-26T12:00:00Z');
      expect(parseRange(new URLSearchParams('days=7'), now)).toEqual({ from: '2026-11-20', to: '2026-11-26', days: 7, preset: 7 });
      expect(parseRange(new URLSearchParams('days=12'), now)).toMatchObject({ days: 30, preset: 30 });
      expect(parseRange(new URLSearchParams('from=2026-11-10&to=2026-11-01'), now)).toEqual({ from: '2026-11-01', to: '2026-11-10', days: 10, preset: null });
      expect(parseRange(new URLSearchParams('from=2020-01-01&to=2026-11-26'), now)).toMatchObject({ days: 366, to: '2026-11-26' });
      expect(parseRange(new URLSearchParams('from=2026-02-30&to=x'), now)).toMatchObject({ days: 30 });
      expect(parseRange(new URLSearchParams('from=2026-11-20&to=2027-01-01'), now)).toMatchObject({ from: '2026-11-20', to: '2026-11-26', days: 7 });
    });
  });
}
