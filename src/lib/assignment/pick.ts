// Who takes each lead of a batch under a rule (pure: the assigner reads the state, this decides, the
// assigner writes). The rotation is the rule's member list in order, starting after the member who took
// the last lead; a member who is away, disabled or removed is not in `available` and is passed over.
import type { AssignmentMethod } from '@/lib/db/assignment-schema';

export type RuleState = {
  method: AssignmentMethod;
  /** The rule's members in rotation order (some may not be available now). */
  members: readonly string[];
  /** The members who can take leads now (active, not away). */
  available: ReadonlySet<string>;
  /** The most open leads each may hold (null: no cap). */
  cap: number | null;
  /** Each member's open leads now (absent: none). Only read with a cap or `fewest-open`. */
  open: Map<string, number>;
  /** The member who took the last lead (null: none yet, start at the first). */
  lastMember: string | null;
};

/** The next member for one lead, or null when nobody can take it; moves `state` on (last member, open count). */
export function pickOne(state: RuleState): string | null {
  const { members } = state;
  const start = state.lastMember ? members.indexOf(state.lastMember) + 1 : 0;
  let best: string | null = null;
  for (let i = 0; i < members.length; i++) {
    const id = members[(start + i) % members.length];
    if (!state.available.has(id)) continue;
    const open = state.open.get(id) ?? 0;
    if (state.cap !== null && open >= state.cap) continue;
    if (state.method === 'round-robin') {
      best = id;
      break;
    }
    // Fewest open leads; a tie goes to the first in the rotation, so equal members still take turns.
    if (best === null || open < (state.open.get(best) ?? 0)) best = id;
  }
  if (best !== null) {
    state.open.set(best, (state.open.get(best) ?? 0) + 1);
    state.lastMember = best;
  }
  return best;
}

/** The owners of `n` leads in arrival order (null: nobody could take that lead). */
export function pickOwners(n: number, state: RuleState): (string | null)[] {
  return Array.from({ length: n }, () => pickOne(state));
}
