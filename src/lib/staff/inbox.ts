import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import type { LeadKind } from "@/lib/leads/kinds";
import type { LeadStatus } from "./lead-kinds";
import { pageSize, type InboxFilter } from "./filters";
import { asDate } from "@/lib/db/values";
import { replyMonths } from "@/lib/config/retention";
import {
  isSpamReason,
  type SpamReason,
  type Verdict,
} from "@/lib/spam/reasons";
import {
  attributionFromColumns,
  type Attribution,
} from "@/lib/leads/attribution";

/**
 * The inbox: every kind of lead in one list, read from `lead_index` (one row per lead, kept by triggers:
 * migration 0015) so that a page, a search, a filter and the export are indexed reads of one table
 * however many leads there are. Every value from the URL goes in as a bound parameter.
 */
export type InboxRow = {
  kind: LeadKind;
  id: string;
  name: string | null;
  email: string;
  company: string | null;
  summary: string | null;
  createdAt: Date;
  status: LeadStatus;
  ownerId: string | null;
  ownerName: string | null;
  /** A data request not answered by its deadline. */
  overdue: boolean;
  /** Why the spam screening holds it (until someone marks it not spam), or null. */
  held: { verdict: Verdict; reasons: SpamReason[] } | null;
  /** Where it came from (lib/leads/attribution.ts): all null for a lead stored before that was recorded. */
  attribution: Attribution;
};

/** `%term%` for LIKE, with the pattern characters of the term escaped. */
export const likePattern = (term: string) =>
  `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const wholeAddress = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The filter as conditions on `lead_index i` (each served by one of its indexes, whose order is `desc nulls last`). */
function conditions(f: InboxFilter, after?: { key: string; id: string }) {
  const where: SQL[] = [];
  if (f.kind) where.push(sql`i.lead_type = ${f.kind}`);
  if (f.status === "") where.push(sql`i.status not in ('spam', 'archived')`);
  else if (f.status !== "all") where.push(sql`i.status = ${f.status}`);
  if (f.owner === "none") where.push(sql`i.owner_id is null`);
  else if (f.owner) where.push(sql`i.owner_id = ${f.owner}::uuid`);
  if (f.from) where.push(sql`i.created_at >= ${f.from}::date`);
  if (f.to) where.push(sql`i.created_at < (${f.to}::date + 1)`);
  // The search text is lower case (name, email, company): a trigram index answers a fragment. A whole
  // address is looked up as one (its own index): its trigrams are shared by every address of its domain.
  if (f.q && wholeAddress.test(f.q)) where.push(sql`lower(i.email) = ${f.q.toLowerCase()}`);
  else if (f.q) where.push(sql`i.search like ${likePattern(f.q.toLowerCase())}`);
  if (f.source) where.push(sql`i.source = ${f.source.toLowerCase()}`);
  if (f.campaign) where.push(sql`i.campaign = ${f.campaign.toLowerCase()}`);
  if (after)
    where.push(
      sql`(i.created_at, i.lead_id) < (${after.key}::timestamptz, ${after.id}::uuid)`,
    );
  return where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
}

/**
 * The rows of `ids` (a page of lead_index, in its order) with what the list shows besides: owner's name,
 * the spam screening's reasons, attribution, a data request's deadline.
 */
function select(
  f: InboxFilter,
  tail: SQL,
  after?: { key: string; id: string },
) {
  return sql`select i.lead_type, i.lead_id as id, i.name, i.email, i.company, i.summary, i.created_at, i.created_at::text as created_key,
      i.status, i.owner_id, u.name as owner_name, s.verdict as held_verdict, s.reasons as held_reasons,
      a.utm_source, a.utm_medium, a.utm_campaign, a.utm_term, a.utm_content, a.referrer_host, a.page,
      case when i.lead_type = 'dataRequest' then coalesce(c.extended_until, i.created_at + ${replyMonths}::int * interval '1 month') end as due_by
    from (select * from lead_index i ${conditions(f, after)} ${tail}) i
    left join staff_users u on u.id = i.owner_id
    left join lead_screening s on s.lead_type = i.lead_type and s.lead_id = i.lead_id and s.released_at is null and i.status = 'spam'
    left join lead_attribution a on a.lead_type = i.lead_type and a.lead_id = i.lead_id
    left join data_request_checks c on i.lead_type = 'dataRequest' and c.request_id = i.lead_id
    order by i.created_at desc nulls last, i.lead_id desc nulls last`;
}

type Raw = Record<string, unknown>;
const toRow = (r: Raw): InboxRow => ({
  kind: r.lead_type as LeadKind,
  id: String(r.id),
  name: (r.name as string | null) ?? null,
  email: String(r.email),
  company: (r.company as string | null) ?? null,
  summary: (r.summary as string | null) ?? null,
  createdAt: asDate(r.created_at),
  status: r.status as LeadStatus,
  ownerId: (r.owner_id as string | null) ?? null,
  ownerName: (r.owner_name as string | null) ?? null,
  // An open data request past its reply deadline (done ones are archived).
  overdue:
    r.due_by != null &&
    asDate(r.due_by).getTime() < Date.now() &&
    !["archived", "spam"].includes(String(r.status)),
  attribution: attributionFromColumns(r),
  held: r.held_verdict
    ? {
        verdict: r.held_verdict as Verdict,
        reasons: ((r.held_reasons as string[] | null) ?? []).filter(
          isSpamReason,
        ),
      }
    : null,
});

export async function rowsOf(db: Db, query: SQL): Promise<Raw[]> {
  const res = (await db.execute(query)) as unknown as { rows: Raw[] };
  return res.rows;
}

/** Totals above this are shown as "more than": counting a million rows on every page is not cheap. */
export const countCap = 10_000;

/**
 * One page of the inbox and the number of leads matching the filter, counted up to `countCap` (`capped`
 * when there are more: the page then says "more than 10,000" and older leads are reached by date).
 */
export async function listLeads(db: Db, f: InboxFilter, size = pageSize) {
  const offset = (f.page - 1) * size;
  const [rows, counted] = await Promise.all([
    rowsOf(
      db,
      select(
        f,
        sql`order by i.created_at desc nulls last, i.lead_id desc nulls last limit ${size} offset ${offset}`,
      ),
    ),
    rowsOf(
      db,
      sql`select count(*)::int as n from (select 1 from lead_index i ${conditions(f)} limit ${countCap + 1}) x`,
    ),
  ]);
  const n = Number(counted[0]?.n ?? 0);
  const capped = n > countCap;
  const total = capped ? countCap : n;
  return {
    rows: rows.map(toRow),
    total,
    capped,
    pages: capped ? null : Math.max(1, Math.ceil(total / size)),
  };
}

/** The exact number of leads matching the filter (the export says how many rows are coming). */
export async function countLeads(db: Db, f: InboxFilter): Promise<number> {
  const [row] = await rowsOf(
    db,
    sql`select count(*)::int as n from lead_index i ${conditions(f)}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The CSV export's lines, built in the database (`csv_cell`, migration 0017: the same quoting as
 * lib/staff/csv.ts) a batch at a time, keyset-paged on lead_index: the server only passes text on, so a
 * million rows take seconds and little memory. `columns` are the header's, in order: kind, id, received,
 * name, email, company, detail, status, owner, then the attribution's.
 */
export async function* exportLines(
  db: Db,
  f: InboxFilter,
  labels: { kinds: Record<string, string>; statuses: Record<string, string> },
  batch = 5000,
): AsyncGenerator<{ text: string; rows: number }> {
  const label = (column: SQL, map: Record<string, string>) =>
    !Object.keys(map).length
      ? column
      : sql`case ${column} ${sql.join(
          Object.entries(map).map(([k, v]) => sql`when ${k} then ${v}`),
          sql` `,
        )} else ${column} end`;
  const cells = [
    label(sql`i.lead_type`, labels.kinds),
    sql`i.lead_id::text`,
    sql`to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    sql`i.name`,
    sql`i.email`,
    sql`i.company`,
    sql`i.summary`,
    label(sql`i.status`, labels.statuses),
    sql`u.name`,
    sql`a.utm_source`,
    sql`a.utm_medium`,
    sql`a.utm_campaign`,
    sql`a.utm_term`,
    sql`a.utm_content`,
    sql`a.referrer_host`,
    sql`a.page`,
  ];
  const line = sql`${sql.join(
    cells.map((c) => sql`csv_cell((${c})::text)`),
    sql` || ',' || `,
  )} || e'\\r\\n'`;
  let after: { key: string; id: string } | undefined;
  for (;;) {
    const raw = await rowsOf(
      db,
      sql`select ${line} as line, i.created_at::text as k, i.lead_id::text as id
        from (select * from lead_index i ${conditions(f, after)} order by i.created_at desc nulls last, i.lead_id desc nulls last limit ${batch}) i
        left join staff_users u on u.id = i.owner_id
        left join lead_attribution a on a.lead_type = i.lead_type and a.lead_id = i.lead_id
        order by i.created_at desc nulls last, i.lead_id desc nulls last`,
    );
    if (raw.length)
      yield {
        text: raw.map((r) => r.line as string).join(""),
        rows: raw.length,
      };
    if (raw.length < batch) return;
    const last = raw[raw.length - 1];
    after = { key: String(last.k), id: String(last.id) };
  }
}
