// The figures of /staff/insights (issue 20): where leads come from and what converts, over a range of
// days. Leads are read from lead_index (spam left out of every figure: its form's page and first status
// change are there too, and one covering index makes a range an index-only scan), page views from
// page_views (the cookieless counts). Every query is one aggregate; the page runs them side by side.
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { formPages } from '@/lib/leads/endpoints';
import { leadKindNames, type LeadKind } from '@/lib/leads/kinds';
import { addDays } from '@/lib/dates';
import { rowsOf } from './inbox';

export const rangePresets = [7, 30, 90] as const;
/** The longest range a chart of days shows (a year and a day: a leap year fits). */
export const maxRangeDays = 366;

/** A range of whole UTC days, both ends included. */
export type InsightsRange = { from: string; to: string; days: number; preset: (typeof rangePresets)[number] | null };

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
function day(v: unknown): Date | null {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return null;
  const d = new Date(`${v}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || isoDay(d) !== v ? null : d;
}

/**
 * The range in the URL: `?days=7|30|90` (the last days up to today), or `?from=&to=` (at most a year; a
 * reversed pair is put in order). Anything else: the last 30 days.
 */
export function parseRange(params: URLSearchParams, today = new Date()): InsightsRange {
  const end = day(isoDay(today))!;
  const from = day(params.get('from'));
  const to = day(params.get('to'));
  if (from && to) {
    let [a, b] = from <= to ? [from, to] : [to, from];
    if (b > end) b = end;
    if (a > b) a = b;
    const days = Math.min(maxRangeDays, Math.round((b.getTime() - a.getTime()) / 86_400_000) + 1);
    return { from: isoDay(addDays(b, 1 - days)), to: isoDay(b), days, preset: null };
  }
  const asked = Number(params.get('days'));
  const preset = (rangePresets as readonly number[]).includes(asked) ? (asked as InsightsRange['preset'] & number) : 30;
  return { from: isoDay(addDays(end, 1 - preset)), to: isoDay(end), days: preset, preset };
}

/** Every day of the range, oldest first. */
export function daysOf(range: InsightsRange): string[] {
  const start = day(range.from)!;
  return Array.from({ length: range.days }, (_, i) => isoDay(addDays(start, i)));
}

export type DailyLeads = { day: string; counts: Record<LeadKind, number>; total: number };
export type Conversion = { key: string; views: number; leads: number; rate: number | null };
export type FunnelStage = { stage: string; leads: number; share: number | null };
export type Insights = {
  range: InsightsRange;
  daily: DailyLeads[];
  totals: Record<LeadKind, number>;
  leads: number;
  views: number;
  pages: Conversion[];
  sources: Conversion[];
  campaigns: Conversion[];
  funnel: FunnelStage[];
  lost: number;
  /** Median hours from arrival to the first status change, of the leads in the range that had one. */
  medianHoursToFirstChange: number | null;
  changed: number;
};

/** The pages with a lead form (the footer's sign-up, on every page, aside). */
export const formPagePaths = [...new Set(Object.values(formPages).filter((p): p is string => p !== null))].sort();

const rate = (leads: number, views: number) => (views > 0 ? leads / views : null);

/** Leads of the range: not spam, arrived between the range's first and last day (UTC). */
export const inRange = (r: InsightsRange) => sql`i.status <> 'spam' and i.created_at >= ${r.from}::date and i.created_at < ${r.to}::date + 1`;
const viewsInRange = (r: InsightsRange) => sql`v.day between ${r.from}::date and ${r.to}::date`;

/**
 * Views and leads by one dimension (the form's page, the campaign source or the campaign), most leads
 * first, then most views: the `limit` first picked in the database (both sides grouped there and joined),
 * so that only they come back, however many distinct values the range holds. With `only`, those keys, each
 * with a row even when it has neither.
 */
async function conversions(db: Db, r: InsightsRange, leadKey: 'page' | 'source' | 'campaign', viewKey: 'path' | 'source' | 'campaign', limit: number, only?: string[]) {
  const leadColumn = sql`i.${sql.identifier(leadKey)}`;
  const viewColumn = sql`v.${sql.identifier(viewKey)}`;
  const list = only ? `{${only.join(',')}}` : undefined;
  const onlyLeads = list ? sql`${leadColumn} = any(${list}::text[])` : sql`${leadColumn} <> ''`;
  const onlyViews = list ? sql`${viewColumn} = any(${list}::text[])` : sql`${viewColumn} <> ''`;
  // One hash join of the two groupings (with `only`: each listed key joined to both), then the first `limit`.
  const joined = list
    ? sql`unnest(${list}::text[]) as k(key) left join l on l.key = k.key left join v on v.key = k.key`
    : sql`l full join v on v.key = l.key`;
  const key = list ? sql`k.key` : sql`coalesce(l.key, v.key)`;
  const rows = await rowsOf(
    db,
    sql`with l as (select ${leadColumn} as key, count(*)::int as n from lead_index i where ${inRange(r)} and ${onlyLeads} group by 1),
      v as (select ${viewColumn} as key, sum(v.views)::int as n from page_views v where ${viewsInRange(r)} and ${onlyViews} group by 1)
      select ${key} as key, coalesce(v.n, 0) as views, coalesce(l.n, 0) as leads from ${joined}
      order by 3 desc, 2 desc, ${key} collate "C" limit ${limit}`,
  );
  return rows.map((row): Conversion => {
    const [views, leads] = [Number(row.views), Number(row.leads)];
    return { key: String(row.key), views, leads, rate: rate(leads, views) };
  });
}

export async function getInsights(db: Db, range: InsightsRange): Promise<Insights> {
  const [dailyRows, pages, sources, campaigns, statusRows, firstChange, viewRows] = await Promise.all([
    rowsOf(db, sql`select (i.created_at at time zone 'UTC')::date::text as day, i.lead_type, count(*)::int as n from lead_index i where ${inRange(range)} group by 1, 2`),
    conversions(db, range, 'page', 'path', formPagePaths.length, formPagePaths),
    conversions(db, range, 'source', 'source', 10),
    conversions(db, range, 'campaign', 'campaign', 10),
    rowsOf(db, sql`select i.status, count(*)::int as n from lead_index i where ${inRange(range)} group by 1`),
    rowsOf(
      db,
      sql`select percentile_cont(0.5) within group (order by extract(epoch from i.first_changed_at - i.created_at)) / 3600 as hours, count(*)::int as n
        from lead_index i where ${inRange(range)} and i.first_changed_at is not null`,
    ),
    rowsOf(db, sql`select coalesce(sum(v.views), 0)::int as n from page_views v where ${viewsInRange(range)}`),
  ]);

  const zero = () => Object.fromEntries(leadKindNames.map((k) => [k, 0])) as Record<LeadKind, number>;
  const byDay = new Map(daysOf(range).map((d) => [d, { day: d, counts: zero(), total: 0 }]));
  const totals = zero();
  for (const row of dailyRows) {
    const entry = byDay.get(String(row.day));
    const kind = row.lead_type as LeadKind;
    if (!entry || !(kind in totals)) continue;
    entry.counts[kind] += Number(row.n);
    entry.total += Number(row.n);
    totals[kind] += Number(row.n);
  }
  const status = (s: string) => Number(statusRows.find((r) => r.status === s)?.n ?? 0);
  const leads = statusRows.reduce((n, r) => n + Number(r.n), 0);
  // By each lead's current status: a lead now qualified has been contacted, one won was qualified.
  const won = status('won');
  const qualified = won + status('qualified');
  const contacted = qualified + status('contacted');
  const funnel = [
    { stage: 'New', leads },
    { stage: 'Contacted', leads: contacted },
    { stage: 'Qualified', leads: qualified },
    { stage: 'Won', leads: won },
  ].map((s) => ({ ...s, share: leads ? s.leads / leads : null }));
  const hours = firstChange[0]?.hours;
  return {
    range,
    daily: [...byDay.values()],
    totals,
    leads,
    views: Number(viewRows[0]?.n ?? 0),
    pages,
    sources,
    campaigns,
    funnel,
    lost: status('lost'),
    medianHoursToFirstChange: hours === null || hours === undefined ? null : Number(hours),
    changed: Number(firstChange[0]?.n ?? 0),
  };
}
