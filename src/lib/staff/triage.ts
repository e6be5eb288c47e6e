import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { Queryable } from '@/lib/db/connection';
import type { LeadKind } from '@/lib/leads/kinds';
import { leadNotes, leadStatusHistory, leadTriage, staffUsers } from '@/lib/db/staff-schema';
import { leadOwnerHistory } from '@/lib/db/conversation-schema';
import type { LeadStatus } from './lead-kinds';
import { existingLeads } from './leads';

/**
 * Triage writes: status (with a history row naming who and when), owner, notes. A lead has a triage
 * row only once someone touched it; before that it is 'new' with no owner.
 */
export type LeadRef = { kind: LeadKind; id: string };
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function currentStatus(tx: Tx, ref: LeadRef): Promise<LeadStatus> {
  const rows = await tx
    .select({ status: leadTriage.status })
    .from(leadTriage)
    .where(and(eq(leadTriage.leadType, ref.kind), eq(leadTriage.leadId, ref.id)))
    .for('update');
  return (rows[0]?.status as LeadStatus | undefined) ?? 'new';
}

/**
 * Sets the status of each existing lead among `refs`; returns the leads whose status changed. `answered`: the
 * member says they answered the lead elsewhere (phone, their own mailbox): the history row says so, and its
 * trigger stops the first-response clock (lead_index.answered_at, migration 0029). Marked with the status it
 * already has, the lead gets a history row that keeps the status and records the answer alone.
 */
export async function changeStatus(db: Db, actorId: string, refs: LeadRef[], status: LeadStatus, { answered = false }: { answered?: boolean } = {}): Promise<LeadRef[]> {
  const leads = await existingLeads(db, refs);
  return db.transaction(async (tx) => {
    const changed: LeadRef[] = [];
    for (const ref of leads) {
      const from = await currentStatus(tx, ref);
      if (from === status) {
        if (answered) await tx.insert(leadStatusHistory).values({ leadType: ref.kind, leadId: ref.id, fromStatus: from, toStatus: status, changedBy: actorId, answered });
        continue;
      }
      await tx
        .insert(leadTriage)
        .values({ leadType: ref.kind, leadId: ref.id, status, updatedBy: actorId })
        .onConflictDoUpdate({ target: [leadTriage.leadType, leadTriage.leadId], set: { status, updatedBy: actorId, updatedAt: sql`now()` } });
      await tx.insert(leadStatusHistory).values({ leadType: ref.kind, leadId: ref.id, fromStatus: from, toStatus: status, changedBy: actorId, answered });
      changed.push(ref);
    }
    return changed;
  });
}

/**
 * Assigns the lead to an active staff member, or to nobody (null). False when the owner is not valid. A
 * change is recorded in lead_owner_history (from, to, by whom) in the same transaction, for the lead's
 * timeline; choosing the owner it already has changes nothing and records nothing.
 */
export async function setOwner(db: Db, actorId: string, ref: LeadRef, ownerId: string | null): Promise<boolean> {
  if (!(await existingLeads(db, [ref])).length) return false;
  if (ownerId) {
    const owner = await db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(and(eq(staffUsers.id, ownerId), isNull(staffUsers.disabledAt)));
    if (!owner.length) return false;
  }
  await db.transaction(async (tx) => {
    const current = () =>
      tx
        .select({ ownerId: leadTriage.ownerId })
        .from(leadTriage)
        .where(and(eq(leadTriage.leadType, ref.kind), eq(leadTriage.leadId, ref.id)))
        .for('update');
    // The triage row is locked before it is read, so two changes at once are recorded one after the other
    // (a lead nobody touched yet gets its row first).
    let [row] = await current();
    if (!row) {
      await tx.insert(leadTriage).values({ leadType: ref.kind, leadId: ref.id, updatedBy: actorId }).onConflictDoNothing();
      [row] = await current();
    }
    const from = row?.ownerId ?? null;
    if (from === ownerId) return;
    await tx
      .update(leadTriage)
      .set({ ownerId, updatedBy: actorId, updatedAt: sql`now()` })
      .where(and(eq(leadTriage.leadType, ref.kind), eq(leadTriage.leadId, ref.id)));
    // Its time is when the change was made, after the lock (not when the transaction began, `now()`): two changes
    // at once are then in the history's order, the one that waited for the lock second.
    await tx.insert(leadOwnerHistory).values({ leadType: ref.kind, leadId: ref.id, fromOwner: from, toOwner: ownerId, changedBy: actorId, createdAt: sql`clock_timestamp()` });
  });
  return true;
}

export const noteMax = 5000;

export async function addNote(db: Db, actorId: string, ref: LeadRef, body: string): Promise<boolean> {
  if (!(await existingLeads(db, [ref])).length) return false;
  await db.insert(leadNotes).values({ leadType: ref.kind, leadId: ref.id, authorId: actorId, body });
  return true;
}

/**
 * The owner path of the assignment rules (lib/assignment/assign.ts): sets the owner of each lead of
 * `kind` in `leads` to the member in `owners` at the same place, in one statement of the rule's
 * transaction, and records each change in lead_owner_history like `setOwner` does, marked `by_rule` (no
 * staff member made it). Only a lead that is still open and has no owner is changed: one a person has
 * assigned or closed since it was queued keeps what they chose. Returns how many leads were assigned.
 */
export async function assignByRule(tx: Queryable, kind: LeadKind, leads: readonly string[], owners: readonly string[]): Promise<number> {
  if (!leads.length) return 0;
  const { rows } = await tx.query(
    `with pick as (select $1::text as lead_type, l.lead_id, l.owner_id from unnest($2::uuid[], $3::uuid[]) as l (lead_id, owner_id)),
     owned as (
       insert into lead_triage (lead_type, lead_id, owner_id) select lead_type, lead_id, owner_id from pick
        where exists (select 1 from lead_index i where i.lead_type = pick.lead_type and i.lead_id = pick.lead_id)
       on conflict (lead_type, lead_id) do update set owner_id = excluded.owner_id, updated_by = null, updated_at = now()
        where lead_triage.owner_id is null and lead_triage.status in ('new', 'contacted', 'qualified')
       returning lead_type, lead_id, owner_id),
     recorded as (
       insert into lead_owner_history (lead_type, lead_id, from_owner, to_owner, changed_by, by_rule)
       select lead_type, lead_id, null, owner_id, null, true from owned returning 1)
     select count(*)::int as n from recorded`,
    [kind, leads, owners],
  );
  return Number(rows[0]?.n ?? 0);
}
