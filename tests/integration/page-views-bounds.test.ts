import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageCounter, type PageViewRow } from '@/lib/analytics/page-views';
import { pageViewsWriter } from '@/lib/analytics/page-views-store';
import { defaultDailyKeys, otherValue } from '@/lib/analytics/page-view-keys';
import { retention } from '@/lib/config/retention';
import { addMonths } from '@/lib/dates';
import { queryable } from '@/lib/db/connection';
import type { Db } from '@/lib/db/client';
import { purgeExpired } from '@/lib/retention/purge';
import { getInsights, parseRange } from '@/lib/staff/insights';
import { databaseKinds, query, type TestDb } from '../support/vitest-databases';

// The bounds of the page counts (docs/analytics.md, "Bounded"): the distinct keys a day may add are capped
// in the database, past it a page's views count under its "other" key; old days are purged after
// `retention.pageViewMonths`; the insights' top lists come out of the database ten rows at a time.

const noon = (day: string) => () => Date.parse(`${day}T12:00:00Z`);
const at = (path: string) => new URL(path, 'https://postcraft.example');
const own = 'postcraft.example';
type Counted = { rows: number; tagged: number; views: number; other: number };

for (const kind of databaseKinds) {
  describe(`page count bounds on ${kind.name}`, () => {
    let t: TestDb | undefined;
    beforeAll(async () => {
      t = await kind.open();
    });
    afterAll(async () => {
      await t?.cleanup();
    });
    const run = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => query<T>(t!.handle, sql, params);
    const counted = async (day: string): Promise<Counted> =>
      (
        await run<Counted>(
          `select count(*)::int as rows, count(*) filter (where (referrer_host, source, medium, campaign) not in (('', '', '', ''), ($2, $2, $2, $2)))::int as tagged,
             coalesce(sum(views), 0)::int as views, coalesce(sum(views) filter (where campaign = $2 and referrer_host = $2), 0)::int as other
           from page_views where day = $1::date`,
          [day, otherValue],
        )
      )[0];

    it(`5,000 views with unique campaigns and referrers add at most ${defaultDailyKeys} keys to their day; the rest count as "(other)", and known keys still count`, async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const day = '2026-11-20';
      const counter = createPageCounter({ write: pageViewsWriter(queryable(t.handle)), flushMs: 0, now: noon(day) });
      counter.count('/', at('/?utm_source=news&utm_campaign=spring'), 'https://news.example/', own);
      counter.count('/pricing', at('/pricing'), undefined, own);
      await counter.flush();
      // The flood, written every 500 views as the server would every few seconds.
      for (let i = 0; i < 5000; i++) {
        counter.count(i % 2 ? '/' : '/pricing', at(`/?utm_source=s${i}&utm_campaign=attack-${i}`), `https://h${i}.attacker.example/`, own);
        if (i % 500 === 499) await counter.flush();
      }
      // A visitor of a campaign already counted that day, and one without tags.
      counter.count('/', at('/?utm_source=news&utm_campaign=spring'), 'https://news.example/', own);
      counter.count('/pricing', at('/pricing'), undefined, own);
      await counter.stop();

      const c = await counted(day);
      expect(c.tagged).toBe(defaultDailyKeys);
      // The tagged keys, "none" of /pricing and "other" of each page.
      expect(c.rows).toBe(defaultDailyKeys + 3);
      expect(c.views).toBe(5004);
      expect(c.other).toBe(5000 - (defaultDailyKeys - 1));
      const [spring] = await run<{ views: number }>(`select views from page_views where day = $1::date and campaign = 'spring'`, [day]);
      expect(spring.views).toBe(2);
      expect((await run<{ keys: number }>(`select keys from page_view_days where day = $1::date`, [day]))[0].keys).toBe(defaultDailyKeys);

      // The next day starts again.
      const next = createPageCounter({ write: pageViewsWriter(queryable(t.handle)), flushMs: 0, now: noon('2026-11-21') });
      next.count('/', at('/?utm_campaign=autumn'), undefined, own);
      await next.stop();
      expect(await counted('2026-11-21')).toEqual({ rows: 1, tagged: 1, views: 1, other: 0 });
    });

    it('writers at the same time (several servers) never pass the cap together', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const day = '2026-11-22';
      const write = pageViewsWriter(queryable(t.handle), { dailyKeys: 50 });
      const batch = (w: number): PageViewRow[] =>
        Array.from({ length: 200 }, (_, i) => ({ day, path: '/', referrerHost: '', source: `w${w}`, medium: '', campaign: `c${i}`, views: 1 }));
      await Promise.all([1, 2, 3, 4].map((w) => write(batch(w))));
      const c = await counted(day);
      expect(c.tagged).toBeLessThanOrEqual(50);
      expect(c.tagged).toBeGreaterThan(0);
      expect(c.views).toBe(800);
    });

    it(`the daily purge deletes the counts of days more than ${retention.pageViewMonths} months old, and keeps the others`, async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const now = new Date('2029-03-15T03:00:00Z');
      const limit = addMonths(now, -retention.pageViewMonths).toISOString().slice(0, 10); // 2027-01-15
      expect(limit).toBe('2027-01-15');
      for (const day of ['2027-01-13', '2027-01-14', limit, '2027-01-16'])
        await pageViewsWriter(queryable(t.handle))([{ day, path: '/', referrerHost: 'news.example', source: '', medium: '', campaign: '', views: 3 }]);
      // Counts written before the cap (straight into the table): more than one batch of the purge.
      await run(`insert into page_views (day, path, referrer_host, source, medium, campaign, views)
        select '2026-12-31'::date - g % 30, '/', 'h' || g || '.example', '', '', '', 1 from generate_series(1, 6000) g`);
      // The days of the tests above (November 2026) are older still: more than one batch of 5,000 rows in all.
      const [{ older }] = await run<{ older: number }>(`select count(*)::int as older from page_views where day < $1::date`, [limit]);
      expect(older).toBeGreaterThan(7000);
      const counts = await purgeExpired(queryable(t.handle), now);
      expect(counts.page_views).toBe(older);
      const days = await run<{ day: string }>(`select distinct day::text as day from page_views order by 1`);
      expect(days.map((d) => d.day)).toEqual([limit, '2027-01-16']);
      const keyDays = await run<{ day: string }>(`select day::text as day from page_view_days order by 1`);
      expect(keyDays.map((d) => d.day)).toEqual([limit, '2027-01-16']);
    });

    it('the top sources and campaigns come out of the database ten at a time, however many distinct values the range holds', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      // 3,000 distinct sources and campaigns (as before the cap), and one campaign with more views than any.
      await run(`insert into page_views (day, path, referrer_host, source, medium, campaign, views)
        select $1::date, '/', '', 'src-' || g, '', 'camp-' || g, 1 + g % 3 from generate_series(1, 3000) g`, [yesterday]);
      await run(`insert into page_views (day, path, referrer_host, source, medium, campaign, views) values ($1::date, '/pricing', '', 'news', '', 'spring', 50)`, [yesterday]);
      // Every row any of the insights' queries brings into Node.
      const returned: number[] = [];
      const db = new Proxy(t.db, {
        get(target, name, receiver) {
          if (name !== 'execute') return Reflect.get(target, name, receiver);
          return async (...args: unknown[]) => {
            const res = (await (target.execute as (...a: unknown[]) => Promise<{ rows: unknown[] }>)(...args)) as { rows: unknown[] };
            returned.push(res.rows.length);
            return res;
          };
        },
      }) as Db;
      const insights = await getInsights(db, parseRange(new URLSearchParams('days=7')));
      expect(insights.sources).toHaveLength(10);
      expect(insights.campaigns).toHaveLength(10);
      expect(insights.campaigns[0]).toEqual({ key: 'spring', views: 50, leads: 0, rate: 0 });
      expect(insights.sources[0]).toEqual({ key: 'news', views: 50, leads: 0, rate: 0 });
      // Then the most viewed of the rest, ties in the order of their text.
      expect(insights.campaigns[1]).toEqual({ key: 'camp-1001', views: 3, leads: 0, rate: 0 });
      expect(insights.views).toBe(50 + 3000 * 2);
      expect(Math.max(...returned)).toBeLessThanOrEqual(10);
    });
  });
}
