import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Pool } from "pg";
import { to as copyTo } from "pg-copy-streams";
import type { Db } from "@/lib/db/client";
import type { LeadKind } from "@/lib/leads/kinds";
import type { LeadStatus } from "./lead-kinds";
import { pageSize, type InboxFilter } from "./filters";
import { asDate } from "@/lib/db/values";
import { replyDueBySql } from "@/lib/config/retention";
import {
  isSpamReason,
  type SpamReason,
  type Verdict,
} from "@/lib/spam/reasons";
import {
  attributionColumns,
  attributionFromColumns,
  attributionKeys,
  type Attribution,
} from "@/lib/leads/attribution";
import { dueOrder, dueViewConditions, isDueView, type ViewContext } from "./due-views";

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
  /** Its thread (lead_index, kept by the lead_messages trigger): replies nobody has read, and since when the last one waits for our answer. */
  unreadReplies: number;
  awaitingSince: Date | null;
  /** The first-response clock (migration 0029): when the first answer is due (null: none promised, or held as spam), and when it came. */
  dueAt: Date | null;
  answeredAt: Date | null;
};

/** `%term%` for LIKE, with the pattern characters of the term escaped. */
export const likePattern = (term: string) =>
  `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const wholeAddress = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The filter as conditions on `lead_index i` (each served by one of its indexes, whose order is `desc nulls
 * last`); also the neighbour queries' (neighbours.ts), which add their keyset condition as `more`.
 */
export function conditions(f: InboxFilter, after?: { key: string; id: string }, context: ViewContext = {}, more: SQL[] = []) {
  const where: SQL[] = [...dueViewConditions(f, context), ...more];
  // The views' conditions are written as their partial indexes' (lead_index_unread_idx, _awaiting_idx,
  // _waiting_idx), so that the planner reads only the few leads they hold.
  if (f.view === "unread") where.push(sql`i.unread_replies > 0`);
  // A won or lost lead who writes again waits for an answer as much as an open one: the deal's outcome
  // does not close the conversation. Spam is never answered, and an archived lead was put away on purpose.
  if (f.view === "awaiting") where.push(sql`i.awaiting_since is not null`, sql`i.status not in ('spam', 'archived')`);
  if (f.kind) where.push(sql`i.lead_type = ${f.kind}`);
  if (f.status === "" && f.view !== "awaiting") where.push(sql`i.status not in ('spam', 'archived')`);
  else if (f.status !== "all" && f.status !== "") where.push(sql`i.status = ${f.status}`);
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

/** The `lead_attribution` columns, in their order (lib/leads/attribution.ts). */
const attributionCells = attributionKeys.map((k) => sql`a.${sql.identifier(attributionColumns[k])}`);
const attributionSelect = sql.join(attributionCells, sql`, `);

/**
 * The rows of `ids` (a page of lead_index, in its order) with what the list shows besides: owner's name,
 * the spam screening's reasons, attribution, a data request's deadline.
 */
function select(inner: SQL, order: SQL) {
  return sql`select i.lead_type, i.lead_id as id, i.name, i.email, i.company, i.summary, i.created_at, i.created_at::text as created_key,
      i.status, i.owner_id, u.name as owner_name, s.verdict as held_verdict, s.reasons as held_reasons, i.unread_replies, i.awaiting_since,
      i.due_at, i.answered_at,
      ${attributionSelect},
      case when i.lead_type = 'dataRequest' then ${sql.raw(replyDueBySql('i.created_at', 'c.extended_until'))} end as due_by
    from (${inner}) i
    left join staff_users u on u.id = i.owner_id
    left join lead_screening s on s.lead_type = i.lead_type and s.lead_id = i.lead_id and s.released_at is null and i.status = 'spam'
    left join lead_attribution a on a.lead_type = i.lead_type and a.lead_id = i.lead_id
    left join data_request_checks c on i.lead_type = 'dataRequest' and c.request_id = i.lead_id
    ${order}`;
}

const newestFirst = sql`order by i.created_at desc nulls last, i.lead_id desc nulls last`;
/** "Awaiting our answer", waiting longest first (lead_index_waiting_idx). */
const waitingLongest = sql`order by i.awaiting_since, i.lead_id`;

/**
 * The order of a filter's list: newest lead first, or in "Awaiting our answer" (unless asked otherwise) waiting
 * longest first, or in the first-response clock's views soonest due first (lib/staff/due-views.ts).
 */
const orderOf = (f: InboxFilter) => (isDueView(f.view) ? dueOrder(f) : f.view === "awaiting" && f.sort === "" ? waitingLongest : newestFirst);

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
  unreadReplies: Number(r.unread_replies ?? 0),
  awaitingSince: r.awaiting_since ? asDate(r.awaiting_since) : null,
  dueAt: r.due_at ? asDate(r.due_at) : null,
  answeredAt: r.answered_at ? asDate(r.answered_at) : null,
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

/** How many leads of the list a search's page is first looked for among (see pageRows). */
export const searchWindow = 2000;
/** A search whose matches are this sparse among the window's leads is answered by its own index, not a walk. */
const walkAtMost = 50_000;

/**
 * A page of the list. A search for a fragment (`i.search like`) is where the planner can go badly wrong:
 * told `limit 25`, it walks the list's index and tests each lead against the search, expecting a match
 * every few hundred leads; for a fragment that matches a handful of old leads, or none, it reads every
 * lead (seconds at a million). So a search's page is first looked for among the newest `searchWindow` leads
 * of the list without the search (an index walk of a few milliseconds). That answers a common fragment. For a
 * rarer one, the window's matches say how far a walk would go: near enough, the walk; otherwise the
 * matches themselves, found by the trigram index (`offset 0` keeps the limit out of the subquery, so that
 * it is planned as the whole set: a bitmap of that index), then sorted.
 */
async function pageRows(db: Db, f: InboxFilter, order: SQL, size: number, offset: number, context: ViewContext, window = searchWindow): Promise<Raw[]> {
  const walk = () => rowsOf(db, select(sql`select * from lead_index i ${conditions(f, undefined, context)} ${order} limit ${size} offset ${offset}`, order));
  if (!f.q || wholeAddress.test(f.q)) return walk();
  const newest = sql`select * from lead_index i ${conditions({ ...f, q: "" }, undefined, context)} ${order} limit ${window}`;
  const [{ leads, n }] = await rowsOf(db, sql`select count(*)::int as leads, (count(*) filter (where i.search like ${likePattern(f.q.toLowerCase())}))::int as n from (${newest}) i`);
  const inWindow = Number(n);
  // The window holds the page: its leads are the list's newest, so its first matches are the list's first
  // (or it is the whole list).
  if (inWindow >= offset + size || Number(leads) < window) return rowsOf(db, select(sql`select * from (${newest}) i where i.search like ${likePattern(f.q.toLowerCase())} ${order} limit ${size} offset ${offset}`, order));
  if (inWindow > 0 && ((offset + size) * window) / inWindow <= walkAtMost) return walk();
  return rowsOf(db, select(sql`select * from (select * from lead_index i ${conditions(f, undefined, context)} offset 0) i ${order} limit ${size} offset ${offset}`, order));
}

/** Totals above this are shown as "more than": counting a million rows on every page is not cheap. */
export const countCap = 10_000;
/**
 * The conversation views count up to this: their rows' status is read from the table itself (their partial
 * indexes hold only the order), a page of it per lead counted, so that a count costs a few milliseconds
 * however many leads wait. A team does not page through a thousand unanswered leads.
 */
export const conversationCountCap = 1_000;

/**
 * One page of the inbox and the number of leads matching the filter, counted up to `countCap` (`capped`
 * when there are more: the page then says "more than 10,000" and older leads are reached by date), or in a
 * conversation view up to `conversationCountCap`.
 */
export async function listLeads(db: Db, f: InboxFilter, size = pageSize, context: ViewContext = {}, { window = searchWindow } = {}) {
  const offset = (f.page - 1) * size;
  const order = orderOf(f);
  const cap = f.view === "unread" || f.view === "awaiting" || isDueView(f.view) ? conversationCountCap : countCap;
  const [rows, counted] = await Promise.all([
    pageRows(db, f, order, size, offset, context, window),
    rowsOf(
      db,
      sql`select count(*)::int as n from (select 1 from lead_index i ${conditions(f, undefined, context)} limit ${cap + 1}) x`,
    ),
  ]);
  const n = Number(counted[0]?.n ?? 0);
  const capped = n > cap;
  const total = capped ? cap : n;
  return {
    rows: rows.map(toRow),
    total,
    capped,
    pages: capped ? null : Math.max(1, Math.ceil(total / size)),
  };
}

/** The exact number of leads matching the filter (the export says how many rows are coming). */
export async function countLeads(db: Db, f: InboxFilter, context: ViewContext = {}): Promise<number> {
  const [row] = await rowsOf(
    db,
    sql`select count(*)::int as n from lead_index i ${conditions(f, undefined, context)}`,
  );
  return Number(row?.n ?? 0);
}

/** Labels of the CSV export (lib/staff/lead-kinds.ts), put in by the database. */
export type ExportLabels = { kinds: Record<string, string>; statuses: Record<string, string> };

/**
 * One CSV line per lead, without its line end (`csv_cell`, migration 0017: the same quoting as
 * lib/staff/csv.ts), in the order of the header: kind, id, received, name, email, company, detail, status,
 * owner, then the attribution's.
 */
function exportLine(labels: ExportLabels): SQL {
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
    ...attributionCells,
  ];
  return sql.join(
    cells.map((c) => sql`csv_cell((${c})::text)`),
    sql` || ',' || `,
  );
}

/** A part of the export: CSV lines (UTF-8, each ending CRLF) and how many. */
export type ExportChunk = { bytes: Uint8Array; rows: number };

/**
 * The CSV export's lines, built in the database and passed on by the server as bytes, so that a million
 * rows take seconds and little memory:
 * - `copyFrom` (PostgreSQL's pool): one query, `COPY (...) TO STDOUT`, streamed as the database writes it
 *   (pg-copy-streams): the database sorts once and joins the attribution with one scan, and the server
 *   makes no object per row (a million rows: about 5 s of the database's time on this machine).
 * - otherwise (PGlite, which has no streaming COPY): keyset pages of `batch` leads of lead_index, each row's
 *   owner and attribution looked up by key.
 */
export async function* exportLines(
  db: Db,
  f: InboxFilter,
  labels: ExportLabels,
  { batch = 5000, copyFrom, context = {} }: { batch?: number; copyFrom?: Pool; context?: ViewContext } = {},
): AsyncGenerator<ExportChunk> {
  const line = exportLine(labels);
  if (copyFrom) {
    yield* copyLines(
      copyFrom,
      sql`select ${line} from lead_index i
          left join staff_users u on u.id = i.owner_id
          left join lead_attribution a on a.lead_type = i.lead_type and a.lead_id = i.lead_id
          ${conditions(f, undefined, context)} ${newestFirst}`,
    );
    return;
  }
  const encoder = new TextEncoder();
  let after: { key: string; id: string } | undefined;
  for (;;) {
    // `limit 1` in the lateral lookups keeps them lookups by key: joined plainly, the planner may
    // scan every attribution row to join the 5,000 of one page.
    const raw = await rowsOf(
      db,
      sql`select ${line} || e'\\r\\n' as line, i.created_at::text as k, i.lead_id::text as id
        from (select * from lead_index i ${conditions(f, after, context)} ${newestFirst} limit ${batch}) i
        left join lateral (select u.name from staff_users u where u.id = i.owner_id limit 1) u on true
        left join lateral (select * from lead_attribution a where a.lead_type = i.lead_type and a.lead_id = i.lead_id limit 1) a on true
        ${newestFirst}`,
    );
    if (raw.length)
      yield { bytes: encoder.encode(raw.map((r) => r.line as string).join("")), rows: raw.length };
    if (raw.length < batch) return;
    const last = raw[raw.length - 1];
    after = { key: String(last.k), id: String(last.id) };
  }
}

const dialect = new PgDialect();

/**
 * The rows of `query` (one text column: a CSV line) through `COPY ... TO STDOUT` on a connection of its own,
 * as CRLF-ended lines (`copyText`). COPY takes no parameters: the query's values are put in as string
 * literals (drizzle's `inlineParams`, quotes doubled; `standard_conforming_strings` is set on, so that a
 * backslash is only a backslash). A reader that stops early (a download cancelled) ends the COPY: its
 * connection is closed rather than returned to the pool.
 */
async function* copyLines(pool: Pool, query: SQL): AsyncGenerator<ExportChunk> {
  const client = await pool.connect();
  let finished = false;
  try {
    await client.query("set standard_conforming_strings = on");
    const text = dialect.sqlToQuery(query.inlineParams()).sql;
    const stream = client.query(copyTo(`copy (${text}) to stdout`));
    const decode = copyText();
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) yield decode(chunk);
      finished = true;
    } finally {
      if (!finished) stream.destroy();
    }
  } finally {
    client.release(finished ? undefined : true);
  }
}

const backslash = 0x5c;
const lineFeed = 0x0a;
const carriageReturn = 0x0d;
/** COPY's text format escapes (`\n` and the like) and the byte each stands for; `\\` is a backslash. */
const escaped: Record<number, number> = { 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09, 0x62: 0x08, 0x66: 0x0c, 0x76: 0x0b };

/**
 * Turns COPY's text format of one text column back into the text: `\n`, `\r`, `\t`, `\b`, `\f`, `\v` and
 * `\\` stand for the byte they name, and every bare line feed ends a row, written CRLF (RFC 4180). Chunks
 * may split an escape: a trailing backslash is kept for the next one. Returns the bytes and the rows ended.
 */
export function copyText(): (chunk: Uint8Array) => ExportChunk {
  let pending = false;
  return (chunk) => {
    const out = Buffer.allocUnsafe(chunk.length * 2 + 1);
    let o = 0;
    let rows = 0;
    let i = 0;
    if (pending && chunk.length) {
      out[o++] = escaped[chunk[0]] ?? chunk[0];
      pending = false;
      i = 1;
    }
    for (; i < chunk.length; i++) {
      const b = chunk[i];
      if (b === backslash) {
        if (i + 1 < chunk.length) {
          i += 1;
          out[o++] = escaped[chunk[i]] ?? chunk[i];
        } else pending = true;
      } else if (b === lineFeed) {
        out[o++] = carriageReturn;
        out[o++] = lineFeed;
        rows += 1;
      } else out[o++] = b;
    }
    return { bytes: out.subarray(0, o), rows };
  };
}
