// The source of an incoming message, as received (docs/conversations.md): shown to staff as inert text by
// /staff/messages/<id>/original, never as HTML.
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { rowsOf } from '@/lib/staff/inbox';

export type MessageOriginal = { id: string; raw: string; matched: boolean };

/** The kept source of incoming message `id` and whether it belongs to a lead; null when there is none (no such message, sent by us, or not kept). */
export async function getOriginal(db: Db, id: string): Promise<MessageOriginal | null> {
  const rows = await rowsOf(db, sql`select id, raw, lead_id from lead_messages where id = ${id}::uuid and direction = 'in' and raw is not null`);
  const r = rows[0];
  return r ? { id: String(r.id), raw: String(r.raw), matched: r.lead_id !== null && r.lead_id !== undefined } : null;
}
