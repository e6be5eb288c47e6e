import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { LeadKind } from '@/lib/leads/kinds';
import { dataRequestAudit } from '@/lib/db/staff-schema';
import { asDate } from '@/lib/db/values';
import { rowsOf } from './inbox';
import { kinds } from './lead-kinds';

/**
 * Data requests from /gdpr. The export is every row, in every lead table, whose email is the requester's
 * (case-insensitive), with the staff notes about those rows. The erasure deletes the same rows, their
 * triage, history and notes, in one transaction, and leaves an audit entry with counts only.
 */
export type DataRequest = { id: string; email: string; type: string; details: string | null; createdAt: Date };

export async function getDataRequest(db: Db, id: string): Promise<DataRequest | null> {
  const rows = await rowsOf(db, sql`select id, email, type, details, created_at from data_requests where id = ${id}::uuid`);
  const r = rows[0];
  if (!r) return null;
  return { id: String(r.id), email: String(r.email), type: String(r.type), details: (r.details as string | null) ?? null, createdAt: asDate(r.created_at) };
}

export async function personData(db: Db, email: string) {
  const tables: Record<string, Record<string, unknown>[]> = {};
  const notes: Record<string, unknown>[] = [];
  for (const k of kinds) {
    const rows = await rowsOf(db, sql`select * from ${sql.raw(k.table)} where lower(email) = lower(${email}) order by created_at`);
    tables[k.table] = rows;
    for (const row of rows) {
      const n = await rowsOf(db, sql`select body, created_at from lead_notes where lead_type = ${k.kind} and lead_id = ${row.id}::uuid order by created_at`);
      for (const note of n) notes.push({ table: k.table, id: row.id, note: note.body, created_at: note.created_at });
    }
  }
  return { email, generated_at: new Date().toISOString(), tables, staff_notes: notes };
}

export async function recordAudit(db: Db, request: DataRequest, action: 'export' | 'completed', actorId: string) {
  await db.insert(dataRequestAudit).values({ requestId: request.id, requestType: request.type, action, performedBy: actorId });
}

export type AuditEntry = { id: string; action: string; rowCounts: Record<string, number> | null; by: string | null; at: Date };

export async function auditOf(db: Db, requestId: string): Promise<AuditEntry[]> {
  const rows = await rowsOf(
    db,
    sql`select a.id, a.action, a.row_counts, u.name as by_name, a.created_at from data_request_audit a
      left join staff_users u on u.id = a.performed_by where a.request_id = ${requestId}::uuid order by a.created_at desc`,
  );
  return rows.map((r) => ({ id: String(r.id), action: String(r.action), rowCounts: (r.row_counts as Record<string, number> | null) ?? null, by: (r.by_name as string | null) ?? null, at: asDate(r.created_at) }));
}

export type ErasureResult = { counts: Record<string, number>; erased: { kind: LeadKind; id: string }[] };

/**
 * Deletes every lead row with the request's email (the request itself included), with their triage,
 * status history and notes, and writes the audit entry, all in one transaction. Null when the request
 * is gone (already erased).
 */
export async function eraseForRequest(db: Db, requestId: string, actorId: string, beforeCommit?: (erased: ErasureResult['erased'], tx: unknown) => Promise<void>): Promise<ErasureResult | null> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const req = await rowsOf(t, sql`select id, email, type from data_requests where id = ${requestId}::uuid for update`);
    if (!req[0]) return null;
    const email = String(req[0].email);
    const counts: Record<string, number> = {};
    const erased: ErasureResult['erased'] = [];
    for (const k of kinds) {
      const rows = await rowsOf(t, sql`delete from ${sql.raw(k.table)} where lower(email) = lower(${email}) returning id`);
      counts[k.table] = rows.length;
      for (const r of rows) erased.push({ kind: k.kind, id: String(r.id) });
    }
    let triage = 0;
    for (const { kind, id } of erased) {
      const a = await rowsOf(t, sql`delete from lead_triage where lead_type = ${kind} and lead_id = ${id}::uuid returning lead_id`);
      await t.execute(sql`delete from lead_status_history where lead_type = ${kind} and lead_id = ${id}::uuid`);
      // The outbox keeps a hash of the address for the per-recipient limit: it goes with the lead.
      await t.execute(sql`update notification_outbox set recipient_key = null where lead_type = ${kind} and lead_id = ${id}::uuid`);
      // The submission's token (for a post without one of its own, a hash of what was typed, the address
      // included) goes with it too.
      await t.execute(sql`delete from submission_tokens where lead_type = ${kind} and lead_id = ${id}::uuid`);
      const n = await rowsOf(t, sql`delete from lead_notes where lead_type = ${kind} and lead_id = ${id}::uuid returning id`);
      triage += a.length;
      counts.lead_notes = (counts.lead_notes ?? 0) + n.length;
    }
    counts.lead_triage = triage;
    if (beforeCommit) await beforeCommit(erased, tx);
    await t.insert(dataRequestAudit).values({ requestId, requestType: String(req[0].type), action: 'erasure', rowCounts: counts, performedBy: actorId });
    return { counts, erased };
  });
}
