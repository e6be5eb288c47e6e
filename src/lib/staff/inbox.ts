import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { leadKindNames, leadKinds, type LeadKind } from '@/lib/leads/kinds';
import type { LeadStatus } from './lead-kinds';
import { pageSize, type InboxFilter } from './filters';
import { asDate } from '@/lib/db/values';
import { replyMonths } from '@/lib/config/retention';
import { isSpamReason, type SpamReason, type Verdict } from '@/lib/spam/reasons';
import { attributionFromColumns, type Attribution } from '@/lib/leads/attribution';

/**
 * The inbox: every kind of lead in one list (UNION ALL over the lead tables), joined to its triage
 * row (no row = 'new') and owner. Every value from the URL goes in as a bound parameter.
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

/** A kind's rows in the inbox's columns (lib/leads/kinds.ts `inbox`); names come from our own table, never a request. */
function branch(kind: LeadKind): SQL {
  const { table, inbox } = leadKinds[kind];
  const column = (c: string | null | undefined) => (c ? sql.identifier(c) : sql`null::text`);
  const name = inbox.name.length ? sql.join(inbox.name.map((c) => sql.identifier(c)), sql` || ' ' || `) : sql`null::text`;
  // A data request is due a month after it arrived, or by the date an admin extended it to.
  const dueBy =
    kind === 'dataRequest'
      ? sql`coalesce((select c.extended_until from data_request_checks c where c.request_id = ${sql.identifier(table)}.id), created_at + ${replyMonths}::int * interval '1 month')`
      : sql`null::timestamptz`;
  return sql`select ${kind}::text as lead_type, id, ${name} as name, email, ${column(inbox.company)} as company, ${column(inbox.summary)} as summary, created_at, ${dueBy} as due_by from ${sql.identifier(table)}`;
}
// Every branch names its columns: with a type filter, one branch is the whole query.
const branches = Object.fromEntries(leadKindNames.map((k) => [k, branch(k)])) as Record<LeadKind, SQL>;

function leadsUnion(kind: LeadKind | null) {
  if (kind) return branches[kind];
  return sql.join(Object.values(branches), sql` union all `);
}

/** `%term%` for ILIKE, with the pattern characters of the term escaped. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(f: InboxFilter, after?: { key: string; id: string }) {
  const where: SQL[] = [];
  if (f.status === '') where.push(sql`coalesce(t.status, 'new') not in ('spam', 'archived')`);
  else if (f.status !== 'all') where.push(sql`coalesce(t.status, 'new') = ${f.status}`);
  if (f.owner === 'none') where.push(sql`t.owner_id is null`);
  else if (f.owner) where.push(sql`t.owner_id = ${f.owner}::uuid`);
  if (f.from) where.push(sql`l.created_at >= ${f.from}::date`);
  if (f.to) where.push(sql`l.created_at < (${f.to}::date + 1)`);
  if (f.q) {
    const p = likePattern(f.q);
    where.push(sql`(l.name ilike ${p} or l.email ilike ${p} or l.company ilike ${p})`);
  }
  if (f.source) where.push(sql`lower(a.utm_source) = lower(${f.source})`);
  if (f.campaign) where.push(sql`lower(a.utm_campaign) = lower(${f.campaign})`);
  if (after) where.push(sql`(l.created_at, l.id) < (${after.key}::timestamptz, ${after.id}::uuid)`);
  return where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
}

function select(f: InboxFilter, extra: SQL, tail: SQL) {
  return sql`select l.lead_type, l.id, l.name, l.email, l.company, l.summary, l.created_at, l.due_by, l.created_at::text as created_key,
      coalesce(t.status, 'new') as status, t.owner_id, u.name as owner_name, s.verdict as held_verdict, s.reasons as held_reasons,
      a.utm_source, a.utm_medium, a.utm_campaign, a.utm_term, a.utm_content, a.referrer_host, a.page ${extra}
    from (${leadsUnion(f.kind)}) l
    left join lead_triage t on t.lead_type = l.lead_type and t.lead_id = l.id
    left join lead_attribution a on a.lead_type = l.lead_type and a.lead_id = l.id
    left join staff_users u on u.id = t.owner_id
    left join lead_screening s on s.lead_type = l.lead_type and s.lead_id = l.id and s.released_at is null and t.status = 'spam'
    ${tail}`;
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
  overdue: r.due_by != null && asDate(r.due_by).getTime() < Date.now() && !['archived', 'spam'].includes(String(r.status)),
  attribution: attributionFromColumns(r),
  held: r.held_verdict ? { verdict: r.held_verdict as Verdict, reasons: ((r.held_reasons as string[] | null) ?? []).filter(isSpamReason) } : null,
});

export async function rowsOf(db: Db, query: SQL): Promise<Raw[]> {
  const res = (await db.execute(query)) as unknown as { rows: Raw[] };
  return res.rows;
}

/** One page of the inbox and the number of leads matching the filter. */
export async function listLeads(db: Db, f: InboxFilter, size = pageSize) {
  const offset = (f.page - 1) * size;
  const rows = await rowsOf(db, select(f, sql`, count(*) over() as total`, sql`${conditions(f)} order by l.created_at desc, l.id desc limit ${size} offset ${offset}`));
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && f.page > 1) {
    const c = await rowsOf(db, sql`select count(*) as total from (${select(f, sql``, conditions(f))}) x`);
    total = Number(c[0]?.total ?? 0);
  }
  return { rows: rows.map(toRow), total, pages: Math.max(1, Math.ceil(total / size)) };
}

/** Every lead matching the filter, newest first, fetched `batch` rows at a time (keyset pagination). */
export async function* iterateLeads(db: Db, f: InboxFilter, batch = 500): AsyncGenerator<InboxRow[]> {
  let after: { key: string; id: string } | undefined;
  for (;;) {
    // The cursor is the timestamp as PostgreSQL prints it (microseconds kept; a JS Date has only ms).
    const raw = await rowsOf(db, select(f, sql``, sql`${conditions(f, after)} order by l.created_at desc, l.id desc limit ${batch}`));
    if (raw.length) yield raw.map(toRow);
    if (raw.length < batch) return;
    const last = raw[raw.length - 1];
    after = { key: String(last.created_key), id: String(last.id) };
  }
}
