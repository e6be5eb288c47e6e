// "Not spam" (docs/spam.md): a held lead goes back to the open inbox as new, and what the screening held
// is sent now: the staff notifications, and the acknowledgement (or the newsletter's confirmation) within
// the same per-address and hourly caps as a fresh post. Screening, status, history and the queued
// deliveries commit together.
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { leadKinds, type KindDef } from '@/lib/leads/kinds';
import { senderQueue, staffQueue } from '@/lib/leads/store';
import { configuredChannels, emailsOn } from '@/lib/notify/config';
import { nudgeDeliveryLoop } from '@/lib/notify/nudge';
import { assignmentQueue, nudgeAssigner } from '@/lib/assignment/queue';
import { rowsOf } from '@/lib/staff/inbox';
import { changeStatus, type LeadRef } from '@/lib/staff/triage';
import { asDate } from '@/lib/db/values';
import { isSpamReason, type SpamReason, type Verdict } from './reasons';

export type ScreeningRecord = { verdict: Verdict; reasons: SpamReason[]; at: Date; releasedAt: Date | null; releasedBy: string | null };

/** What the screening held about a lead, or null when it passed (or predates the screening). */
export async function getScreening(db: Db, ref: LeadRef): Promise<ScreeningRecord | null> {
  const rows = await rowsOf(
    db,
    sql`select s.verdict, s.reasons, s.created_at, s.released_at, u.name as released_by from lead_screening s
      left join staff_users u on u.id = s.released_by where s.lead_type = ${ref.kind} and s.lead_id = ${ref.id}::uuid`,
  );
  const r = rows[0];
  if (!r) return null;
  return {
    verdict: r.verdict as Verdict,
    reasons: (r.reasons as string[]).filter(isSpamReason),
    at: asDate(r.created_at),
    releasedAt: r.released_at ? asDate(r.released_at) : null,
    releasedBy: (r.released_by as string | null) ?? null,
  };
}

/** Releases a lead the screening held; false when there is nothing held (already released, or never held). */
export async function releaseHeld(db: Db, actorId: string, ref: LeadRef): Promise<boolean> {
  const def: KindDef = leadKinds[ref.kind];
  const table = sql.identifier(def.table);
  const released = await db.transaction(async (tx) => {
    const claimed = await rowsOf(
      tx as unknown as Db,
      sql`update lead_screening set released_at = now(), released_by = ${actorId}::uuid
        where lead_type = ${ref.kind} and lead_id = ${ref.id}::uuid and released_at is null returning lead_id`,
    );
    if (!claimed.length) return false;
    // Back to the open inbox (with a line in its history), unless staff have moved it on from spam since.
    await rowsOf(tx as unknown as Db, sql`select 1 from lead_triage where lead_type = ${ref.kind} and lead_id = ${ref.id}::uuid and status = 'spam'`).then((rows) =>
      rows.length ? changeStatus(tx as unknown as Db, actorId, [ref], 'new') : [],
    );
    const lead = (await rowsOf(tx as unknown as Db, sql`select email, ${def.subscription ? sql`status` : sql`null`} as sub_status from ${table} where id = ${ref.id}::uuid`))[0];
    if (!lead) return false;
    const email = String(lead.email ?? '');
    const from = sql`lead`;
    const sender =
      !emailsOn() || !email
        ? sql``
        : def.subscription
          ? lead.sub_status === 'pending'
            ? senderQueue('confirm', ref.kind, 'confirm', email, from)
            : sql``
          : def.acknowledge
            ? senderQueue('ack', ref.kind, 'ack', email, from)
            : sql``;
    const marked = def.subscription && lead.sub_status === 'pending' && emailsOn() ? sql`, marked as (update ${table} set confirm_sent_at = now() where id = ${ref.id}::uuid)` : sql``;
    // Released, it waits for its kind's assignment rule like a lead that passed the screening (a newsletter sign-up has none).
    const assign = def.subscription ? sql`` : assignmentQueue(ref.kind, from);
    await rowsOf(tx as unknown as Db, sql`with lead as (select ${ref.id}::uuid as id)${staffQueue(ref.kind, configuredChannels(), from)}${sender}${marked}${assign} select 1`);
    return true;
  });
  if (released) {
    nudgeDeliveryLoop();
    nudgeAssigner();
  }
  return released;
}

/**
 * How many posts sent without JavaScript wait for review (held, still marked spam, not released): the
 * inbox says so on every page, so this is an indexed count of the few (lead_screening_held_idx), capped.
 */
export async function heldCount(db: Db): Promise<{ held: number }> {
  const rows = await rowsOf(
    db,
    sql`select count(*)::int as n from (select 1 from lead_screening s
      join lead_index i on i.lead_type = s.lead_type and i.lead_id = s.lead_id and i.status = 'spam'
      where s.verdict = 'held' and s.released_at is null limit 10000) x`,
  );
  return { held: Number(rows[0]?.n ?? 0) };
}
