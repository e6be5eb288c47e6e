import { z } from 'zod';
import { checkRule, kindPlural, listAssignees, methodLabel, saveRule, setAway } from '@/lib/assignment/rules';
import { fail, ok, type ActionResult } from '../action-state';
import { safeReturnPath } from '../auth';
import { field, redirectTo, staffAction } from './define';

/** A refused rule's answer, with the members that were ticked (a form's kept values hold one value per field). */
export type RuleAnswer = ActionResult & { members?: string[] };

/** An admin sets who takes a kind's new leads and how (/staff/assignment); no members turns it off. */
export const saveAssignmentRule = staffAction(
  {
    event: 'staff.assignment_rule',
    role: 'admin',
    input: z.object({ kind: z.unknown(), method: z.unknown(), cap: z.unknown(), members: z.array(z.unknown()) }),
  },
  async ({ user, db, input, audit }) => {
    const active = new Set((await listAssignees(db)).filter((a) => !a.disabled).map((a) => a.id));
    const checked = checkRule({ kind: input.kind, method: input.method, cap: input.cap, members: input.members }, active);
    if (!checked.ok) return Object.assign(fail(checked.message, { [checked.field]: checked.message }), { members: input.members.map(String) }) as RuleAnswer;
    await saveRule(db, user.id, checked);
    audit({ kind: checked.kind, method: checked.method, members: checked.members.length, cap: checked.cap });
    const label = kindPlural(checked.kind);
    if (!checked.members.length) return ok(`New ${label} are no longer assigned automatically.`);
    const n = checked.members.length;
    return ok(
      `Saved: new ${label} go to ${n} ${n === 1 ? 'member' : 'members'} by ${methodLabel[checked.method].toLowerCase()}${checked.cap ? `, at most ${checked.cap} open leads each` : ''}.`,
    );
  },
);

/** Any staff member marks themselves away (the rules pass them over) or back, from the staff header. */
export const setAvailability = staffAction(
  {
    event: 'staff.availability',
    input: z.object({
      intent: field.parsed((v) => (v === 'away' || v === 'back' ? v : null), 'Choose away or back.'),
      return: z.unknown(),
    }),
  },
  async ({ user, db, input, audit }) => {
    await setAway(db, user.id, input.intent === 'away');
    audit({ away: input.intent === 'away' });
    return redirectTo(safeReturnPath(input.return));
  },
);
