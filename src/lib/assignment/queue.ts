// Where a lead joins the assignment queue (lib/db/assignment-schema.ts): in the lead's own statement
// (lib/leads/store.ts), or in the transaction that releases it from the Spam view (lib/spam/release.ts).
import { sql, type SQL } from 'drizzle-orm';
import type { LeadKind } from '@/lib/leads/kinds';

/**
 * A CTE (`assigning`) of the lead's statement that queues the lead of `from` (a CTE with its `id`) when its
 * kind has a rule and `gate` holds (the lead's notifications' condition: not held as spam). One primary-key
 * read of assignment_rules and, with a rule, one small insert: no shared row is written per lead, so posts
 * of one kind never wait for each other here.
 */
export function assignmentQueue(kind: LeadKind, from: SQL, gate?: SQL): SQL {
  return sql`, assigning as (
        insert into assignment_queue (lead_type, lead_id)
        select ${kind}, id from ${from} where exists (select 1 from assignment_rules where lead_type = ${kind})${gate ? sql` and ${gate}` : sql``}
        on conflict do nothing returning 1)`;
}

let nudge: (() => void) | undefined;

/** The assigner of this process (server/background.ts) registers its nudge here; returns the function that removes it. */
export function registerAssignerNudge(fn: () => void): () => void {
  nudge = fn;
  return () => {
    if (nudge === fn) nudge = undefined;
  };
}

/** A lead was queued in this process: assign it now rather than at the next poll (after its commit, hence the delay). */
export function nudgeAssigner(delayMs = 10): void {
  const fn = nudge;
  if (!fn) return;
  const t = setTimeout(fn, delayMs);
  t.unref?.();
}
