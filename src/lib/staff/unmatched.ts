import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { MessageAttachment } from '@/lib/db/conversation-schema';
import { asDate } from '@/lib/db/values';
import type { LeadKind } from '@/lib/leads/kinds';
import { rowsOf } from './inbox';
import { isUuid } from './filters';
import { kindBySlug, kinds, type LeadStatus } from './lead-kinds';
import type { LeadRef } from './triage';

/**
 * The admins' "Unmatched email": incoming messages that joined no lead (lead_messages with lead_id null:
 * no reply token of ours, no Message-ID we sent, or a sender who is not the lead's address), newest first,
 * by keyset pages of lead_messages_unmatched_idx. An admin attaches one to a lead (the lead_messages
 * trigger then counts it in the lead's unread replies) or discards it.
 */
export type UnmatchedEmail = {
  id: string;
  fromAddress: string;
  fromName: string | null;
  toAddress: string;
  subject: string;
  receivedAt: Date;
  /** What the thread would show: quoted history and signature trimmed (shown_text), else the whole text. */
  text: string;
  notices: string[];
  attachments: MessageAttachment[];
  /** The leads whose address is the sender's, newest first (at most `candidatesPerEmail`). */
  candidates: Candidate[];
};

export type Candidate = { kind: LeadKind; id: string; name: string | null; email: string; createdAt: Date; status: LeadStatus };

/** Where a page of the list starts: after the email received at `at` (its exact text) with id `id`. */
export type UnmatchedCursor = { at: string; id: string };

export const unmatchedPageSize = 20;
export const candidatesPerEmail = 5;

/** `?before=<received>,<id>` of the list's address, or null when absent or malformed. */
export function parseCursor(v: unknown): UnmatchedCursor | null {
  if (typeof v !== 'string') return null;
  const comma = v.lastIndexOf(',');
  const at = v.slice(0, comma);
  const id = v.slice(comma + 1);
  // PostgreSQL's text of a timestamptz, e.g. `2026-11-27 13:22:50.123456+00`: checked to be a real date and
  // time before it goes back to the database, which would refuse 30 February with an error.
  const p = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-]\d{2}(?::?\d{2})?$/.exec(at);
  if (comma < 1 || !isUuid(id) || !p) return null;
  const [y, mo, d, h, mi, sec] = p.slice(1).map(Number);
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d || h > 23 || mi > 59 || sec > 59) return null;
  return { at, id };
}

export const cursorParam = (c: UnmatchedCursor) => `${c.at},${c.id}`;

/** One page of unmatched email, newest first, and the cursor of the next (older) page, if any. */
export async function listUnmatched(db: Db, before: UnmatchedCursor | null, size = unmatchedPageSize): Promise<{ emails: UnmatchedEmail[]; next: UnmatchedCursor | null }> {
  const after = before ? sql`and (m.created_at, m.id) < (${before.at}::timestamptz, ${before.id}::uuid)` : sql``;
  const rows = await rowsOf(
    db,
    sql`select m.id, m.from_address, m.from_name, m.to_address, m.subject, m.created_at, m.created_at::text as created_key,
        coalesce(m.shown_text, m.body_text) as text, m.notices, m.attachments
      from lead_messages m where m.lead_id is null ${after}
      order by m.created_at desc, m.id desc limit ${size + 1}`,
  );
  const page = rows.slice(0, size);
  const last = page.at(-1);
  const candidates = await candidatesFor(db, [...new Set(page.map((r) => String(r.from_address).toLowerCase()))]);
  return {
    emails: page.map((r) => ({
      id: String(r.id),
      fromAddress: String(r.from_address),
      fromName: (r.from_name as string | null) ?? null,
      toAddress: String(r.to_address),
      subject: String(r.subject),
      receivedAt: asDate(r.created_at),
      text: String(r.text ?? ''),
      notices: (r.notices as string[] | null) ?? [],
      attachments: (r.attachments as MessageAttachment[] | null) ?? [],
      candidates: candidates.get(String(r.from_address).toLowerCase()) ?? [],
    })),
    next: rows.length > size && last ? { at: String(last.created_key), id: String(last.id) } : null,
  };
}

/** The newest leads of each address (lead_index's index on lower(email)), spam included: an admin decides. */
async function candidatesFor(db: Db, addresses: string[]): Promise<Map<string, Candidate[]>> {
  const out = new Map<string, Candidate[]>();
  if (!addresses.length) return out;
  const list = sql.join(
    addresses.map((a) => sql`${a}`),
    sql`, `,
  );
  const rows = await rowsOf(
    db,
    sql`select a.k, l.lead_type, l.lead_id, l.name, l.email, l.created_at, l.status
      from unnest(array[${list}]::text[]) a(k)
      cross join lateral (select i.lead_type, i.lead_id, i.name, i.email, i.created_at, i.status from lead_index i
        where lower(i.email) = a.k order by i.created_at desc, i.lead_id desc limit ${candidatesPerEmail}) l
      order by a.k, l.created_at desc, l.lead_id desc`,
  );
  for (const r of rows) {
    const key = String(r.k);
    const list = out.get(key) ?? [];
    list.push({ kind: r.lead_type as LeadKind, id: String(r.lead_id), name: (r.name as string | null) ?? null, email: String(r.email), createdAt: asDate(r.created_at), status: r.status as LeadStatus });
    out.set(key, list);
  }
  return out;
}

/**
 * The lead an admin named: a choice of the list (`kind:id`), a lead's staff address pasted whole or as a
 * path (`…/staff/leads/<kind>/<id>`), or a bare id (looked up under each kind: lead_index's primary key).
 * Null when it names no lead that exists.
 */
export async function findLead(db: Db, text: string): Promise<LeadRef | null> {
  const v = text.trim();
  const choice = /^([A-Za-z]+):([0-9a-f-]{36})$/i.exec(v);
  const path = /\/staff\/leads\/([a-z0-9_-]+)\/([0-9a-f-]{36})(?:[/?#]|$)/i.exec(v);
  const candidates: LeadRef[] = [];
  if (choice && isUuid(choice[2]) && kinds.some((k) => k.kind === choice[1])) candidates.push({ kind: choice[1] as LeadKind, id: choice[2].toLowerCase() });
  else if (path && isUuid(path[2])) {
    const kind = kindBySlug(path[1].toLowerCase());
    if (kind) candidates.push({ kind: kind.kind, id: path[2].toLowerCase() });
  } else if (isUuid(v)) candidates.push(...kinds.map((k) => ({ kind: k.kind, id: v.toLowerCase() })));
  if (!candidates.length) return null;
  const keys = sql.join(
    candidates.map((c) => sql`(${c.kind}, ${c.id}::uuid)`),
    sql`, `,
  );
  const [row] = await rowsOf(db, sql`select lead_type, lead_id from lead_index where (lead_type, lead_id) in (${keys}) limit 1`);
  return row ? { kind: row.lead_type as LeadKind, id: String(row.lead_id) } : null;
}

/** Attaches an unmatched email to a lead (the trigger counts it as the lead's unread reply); false when it is no longer unmatched. */
export async function attachEmail(db: Db, messageId: string, lead: LeadRef): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`update lead_messages set lead_type = ${lead.kind}, lead_id = ${lead.id}::uuid where id = ${messageId}::uuid and lead_id is null returning id`,
  );
  return rows.length > 0;
}

/** Deletes an unmatched email for good; false when it is no longer unmatched (attached or discarded meanwhile). */
export async function discardEmail(db: Db, messageId: string): Promise<boolean> {
  const rows = await rowsOf(db, sql`delete from lead_messages where id = ${messageId}::uuid and lead_id is null returning id`);
  return rows.length > 0;
}

/** A lead's name as the inbox shows it (its name, else its address), or null when it no longer exists. */
export async function leadName(db: Db, lead: LeadRef): Promise<string | null> {
  const [row] = await rowsOf(db, sql`select coalesce(name, email) as who from lead_index where lead_type = ${lead.kind} and lead_id = ${lead.id}::uuid`);
  return row ? String(row.who) : null;
}
