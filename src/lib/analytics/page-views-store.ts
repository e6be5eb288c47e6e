/**
 * Writing the page counts (docs/analytics.md): one statement per batch, that adds each key's views and
 * caps the distinct keys a day may add, in the database, so that the cap holds with any number of servers
 * writing at once.
 */
import type { Queryable } from '@/lib/db/connection';
import type { PageViewRow } from '@/lib/analytics/page-views';
import { defaultDailyKeys, otherValue } from '@/lib/analytics/page-view-keys';

const dims = ['referrer_host', 'source', 'medium', 'campaign'] as const;
const other = `'${otherValue}'`;

// b: the batch, from seven arrays (a VALUES list would need seven parameters a row, over PostgreSQL's 65,535
// at 10,000 rows). fresh: its keys with a referring host or a tag that the table does not hold yet, the most
// viewed first within each day (the "none" key and the "other" key of a page are always kept). budget: the
// day's row of page_view_days, which counts the keys the day has added; `granted` is how many of this
// batch's fit under the cap. Its upsert locks that row until the statement's transaction ends, so a second
// writer of the same day waits and then reads the count with the first one's keys in it (at worst a key
// both add is counted twice: the cap is never passed). Keys past the cap are counted under the page's
// "other" key.
const upsert = `with b as (
  select * from unnest($1::date[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::integer[]) with ordinality
    as b(day, path, referrer_host, source, medium, campaign, views, i)
), fresh as (
  select b.i, b.day, row_number() over (partition by b.day order by b.views desc, b.i) as seq
  from b
  where (b.referrer_host, b.source, b.medium, b.campaign) not in (('', '', '', ''), (${other}, ${other}, ${other}, ${other}))
    and not exists (select 1 from page_views v where ${['day', 'path', ...dims].map((c) => `v.${c} = b.${c}`).join(' and ')})
), budget as (
  insert into page_view_days as d (day, keys, granted)
  select day, least(count(*)::int, $8::int), least(count(*)::int, $8::int) from fresh group by day
  on conflict (day) do update set keys = greatest(d.keys, least($8::int, d.keys + excluded.keys)), granted = greatest(0, least($8::int, d.keys + excluded.keys) - d.keys)
  returning day, granted
), counted as (
  select b.*, coalesce(f.seq > g.granted, false) as over
  from b left join fresh f on f.i = b.i left join budget g on g.day = b.day
)
insert into page_views (day, path, ${dims.join(', ')}, views)
select day, path, ${dims.map((c) => `case when over then ${other} else ${c} end`).join(', ')}, sum(views)::int from counted group by 1, 2, 3, 4, 5, 6
on conflict (day, path, ${dims.join(', ')}) do update set views = page_views.views + excluded.views`;

export type PageViewsWriterOptions = {
  /** Distinct keys with a referring host or a tag that one day may add, site-wide (PAGE_VIEWS_DAILY_KEYS). */
  dailyKeys?: number;
};

/** The `write` of a page counter on a database: one statement for the whole batch (its rows are distinct keys). */
export function pageViewsWriter(db: Queryable, { dailyKeys = defaultDailyKeys }: PageViewsWriterOptions = {}): (rows: PageViewRow[]) => Promise<void> {
  return async (rows) => {
    if (!rows.length) return;
    await db.query(upsert, [
      rows.map((r) => r.day),
      rows.map((r) => r.path),
      rows.map((r) => r.referrerHost),
      rows.map((r) => r.source),
      rows.map((r) => r.medium),
      rows.map((r) => r.campaign),
      rows.map((r) => r.views),
      dailyKeys,
    ]);
  };
}
