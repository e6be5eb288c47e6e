// The insights of our answers to leads (issue 31): how long a lead waits for our first reply (median and
// 90th percentile, per kind and per staff member), how many were answered on time, and how many replies a
// lead gets. From lead_index's thread columns (first_reply_at, first_reply_by, replies: kept by the
// lead_messages trigger of migration 0023), for the leads of the range of every kind the site promises an
// answer to, spam left out.
//
// "On time" is the first-response clock's (issue 32, lib/staff/clock-insights.ts): due_at and answered_at in
// the team's business hours, as the lead's page, the Overdue view and the reminders count it. The times to
// the first reply are our replies' (a data request: or its first "marked done", whichever came first).
//
// Two aggregates, run side by side: the leads of each kind by where they stand on the clock and by their
// number of replies (a hash aggregate of lead_index_insights_idx alone: an index-only scan), and the times of
// the answered leads per kind, per staff member and in all (the percentiles sort only those). Data requests
// (few) are a branch of the second with their first "marked done".
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { promiseText, responsePromises, type ResponsePromise } from '@/lib/config/response-promises';
import { leadKindNames, type LeadKind } from '@/lib/leads/kinds';
import { rowsOf } from './inbox';
import { clockStateSql, inTimeShare, promiseStates, type PromiseCounts } from './clock-insights';
import { inRange, type InsightsRange } from './insights';

export { inTimeShare, type PromiseCounts };

// Every key of responsePromises is a kind of the registry: one that is not would have to be `never` here.
const promises: Partial<Record<LeadKind, ResponsePromise>> & Record<Exclude<keyof typeof responsePromises, LeadKind>, never> = responsePromises;
/** The kinds the site promises an answer to, in the registry's order: the leads these figures are about. */
export const answeredKinds = leadKindNames.filter((k) => promises[k]);
/** The kinds promised no answer (newsletter sign-ups): left out of these figures. */
export const unansweredKinds = leadKindNames.filter((k) => !promises[k]);

/** How long leads waited for our first reply (hours; null without an answered lead). */
export type ReplyTimes = { leads: number; answered: number; notAnswered: number; medianHours: number | null; p90Hours: number | null };
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

const states = promiseStates;

/**
 * A data request of the range (`i`) with its checks row (`c`: the extended deadline) and the first time an
 * admin marked it done (`d`): its answer may go by the request's own procedure (an export, an erasure) rather
 * than by a reply, so it counts as answered by whichever came first, with its author.
 */
const requestsOf = (range: InsightsRange) => sql`lead_index i
  left join data_request_checks c on c.request_id = i.lead_id
  left join lateral (select a.created_at as done_at, a.performed_by as done_by from data_request_audit a
    where a.request_id = i.lead_id and a.action = 'completed' order by a.created_at limit 1) d on true
  where i.lead_type = 'dataRequest' and ${inRange(range)}`;
const requestAnsweredAt = sql`least(i.first_reply_at, d.done_at)`;
const requestAnsweredBy = sql`case when d.done_at < i.first_reply_at or i.first_reply_at is null then d.done_by else i.first_reply_by end`;

/** The figures of our replies to the leads of `range`; a lead not answered by `now` is overdue or not yet due. */
export async function getReplyInsights(db: Db, range: InsightsRange, now = new Date()): Promise<ReplyInsights> {
  const where = sql`${inRange(range)} and i.lead_type = any(${`{${answeredKinds.join(',')}}`}::text[])`;
  // The times: every kind but data requests by our first reply; data requests (few) by their own branch.
  const replied = sql`${inRange(range)} and i.lead_type = any(${`{${answeredKinds.filter((k) => k !== 'dataRequest').join(',')}}`}::text[])`;
  const requests = Boolean(promises.dataRequest);
  const [counts, times] = await Promise.all([
    rowsOf(
      db,
      sql`select i.lead_type as kind, ${clockStateSql(now)} as state, least(i.replies, 3) as replies, count(*)::int as n, sum(i.replies)::int as sent
        from lead_index i where ${where} group by 1, 2, 3`,
    ),
    rowsOf(
      db,
      sql`with a as (
          select i.lead_type as kind, i.first_reply_by as by, date_part('epoch', i.first_reply_at - i.created_at) as seconds
          from lead_index i where ${replied} and i.first_reply_at is not null
          ${requests ? sql`union all select 'dataRequest', ${requestAnsweredBy}, date_part('epoch', ${requestAnsweredAt} - i.created_at) from ${requestsOf(range)} and ${requestAnsweredAt} is not null` : sql``}),
        g as (
          select a.kind, a.by, grouping(a.kind, a.by)::int as set, count(*)::int as answered,
            percentile_cont(0.5) within group (order by a.seconds) / 3600 as median,
            percentile_cont(0.9) within group (order by a.seconds) / 3600 as p90
          from a group by grouping sets ((a.kind), (a.by), ()))
        select g.*, u.name from g left join staff_users u on u.id = g.by`,
    ),
  ]);

  const timesOf = (r: Record<string, unknown> | undefined) => ({ medianHours: hours(r?.median), p90Hours: hours(r?.p90) });
  const onTimeOf = (rows: Record<string, unknown>[]): PromiseCounts =>
    Object.fromEntries(states.map((st) => [st, rows.filter((r) => r.state === st).reduce((n, r) => n + int(r.n), 0)])) as PromiseCounts;
  // "Answered" here is by a reply (or a data request marked done): the leads behind the times beside it.
  const tally = (rows: Record<string, unknown>[], timed: Record<string, unknown> | undefined) => {
    const leads = rows.reduce((n, r) => n + int(r.n), 0);
    const notAnswered = leads - int(timed?.answered);
    const counts = [0, 1, 2, 3].map((k) => rows.filter((r) => int(r.replies) === k).reduce((n, r) => n + int(r.n), 0)) as ReplyCounts['counts'];
    const sent = rows.reduce((n, r) => n + int(r.sent), 0);
    return { leads, answered: leads - notAnswered, notAnswered, replies: { average: leads ? sent / leads : null, counts } };
  };
  const kindTimes = new Map(times.filter((r) => int(r.set) === 1).map((r) => [String(r.kind), r]));
  const kinds = answeredKinds
    .map((kind): KindReplies => {
      const rows = counts.filter((r) => r.kind === kind);
      return { kind, promise: promises[kind]!, ...tally(rows, kindTimes.get(kind)), ...timesOf(kindTimes.get(kind)), onTime: onTimeOf(rows) };
    })
    .filter((k) => k.leads > 0);
  const onTime = Object.fromEntries(states.map((st) => [st, kinds.reduce((n, k) => n + k.onTime[st], 0)])) as PromiseCounts;
  const staff = times
    .filter((r) => int(r.set) === 2)
    .map((r): StaffReplies => ({ id: r.by === null ? null : String(r.by), name: r.by === null || !r.name ? 'A former staff member' : String(r.name), answered: int(r.answered), ...timesOf(r) }))
    .sort((a, b) => b.answered - a.answered || Number(a.id === null) - Number(b.id === null) || a.name.localeCompare(b.name));
  const allTimes = times.find((r) => int(r.set) === 3);
  return { kinds, all: { ...tally(counts, allTimes), ...timesOf(allTimes), onTime }, staff };
}

/** The CSV tables of these figures (`/staff/insights.csv?table=`), each a header and its rows. */
export const replyTables = ['first-reply', 'first-reply-staff', 'promise', 'replies'] as const;
export type ReplyTable = (typeof replyTables)[number];

const fixed = (v: number | null, digits: number) => (v === null ? '' : v.toFixed(digits));

/** One of `replyTables` as rows of cells (times in hours, shares from 0 to 1), an "All" row last where it adds up. */
export function replyTableRows(table: ReplyTable, r: ReplyInsights, kindLabel: (k: LeadKind) => string): unknown[][] {
  const all = 'All';
  switch (table) {
    case 'first-reply':
      return [
        ['Kind', 'Leads', 'Answered', 'Not answered yet', 'Median (hours)', '90th percentile (hours)', 'Promised'],
        ...r.kinds.map((k) => [kindLabel(k.kind), k.leads, k.answered, k.notAnswered, fixed(k.medianHours, 2), fixed(k.p90Hours, 2), promiseText(k.promise)]),
        [all, r.all.leads, r.all.answered, r.all.notAnswered, fixed(r.all.medianHours, 2), fixed(r.all.p90Hours, 2), ''],
      ];
    case 'first-reply-staff':
      return [['Staff member', 'First replies', 'Median (hours)', '90th percentile (hours)'], ...r.staff.map((s) => [s.name, s.answered, fixed(s.medianHours, 2), fixed(s.p90Hours, 2)])];
    case 'promise': {
      const cells = (c: PromiseCounts) => [c.within, c.late, c.overdue, c.notDue, c.closed, fixed(inTimeShare(c), 4)];
      return [
        ['Kind', 'Promised', 'Answered in time', 'Answered late', 'Not answered, overdue', 'Not answered, not yet due', 'Closed, not answered', 'Share in time'],
        ...r.kinds.map((k) => [kindLabel(k.kind), promiseText(k.promise), ...cells(k.onTime)]),
        [all, '', ...cells(r.all.onTime)],
      ];
    }
    case 'replies': {
      const cells = (c: ReplyCounts) => [fixed(c.average, 4), ...c.counts];
      return [
        ['Kind', 'Leads', 'Average replies', 'No reply', '1 reply', '2 replies', '3 or more'],
        ...r.kinds.map((k) => [kindLabel(k.kind), k.leads, ...cells(k.replies)]),
        [all, r.all.leads, ...cells(r.all.replies)],
      ];
    }
  }
}
