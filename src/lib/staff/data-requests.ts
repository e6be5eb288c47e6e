import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { attributionColumns } from '@/lib/leads/attribution';
import type { LeadKind } from '@/lib/leads/kinds';
import { dataRequestAudit } from '@/lib/db/staff-schema';
import { asDate } from '@/lib/db/values';
import { daysSince } from '@/lib/dates';
import { extendedReplyDueBy, replyDueBy } from '@/lib/config/retention';
import { rowsOf } from './inbox';
import { kinds } from './lead-kinds';

/**
 * Data requests from /gdpr. The export is every row, in every lead table, whose email is the requester's
 * (case-insensitive), with the staff notes about those rows and the emails of their threads. The erasure
 * deletes the same rows, their triage, history, notes and emails, in one transaction, and leaves an audit
 * entry with counts only.
 */
export type DataRequest = {
  id: string;
  email: string;
  type: string;
  details: string | null;
  createdAt: Date;
  /** Whether the requester controls the address: their emailed link (`link`), or an admin's recorded check (`staff`). */
  verified: { at: Date; via: 'link' | 'staff'; note: string | null; by: string | null } | null;
  /** The reply is due by then: `dataRequestReplyDays` (30) days from receipt, or the extended date. */
  dueBy: Date;
  /** Whole days past `dueBy` when read (0 or less: not overdue). */
  overdueDays: number;
  extension: { until: Date; reason: string } | null;
};



export async function getDataRequest(db: Db, id: string): Promise<DataRequest | null> {
  const rows = await rowsOf(
    db,
    sql`select r.id, r.email, r.type, r.details, r.created_at, c.verified_at, c.verified_via, c.check_note, u.name as checked_by_name, c.extended_until, c.extension_reason
      from data_requests r left join data_request_checks c on c.request_id = r.id left join staff_users u on u.id = c.checked_by
      where r.id = ${id}::uuid`,
  );
  const r = rows[0];
  if (!r) return null;
  const createdAt = asDate(r.created_at);
  const extension = r.extended_until ? { until: asDate(r.extended_until), reason: String(r.extension_reason ?? '') } : null;
  const dueBy = replyDueBy(createdAt, extension?.until ?? null);
  return {
    id: String(r.id),
    email: String(r.email),
    type: String(r.type),
    details: (r.details as string | null) ?? null,
    createdAt,
    verified: r.verified_at
      ? { at: asDate(r.verified_at), via: r.verified_via === 'staff' ? 'staff' : 'link', note: (r.check_note as string | null) ?? null, by: (r.checked_by_name as string | null) ?? null }
      : null,
    dueBy,
    overdueDays: daysSince(dueBy),
    extension,
  };
}

/** The refusal of an action on a request nobody has verified yet (undefined when it is verified). */
export const unverifiedRefusal = (request: DataRequest): string | undefined =>
  request.verified
    ? undefined
    : 'Not verified yet: the requester has not confirmed the request from the link we emailed, and no identity check is recorded. Export, erasure and completion wait until then.';

/**
 * The requester opened the emailed link and pressed its button: the request is verified (once; a second
 * press changes nothing, 'already'). 'gone' when the request no longer exists.
 */
export async function verifyByLink(db: Db, requestId: string): Promise<'verified' | 'already' | 'gone'> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const req = await rowsOf(t, sql`select id, type from data_requests where id = ${requestId}::uuid for update`);
    if (!req[0]) return 'gone';
    const done = await rowsOf(
      t,
      sql`insert into data_request_checks (request_id, verified_at, verified_via) values (${requestId}::uuid, now(), 'link')
        on conflict (request_id) do update set verified_at = now(), verified_via = 'link' where data_request_checks.verified_at is null
        returning request_id`,
    );
    if (!done[0]) return 'already';
    await t.insert(dataRequestAudit).values({ requestId, requestType: String(req[0].type), action: 'verified' });
    return 'verified';
  });
}

/** An admin records an identity check made another way (a reply from the address, a call...), with a note. */
export async function recordIdentityCheck(db: Db, request: DataRequest, note: string, actorId: string) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(
      sql`insert into data_request_checks (request_id, verified_at, verified_via, check_note, checked_by) values (${request.id}::uuid, now(), 'staff', ${note}, ${actorId}::uuid)
        on conflict (request_id) do update set verified_at = now(), verified_via = 'staff', check_note = ${note}, checked_by = ${actorId}::uuid`,
    );
    await t.insert(dataRequestAudit).values({ requestId: request.id, requestType: request.type, action: 'identity-check', performedBy: actorId });
  });
}

/** An admin extends the reply deadline (once) to the most the law allows, three months from receipt, with the reason given to the requester. */
export async function extendDeadline(db: Db, request: DataRequest, reason: string, actorId: string): Promise<boolean> {
  if (request.extension) return false;
  const until = extendedReplyDueBy(request.createdAt);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(
      sql`insert into data_request_checks (request_id, extended_until, extension_reason) values (${request.id}::uuid, ${until.toISOString()}::timestamptz, ${reason})
        on conflict (request_id) do update set extended_until = excluded.extended_until, extension_reason = excluded.extension_reason`,
    );
    await t.insert(dataRequestAudit).values({ requestId: request.id, requestType: request.type, action: 'extension', performedBy: actorId });
  });
  return true;
}

/** What the export holds of an email (everything but staff's own bookkeeping: who wrote a reply, when it was read, its dedupe keys). */
const messageColumns = sql.raw(
  'direction, created_at, from_address, from_name, to_address, subject, body_text, message_id, in_reply_to, "references", attachments, notices, channel, raw as source',
);

/** The incoming emails from `email` that matched no lead (few: purged after `retention.unmatchedMessageDays`; the partial index of unmatched mail). */
const unmatchedFrom = (email: string) => sql`lead_id is null and direction = 'in' and lower(from_address) = lower(${email})`;

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
  // What staff recorded about each lead: its status and status history, and how each data request was checked.
  const history: Record<string, unknown>[] = [];
  for (const k of kinds) {
    for (const row of tables[k.table]) {
      const h = await rowsOf(db, sql`select from_status, to_status, created_at from lead_status_history where lead_type = ${k.kind} and lead_id = ${row.id}::uuid order by created_at`);
      for (const e of h) history.push({ table: k.table, id: row.id, from: e.from_status, to: e.to_status, at: e.created_at });
    }
  }
  const checks = await rowsOf(
    db,
    sql`select c.request_id, c.verified_at, c.verified_via, c.extended_until from data_request_checks c join data_requests r on r.id = c.request_id where lower(r.email) = lower(${email})`,
  );
  const consents: Record<string, unknown>[] = [];
  for (const k of kinds) {
    for (const row of tables[k.table]) {
      const c = await rowsOf(db, sql`select purpose, words, version, page, given_at from consent_records where lead_type = ${k.kind} and lead_id = ${row.id}::uuid order by given_at`);
      for (const e of c) consents.push({ table: k.table, id: row.id, ...e });
    }
  }
  // Where each lead came from: campaign tags, the referring site's host, the form's page, an affiliate's code.
  const attribution: Record<string, unknown>[] = [];
  const attributed = sql.join(Object.values(attributionColumns).map((c) => sql.identifier(c)), sql`, `);
  for (const k of kinds) {
    for (const row of tables[k.table]) {
      const a = await rowsOf(db, sql`select ${attributed} from lead_attribution where lead_type = ${k.kind} and lead_id = ${row.id}::uuid`);
      for (const e of a) attribution.push({ table: k.table, id: row.id, ...e });
    }
  }
  // The emails of their leads' threads, in and out (each as sent or received, its source included), and the
  // emails from their address that matched no lead (the admins' unmatched list).
  const messages: Record<string, unknown>[] = [];
  for (const k of kinds) {
    const ids = tables[k.table].map((row) => String(row.id));
    if (!ids.length) continue;
    const m = await rowsOf(db, sql`select lead_id, ${messageColumns} from lead_messages where lead_type = ${k.kind} and lead_id = any(${`{${ids.join(',')}}`}::uuid[]) order by created_at, id`);
    for (const { lead_id, ...e } of m) messages.push({ table: k.table, id: lead_id, ...e });
  }
  const unmatched = await rowsOf(db, sql`select ${messageColumns} from lead_messages where ${unmatchedFrom(email)} order by created_at, id`);
  return {
    email,
    generated_at: new Date().toISOString(),
    tables,
    staff_notes: notes,
    status_history: history,
    consents,
    attribution,
    data_request_checks: checks,
    messages,
    unmatched_messages: unmatched,
  };
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
 * status and owner history, notes and the emails of their threads (and the outbox rows of our replies), the
 * emails from that address that matched no lead, and writes the audit entry, all in one transaction. Null
 * when the request is gone (already erased).
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
      await t.execute(sql`delete from consent_records where lead_type = ${kind} and lead_id = ${id}::uuid`);
      await t.execute(sql`delete from lead_screening where lead_type = ${kind} and lead_id = ${id}::uuid`);
      await t.execute(sql`delete from lead_attribution where lead_type = ${kind} and lead_id = ${id}::uuid`);
      const n = await rowsOf(t, sql`delete from lead_notes where lead_type = ${kind} and lead_id = ${id}::uuid returning id`);
      // The thread: its emails in and out, the outbox rows that send our replies (a pending one is never sent),
      // and who owned the lead when.
      await t.execute(sql`delete from notification_outbox where lead_type = ${kind} and lead_id = ${id}::uuid and channel = 'reply'`);
      const m = await rowsOf(t, sql`delete from lead_messages where lead_type = ${kind} and lead_id = ${id}::uuid returning id`);
      await t.execute(sql`delete from lead_owner_history where lead_type = ${kind} and lead_id = ${id}::uuid`);
      triage += a.length;
      counts.lead_notes = (counts.lead_notes ?? 0) + n.length;
      counts.lead_messages = (counts.lead_messages ?? 0) + m.length;
    }
    counts.lead_triage = triage;
    counts.unmatched_messages = (await rowsOf(t, sql`delete from lead_messages where ${unmatchedFrom(email)} returning id`)).length;
    if (beforeCommit) await beforeCommit(erased, tx);
    await t.insert(dataRequestAudit).values({ requestId, requestType: String(req[0].type), action: 'erasure', rowCounts: counts, performedBy: actorId });
    return { counts, erased };
  });
}
