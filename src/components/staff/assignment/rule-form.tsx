import { ActionForm, ActionMessage, FieldError, KeptInput, SubmitButton, usePostedAction } from '@/components/staff/action-form';
import { Panel } from '@/components/staff/panel';
import { Label } from '@/components/ui/label';
import { assignmentMethods } from '@/lib/db/assignment-schema';
import { capMax, kindPlural, methodLabel, type Assignee, type Rule } from '@/lib/assignment/rules';
import type { LeadKind } from '@/lib/leads/kinds';
import { leadKinds } from '@/lib/leads/kinds';
import type { RuleAnswer } from '@/lib/staff/actions/assignment';
import { formatDateTime } from '@/lib/staff/format';

const methodHint = {
  'round-robin': 'Each member in turn.',
  'fewest-open': 'The member with the fewest open leads (new, contacted, qualified) of any kind; a tie goes to the next in turn.',
} as const;

/** One kind's rule as a form of its own (a plain POST: works without JavaScript). */
export function RuleForm({ kind, rule, assignees }: { kind: LeadKind; rule?: Rule; assignees: Assignee[] }) {
  const posted = usePostedAction('saveAssignmentRule', kind);
  const answer = posted?.result as RuleAnswer | undefined;
  const refused = answer?.status === 'error';
  const problems = (refused && answer.fieldErrors) || {};
  const chosen = new Set(refused ? (answer.members ?? []) : (rule?.members ?? []));
  const method = (refused ? posted?.values?.method : undefined) ?? rule?.method ?? 'round-robin';
  const first = (['members', 'method', 'cap'] as const).find((f) => problems[f]);
  const id = (part: string) => `rule-${kind}-${part}`;
  const listed = assignees.filter((a) => !a.disabled || chosen.has(a.id));
  const label = kindPlural(kind);
  return (
    <Panel title={leadKinds[kind].label}>
      <ActionForm action="saveAssignmentRule" resultKey={kind} aria-label={`Assignment of ${label}`} className="space-y-5">
        <input type="hidden" name="kind" value={kind} />
        <p className="text-sm text-muted-foreground">
          {rule
            ? `On: ${rule.assigned.toLocaleString('en-US')} assigned by this rule so far.`
            : `Off: new ${label} wait in the inbox for someone to take them.`}
        </p>
        {rule?.missingSince ? (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Nobody could take new {label} since {formatDateTime(rule.missingSince)}: they are unassigned, and the admins were emailed.
          </p>
        ) : null}
        <fieldset aria-describedby={problems.members ? id('members-error') : undefined}>
          <legend className="text-sm font-semibold">Who takes them</legend>
          <p className="text-xs text-muted-foreground">Tick no one to turn automatic assignment off. Members who are away are passed over.</p>
          <ul className="mt-2 grid gap-1.5 sm:grid-cols-2">
            {listed.map((a, i) => (
              <li key={a.id}>
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="members"
                    value={a.id}
                    defaultChecked={chosen.has(a.id)}
                    autoFocus={first === 'members' && i === 0}
                    aria-invalid={problems.members ? true : undefined}
                    className="mt-0.5 size-4 accent-violet-700"
                  />
                  <span>
                    {a.name}
                    <span className="block text-xs text-muted-foreground">
                      {a.disabled ? 'Disabled' : a.away ? 'Away' : 'Available'} · {a.open.toLocaleString('en-US')} open {a.open === 1 ? 'lead' : 'leads'}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <FieldError id={id('members-error')} text={problems.members} />
        </fieldset>
        <fieldset aria-describedby={problems.method ? id('method-error') : undefined}>
          <legend className="text-sm font-semibold">How</legend>
          <div className="mt-2 space-y-1.5">
            {assignmentMethods.map((m, i) => (
              <label key={m} className="flex items-start gap-2 text-sm">
                <input type="radio" name="method" value={m} defaultChecked={method === m} autoFocus={first === 'method' && i === 0} className="mt-0.5 size-4 accent-violet-700" />
                <span>
                  {methodLabel[m]}
                  <span className="block text-xs text-muted-foreground">{methodHint[m]}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldError id={id('method-error')} text={problems.method} />
        </fieldset>
        <div>
          <Label htmlFor={id('cap')}>Most open leads each (optional)</Label>
          <KeptInput
            id={id('cap')}
            name="cap"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={rule?.cap ? String(rule.cap) : ''}
            autoFocus={first === 'cap'}
            aria-invalid={problems.cap ? true : undefined}
            aria-describedby={[id('cap-hint'), problems.cap ? id('cap-error') : ''].filter(Boolean).join(' ')}
            className="h-10 max-w-40 text-sm"
          />
          <p id={id('cap-hint')} className="mt-1 text-xs text-muted-foreground">
            1 to {capMax.toLocaleString('en-US')}. A member at the cap is passed over; empty: no cap.
          </p>
          <FieldError id={id('cap-error')} text={problems.cap} />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton size="sm" pendingLabel="Saving...">
            Save<span className="sr-only"> the assignment of {label}</span>
          </SubmitButton>
          <ActionMessage />
        </div>
      </ActionForm>
    </Panel>
  );
}
