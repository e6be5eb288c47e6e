// What the staff emails say, read from the database at send time (lib/staff-mail/messages.ts): the member,
// the lead a reminder is about, a member's open leads for the digest, the week's figures for the summary.
// Every query reads lead_index (one row per lead, indexed for a million leads: docs/speed-to-lead.md).
import type { Queryable } from '@/lib/db/connection';
import { asDate } from '@/lib/db/values';

/** Open statuses (issue 32's shared definitions): the others are closed. */
export const openStatusesSql = `('new', 'contacted', 'qualified')`;
/** "Due soon": open, unanswered, not yet overdue, due within this many hours. */
export const dueSoonHours = 4;

export type Member = { id: string; email: string; name: string; role: string; disabled: boolean; timeZone: string | null };
export type IndexedLead = {
  leadType: string;
  leadId: string;
  status: string;
  ownerId: string | null;
  name: string | null;
  company: string | null;
  summary: string | null;
  dueAt: Date | null;
  answeredAt: Date | null;
};

type Row = Record<string, unknown>;
const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : asDate(v as Date | string));
const strOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));

export async function loadMember(client: Queryable, id: string): Promise<Member | undefined> {
  const { rows } = await client.query(`select id, email, name, role, disabled_at, time_zone from staff_users where id = $1`, [id]);
  const r = rows[0] as Row | undefined;
  if (!r) return undefined;
  return { id: String(r.id), email: String(r.email), name: String(r.name), role: String(r.role), disabled: r.disabled_at !== null, timeZone: strOrNull(r.time_zone) };
}

const leadColumns = `lead_type, lead_id, status, owner_id, name, company, summary, due_at, answered_at`;
const toLead = (r: Row): IndexedLead => ({
  leadType: String(r.lead_type),
  leadId: String(r.lead_id),
  status: String(r.status),
  ownerId: strOrNull(r.owner_id),
  name: strOrNull(r.name),
  company: strOrNull(r.company),
  summary: strOrNull(r.summary),
  dueAt: dateOrNull(r.due_at),
  answeredAt: dateOrNull(r.answered_at),
});

/** The lead's row of the inbox's index, or undefined when it is gone (erased or purged). */
export async function loadIndexedLead(client: Queryable, leadType: string, leadId: string): Promise<IndexedLead | undefined> {
  const { rows } = await client.query(`select ${leadColumns} from lead_index where lead_type = $1 and lead_id = $2`, [leadType, leadId]);
  return rows[0] ? toLead(rows[0] as Row) : undefined;
}

export type DigestFigures = { open: number; dueSoon: number; overdue: number; first: IndexedLead[] };

/**
 * A member's open leads: how many, how many due soon and overdue, and the first `limit` by urgency (the
 * unanswered ones by due time, then the newest). By lead_index_owner_idx: one member's rows only.
 */
export async function memberDigest(client: Queryable, ownerId: string, limit = 5): Promise<DigestFigures> {
  const mine = `from lead_index where owner_id = $1 and status in ${openStatusesSql}`;
  const [{ rows: counts }, { rows: first }] = await Promise.all([
    client.query(
      `select count(*)::int as open,
              count(*) filter (where answered_at is null and due_at <= now())::int as overdue,
              count(*) filter (where answered_at is null and due_at > now() and due_at <= now() + interval '${dueSoonHours} hours')::int as due_soon
         ${mine}`,
      [ownerId],
    ),
    client.query(`select ${leadColumns} ${mine} order by case when answered_at is null then due_at end asc nulls last, created_at desc limit ${limit}`, [ownerId]),
  ]);
  const c = counts[0] as Row;
  return { open: Number(c.open), dueSoon: Number(c.due_soon), overdue: Number(c.overdue), first: (first as Row[]).map(toLead) };
}

/** The open leads nobody owns: how many, and the oldest few (an `unassigned` email without a lead of its own). */
export async function unassignedLeads(client: Queryable, limit = 5): Promise<{ count: number; first: IndexedLead[] }> {
  const where = `from lead_index where owner_id is null and status in ${openStatusesSql}`;
  const [{ rows: counts }, { rows: first }] = await Promise.all([
    client.query(`select count(*)::int as n ${where}`),
    client.query(`select ${leadColumns} ${where} order by created_at asc limit ${limit}`),
  ]);
  return { count: Number((counts[0] as Row).n), first: (first as Row[]).map(toLead) };
}

export type WeekFigures = {
  total: number;
  byKind: { kind: string; count: number }[];
  bySource: { source: string | null; count: number }[];
  withTarget: number;
  onTime: number;
  late: number;
  overdue: number;
};

/**
 * The leads that arrived in [from, to), spam aside: per kind and per source (the ten largest), and of those
 * with a first-response target, how many were answered on time, late, or are overdue now. A week's rows
 * by lead_index_created_idx.
 */
export async function weekFigures(client: Queryable, from: Date, to: Date): Promise<WeekFigures> {
  const week = `from lead_index where created_at >= $1 and created_at < $2 and status <> 'spam'`;
  const params = [from.toISOString(), to.toISOString()];
  const [{ rows: kinds }, { rows: sources }, { rows: clock }] = await Promise.all([
    client.query(`select lead_type as kind, count(*)::int as n ${week} group by lead_type order by n desc, kind`, params),
    client.query(`select source, count(*)::int as n ${week} group by source order by n desc, source nulls last limit 10`, params),
    client.query(
      `select count(*)::int as total,
              count(due_at)::int as with_target,
              count(*) filter (where answered_at <= due_at)::int as on_time,
              count(*) filter (where answered_at > due_at)::int as late,
              count(*) filter (where answered_at is null and due_at <= now() and status in ${openStatusesSql})::int as overdue
         ${week}`,
      params,
    ),
  ]);
  const c = clock[0] as Row;
  return {
    total: Number(c.total),
    byKind: (kinds as Row[]).map((r) => ({ kind: String(r.kind), count: Number(r.n) })),
    bySource: (sources as Row[]).map((r) => ({ source: strOrNull(r.source), count: Number(r.n) })),
    withTarget: Number(c.with_target),
    onTime: Number(c.on_time),
    late: Number(c.late),
    overdue: Number(c.overdue),
  };
}
