// The assigner's pass (docs/speed-to-lead.md, "Assignment rules"): takes the leads the assignment queue
// holds, kind by kind, and gives each to a member under its kind's rule, in one transaction per batch. One
// process of all those on the database assigns at a time (a transaction-level advisory lock, taken without
// waiting: the others skip the pass), so the rotation, the caps and "fewest open" are exact across
// instances, and the rule's state is written once per batch, not once per lead. The queue rows are deleted
// in the transaction that assigns their leads: a lead is assigned exactly once, and a process killed before
// its commit leaves them for the next pass of any process.
import type { DbHandle, Queryable } from '@/lib/db/connection';
import { withTransaction } from '@/lib/db/transaction';
import { isLeadKind, type LeadKind } from '@/lib/leads/kinds';
import type { AssignmentMethod } from '@/lib/db/assignment-schema';
import { assignByRule } from '@/lib/staff/triage';
import { pickOne, type RuleState } from './pick';

/** pg_advisory_xact_lock's key of the assigner ("assign" in ASCII). */
const assignerLock = 0x61737369676e;
export const openStatuses = ['new', 'contacted', 'qualified'] as const;
const openList = openStatuses.map((s) => `'${s}'`).join(', ');

export type PassResult = { assigned: number; missed: number; dropped: number; busy: boolean };

type Queued = { lead_id: string; queued_at: Date | string; owner_id: string | null; status: string | null };

async function openCounts(tx: Queryable, members: string[]): Promise<Map<string, number>> {
  // Index-only on lead_index_open_owner_idx: only the open, owned leads of these members are counted.
  const { rows } = await tx.query(
    `select owner_id::text as id, count(*)::int as n from lead_index where owner_id = any($1::uuid[]) and status in (${openList}) group by owner_id`,
    [members],
  );
  return new Map(rows.map((r: { id: string; n: number }) => [r.id, Number(r.n)]));
}

/** The admins' notice of a run of misses: one row per active admin, keyed by the run, written once. */
async function noticeAdmins(tx: Queryable, kind: LeadKind, since: Date, leadId: string): Promise<void> {
  await tx.query(
    `insert into staff_emails (staff_user_id, topic, key, lead_type, lead_id)
     select id, 'unassigned', 'unassigned:' || $1 || ':' || $2 || ':' || id::text, $1, $3::uuid
       from staff_users where role = 'admin' and disabled_at is null
     on conflict (key) do nothing`,
    [kind, since.toISOString(), leadId],
  );
}

/** One batch of `kind`'s queue under its rule, in the caller's transaction. */
async function assignBatch(tx: Queryable, kind: LeadKind, batchSize: number): Promise<Omit<PassResult, 'busy'>> {
  const [rule] = (
    await tx.query(`select method, members::text[] as members, cap, last_member::text as last_member, missing_since from assignment_rules where lead_type = $1 for update`, [kind])
  ).rows;
  const { rows: queued } = (await tx.query(
    `select q.lead_id::text as lead_id, q.queued_at, i.owner_id::text as owner_id, i.status from assignment_queue q
       left join lead_index i on i.lead_type = q.lead_type and i.lead_id = q.lead_id
      where q.lead_type = $1 order by q.queued_at, q.lead_id limit $2 for update of q skip locked`,
    [kind, batchSize],
  )) as { rows: Queued[] };
  if (!queued.length) return { assigned: 0, missed: 0, dropped: 0 };
  await tx.query(`delete from assignment_queue where lead_type = $1 and lead_id = any($2::uuid[])`, [kind, queued.map((q) => q.lead_id)]);
  // Erased, closed, held again or assigned by hand since it was queued; or the rule was removed: nothing to do.
  const due = rule ? queued.filter((q) => q.status !== null && q.owner_id === null && (openStatuses as readonly string[]).includes(q.status)) : [];
  if (!due.length) return { assigned: 0, missed: 0, dropped: queued.length };
  const members: string[] = rule.members;
  const { rows: active } = await tx.query(`select id::text as id from staff_users where id = any($1::uuid[]) and disabled_at is null and away_since is null`, [members]);
  const method = rule.method as AssignmentMethod;
  const cap = rule.cap === null ? null : Number(rule.cap);
  const state: RuleState = {
    method,
    members,
    available: new Set(active.map((r: { id: string }) => r.id)),
    cap,
    open: cap !== null || method === 'fewest-open' ? await openCounts(tx, members) : new Map(),
    lastMember: rule.last_member,
  };
  let missingSince: Date | null = rule.missing_since ? new Date(rule.missing_since) : null;
  const leads: string[] = [];
  const owners: string[] = [];
  const runs = new Map<string, { since: Date; leadId: string }>();
  for (const q of due) {
    const owner = pickOne(state);
    if (owner) {
      leads.push(q.lead_id);
      owners.push(owner);
      missingSince = null;
      continue;
    }
    // A run of misses starts at its first lead; it ends at the next lead a member takes.
    missingSince ??= new Date(q.queued_at);
    if (!runs.has(missingSince.toISOString())) runs.set(missingSince.toISOString(), { since: missingSince, leadId: q.lead_id });
  }
  const assigned = await assignByRule(tx, kind, leads, owners);
  for (const run of runs.values()) await noticeAdmins(tx, kind, run.since, run.leadId);
  await tx.query(`update assignment_rules set last_member = $2::uuid, assigned = assigned + $3, missing_since = $4 where lead_type = $1`, [
    kind,
    state.lastMember,
    assigned,
    missingSince,
  ]);
  return { assigned, missed: due.length - leads.length, dropped: queued.length - due.length };
}

/**
 * One pass: every kind with queued leads, a batch at a time, until its queue is empty. `busy`: another
 * process holds the assigner's lock (it is assigning; this one did nothing).
 */
export async function runAssignmentPass(handle: DbHandle, batchSize = 500): Promise<PassResult> {
  const total: PassResult = { assigned: 0, missed: 0, dropped: 0, busy: false };
  const { rows } = await (handle.client as Queryable).query(`select distinct lead_type from assignment_queue`);
  const kinds = rows.map((r: { lead_type: string }) => r.lead_type).filter(isLeadKind);
  for (const kind of kinds) {
    for (;;) {
      const batch = await withTransaction(handle, async (tx) => {
        const { rows: got } = await tx.query(`select pg_try_advisory_xact_lock($1) as ok`, [assignerLock]);
        if (!got[0]?.ok) return null;
        return assignBatch(tx, kind, batchSize);
      });
      if (!batch) return { ...total, busy: true };
      total.assigned += batch.assigned;
      total.missed += batch.missed;
      total.dropped += batch.dropped;
      if (batch.assigned + batch.missed + batch.dropped < batchSize) break;
    }
  }
  return total;
}
