import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { LeadKind } from '@/lib/leads/kinds';
import { kindByKind, type LeadStatus } from './lead-kinds';
import { isUuid } from './filters';
import { asDate } from '@/lib/db/values';
import { rowsOf } from './inbox';
import { attributionFromColumns, type Attribution } from '@/lib/leads/attribution';

/** One lead with everything stored about it, its triage state, status history and notes. */
export type LeadRecord = {
  kind: LeadKind;
  id: string;
  fields: Record<string, unknown>;
  createdAt: Date;
  status: LeadStatus;
  ownerId: string | null;
  ownerName: string | null;
};

export async function getLead(db: Db, kind: LeadKind, id: string): Promise<LeadRecord | null> {
  const table = sql.raw(kindByKind[kind].table); // from our own list, never from the request
  const rows = await rowsOf(
    db,
    sql`select l.*, coalesce(t.status, 'new') as triage_status, t.owner_id as triage_owner_id, u.name as triage_owner_name
      from ${table} l
      left join lead_triage t on t.lead_type = ${kind} and t.lead_id = l.id
      left join staff_users u on u.id = t.owner_id
      where l.id = ${id}::uuid`,
  );
  const r = rows[0];
  if (!r) return null;
  const { triage_status, triage_owner_id, triage_owner_name, ...fields } = r;
  return {
    kind,
    id,
    fields,
    createdAt: asDate(fields.created_at),
    status: triage_status as LeadStatus,
    ownerId: (triage_owner_id as string | null) ?? null,
    ownerName: (triage_owner_name as string | null) ?? null,
  };
}

/** The leads among `refs` that exist (bulk actions ignore ids that name no lead). */
export async function existingLeads(db: Db, refs: { kind: LeadKind; id: string }[]) {
  const found: { kind: LeadKind; id: string }[] = [];
  for (const kind of Object.keys(kindByKind) as LeadKind[]) {
    const ids = refs.filter((r) => r.kind === kind && isUuid(r.id)).map((r) => r.id);
    if (!ids.length) continue;
    const table = sql.raw(kindByKind[kind].table);
    const rows = await rowsOf(db, sql`select id from ${table} where id = any(${`{${ids.join(',')}}`}::uuid[])`);
    for (const row of rows) found.push({ kind, id: String(row.id) });
  }
  return found;
}

export type HistoryEntry = { id: string; fromStatus: LeadStatus; toStatus: LeadStatus; by: string | null; at: Date };
export type NoteEntry = { id: string; body: string; by: string | null; at: Date };

export async function getHistory(db: Db, kind: LeadKind, id: string): Promise<HistoryEntry[]> {
  const rows = await rowsOf(
    db,
    sql`select h.id, h.from_status, h.to_status, u.name as by_name, h.created_at from lead_status_history h
      left join staff_users u on u.id = h.changed_by
      where h.lead_type = ${kind} and h.lead_id = ${id}::uuid order by h.created_at desc, h.id`,
  );
  return rows.map((r) => ({
    id: String(r.id),
    fromStatus: r.from_status as LeadStatus,
    toStatus: r.to_status as LeadStatus,
    by: (r.by_name as string | null) ?? null,
    at: asDate(r.created_at),
  }));
}

export async function getNotes(db: Db, kind: LeadKind, id: string): Promise<NoteEntry[]> {
  const rows = await rowsOf(
    db,
    sql`select n.id, n.body, u.name as by_name, n.created_at from lead_notes n
      left join staff_users u on u.id = n.author_id
      where n.lead_type = ${kind} and n.lead_id = ${id}::uuid order by n.created_at desc, n.id`,
  );
  return rows.map((r) => ({ id: String(r.id), body: String(r.body), by: (r.by_name as string | null) ?? null, at: asDate(r.created_at) }));
}

export type ConsentEntry = { id: string; purpose: string; words: string; version: string; page: string | null; at: Date };

/** The consents given with a lead (the newsletter, the trial's terms), oldest first. */
export async function getConsents(db: Db, kind: LeadKind, id: string): Promise<ConsentEntry[]> {
  const rows = await rowsOf(db, sql`select id, purpose, words, version, page, given_at from consent_records where lead_type = ${kind} and lead_id = ${id}::uuid order by given_at`);
  return rows.map((r) => ({ id: String(r.id), purpose: String(r.purpose), words: String(r.words), version: String(r.version), page: (r.page as string | null) ?? null, at: asDate(r.given_at) }));
}

/** Where the lead came from (lib/leads/attribution.ts), or null for a lead stored before that was recorded. */
export async function getAttribution(db: Db, kind: LeadKind, id: string): Promise<Attribution | null> {
  const rows = await rowsOf(db, sql`select * from lead_attribution where lead_type = ${kind} and lead_id = ${id}::uuid`);
  return rows[0] ? attributionFromColumns(rows[0]) : null;
}
