// The insights of our answers to leads (issue 31): how long a lead waits for our first reply (median and
// 90th percentile, per kind and per staff member), how many were answered within the time the site promises
// for their kind (lib/config/response-promises.ts), and how many replies a lead gets. From lead_index's
// thread columns (first_reply_at, first_reply_by, replies: kept by the lead_messages trigger of migration
// 0023), for the leads of the range of every kind the site promises an answer to, spam left out.
//
// One aggregate (grouping sets: per kind, per staff member, in all) over lead_index_insights_idx, which
// includes those columns (migration 0025): a range is an index-only scan. Data requests are counted against
// the staff's deadline, which an admin may extend (data_request_checks): a second, small query over the
// data requests of the range alone.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { promiseHours, responsePromises, type ResponsePromise } from '@/lib/config/response-promises';
import { replyDueBySql } from '@/lib/config/retention';
import { leadKindNames, type LeadKind } from '@/lib/leads/kinds';
import { rowsOf } from './inbox';
import { inRange, type InsightsRange } from './insights';

// Every key of responsePromises is a kind of the registry: one that is not would have to be `never` here.
const promises: Partial<Record<LeadKind, ResponsePromise>> & Record<Exclude<keyof typeof responsePromises, LeadKind>, never> = responsePromises;
/** The kinds the site promises an answer to, in the registry's order: the leads these figures are about. */
export const answeredKinds = leadKindNames.filter((k) => promises[k]);
/** The kinds promised no answer (newsletter sign-ups): left out of these figures. */
export const unansweredKinds = leadKindNames.filter((k) => !promises[k]);

/** How long leads waited for our first reply (hours; null without an answered lead). */
export type ReplyTimes = { leads: number; answered: number; notAnswered: number; medianHours: number | null; p90Hours: number | null };
/** Leads by whether our first reply came within the promised time: in time, late, not yet and overdue, not yet and not due. */
export type PromiseCounts = { within: number; late: number; overdue: number; notDue: number };
/** Leads by the number of replies we sent them (0, 1, 2, 3 or more), and the average. */
export type ReplyCounts = { average: number | null; counts: [number, number, number, number] };
export type KindReplies = ReplyTimes & { kind: LeadKind; promise: ResponsePromise; onTime: PromiseCounts; replies: ReplyCounts };
/** A staff member's first replies (`id` null: a former staff member, whose account was deleted). */
export type StaffReplies = { id: string | null; name: string; answered: number; medianHours: number | null; p90Hours: number | null };
export type ReplyInsights = {
  /** The kinds with leads in the range, in the registry's order. */
  kinds: KindReplies[];
  all: ReplyTimes & { onTime: PromiseCounts; replies: ReplyCounts };
  /** Who sent the first reply, most leads first. */
  staff: StaffReplies[];
};

const hours = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const int = (v: unknown) => Number(v ?? 0);
const noPromiseCounts = (): PromiseCounts => ({ within: 0, late: 0, overdue: 0, notDue: 0 });

/** The counts of leads by `due` (an SQL timestamp; null: not counted) against their first reply and `now`. */
const onTimeColumns = (due: SQL, now: Date) => sql`
  count(*) filter (where i.first_reply_at <= ${due})::int as within,
  count(*) filter (where i.first_reply_at > ${due})::int as late,
  count(*) filter (where i.first_reply_at is null and ${due} < ${now.toISOString()}::timestamptz)::int as overdue,
  count(*) filter (where i.first_reply_at is null and ${due} >= ${now.toISOString()}::timestamptz)::int as not_due`;
const onTimeOf = (r: Record<string, unknown>): PromiseCounts => ({ within: int(r.within), late: int(r.late), overdue: int(r.overdue), notDue: int(r.not_due) });

/** The figures of our replies to the leads of `range`; a lead not answered by `now` is overdue or not yet due. */
export async function getReplyInsights(db: Db, range: InsightsRange, now = new Date()): Promise<ReplyInsights> {
  const kinds = `{${answeredKinds.join(',')}}`;
  // A kind's promise in hours, as a CASE over the kind (data requests: by their own query, below).
  const fixed = answeredKinds.filter((k) => k !== 'dataRequest');
  const due = sql`i.created_at + (case i.lead_type ${sql.join(
    fixed.map((k) => sql`when ${k} then ${promiseHours(promises[k]!)}::int`),
    sql` `,
  )} end) * interval '1 hour'`;
  const seconds = sql`extract(epoch from i.first_reply_at - i.created_at)`;
  const [rows, requests] = await Promise.all([
    rowsOf(
      db,
      sql`with g as (
          select i.lead_type as kind, i.first_reply_by as by, i.first_reply_at is not null as answered_group, grouping(i.lead_type, i.first_reply_by)::int as set,
            count(*)::int as leads, count(i.first_reply_at)::int as answered,
            percentile_cont(0.5) within group (order by ${seconds}) / 3600 as median,
            percentile_cont(0.9) within group (order by ${seconds}) / 3600 as p90,
            ${onTimeColumns(due, now)},
            avg(i.replies)::float8 as average,
            count(*) filter (where i.replies = 0)::int as r0, count(*) filter (where i.replies = 1)::int as r1,
            count(*) filter (where i.replies = 2)::int as r2, count(*) filter (where i.replies >= 3)::int as r3
          from lead_index i where ${inRange(range)} and i.lead_type = any(${kinds}::text[])
          group by grouping sets ((i.lead_type), (i.first_reply_by, i.first_reply_at is not null), ()))
        select g.*, u.name from g left join staff_users u on u.id = g.by`,
    ),
    // The staff's deadline of each data request of the range (lead_index_type_idx, then its checks row).
    promises.dataRequest
      ? rowsOf(
          db,
          sql`select ${onTimeColumns(sql.raw(replyDueBySql('i.created_at', 'c.extended_until')), now)}
            from lead_index i left join data_request_checks c on c.request_id = i.lead_id
            where i.lead_type = 'dataRequest' and ${inRange(range)}`,
        )
      : Promise.resolve([]),
  ]);

  const timesOf = (r: Record<string, unknown>): ReplyTimes => ({
    leads: int(r.leads),
    answered: int(r.answered),
    notAnswered: int(r.leads) - int(r.answered),
    medianHours: hours(r.median),
    p90Hours: hours(r.p90),
  });
  const repliesOf = (r: Record<string, unknown>): ReplyCounts => ({
    average: r.average === null || r.average === undefined ? null : Number(r.average),
    counts: [int(r.r0), int(r.r1), int(r.r2), int(r.r3)],
  });
  const byKind = new Map(rows.filter((r) => int(r.set) === 1).map((r) => [String(r.kind), r]));
  const kindRows = answeredKinds
    .filter((k) => byKind.has(k))
    .map((kind): KindReplies => {
      const r = byKind.get(kind)!;
      return { kind, promise: promises[kind]!, ...timesOf(r), onTime: kind === 'dataRequest' && requests[0] ? onTimeOf(requests[0]) : onTimeOf(r), replies: repliesOf(r) };
    });
  const total = rows.find((r) => int(r.set) === 3);
  const onTime = kindRows.reduce((sum, k) => ({ within: sum.within + k.onTime.within, late: sum.late + k.onTime.late, overdue: sum.overdue + k.onTime.overdue, notDue: sum.notDue + k.onTime.notDue }), noPromiseCounts());
  const staff = rows
    .filter((r) => int(r.set) === 2 && r.answered_group === true)
    .map((r): StaffReplies => ({ id: r.by === null ? null : String(r.by), name: r.by === null || !r.name ? 'A former staff member' : String(r.name), answered: int(r.answered), medianHours: hours(r.median), p90Hours: hours(r.p90) }))
    .sort((a, b) => b.answered - a.answered || Number(a.id === null) - Number(b.id === null) || a.name.localeCompare(b.name));
  return {
    kinds: kindRows,
    all: { ...(total ? timesOf(total) : { leads: 0, answered: 0, notAnswered: 0, medianHours: null, p90Hours: null }), onTime, replies: total ? repliesOf(total) : { average: null, counts: [0, 0, 0, 0] } },
    staff,
  };
}
