import { PostedActionProvider } from '@/components/staff/action-form';
import { RuleForm } from '@/components/staff/assignment/rule-form';
import { assignableKinds, type Assignee, type Rule } from '@/lib/assignment/rules';
import type { LeadKind } from '@/lib/leads/kinds';
import type { PostedAction } from '@/lib/staff/page';

/** The assignment rules, one form per kind staff answer (the route has checked that the user is an admin). */
export function AssignmentPage({ rules, assignees, posted }: { rules: Partial<Record<LeadKind, Rule>>; assignees: Assignee[]; posted?: PostedAction }) {
  return (
    <PostedActionProvider posted={posted}>
      <div className="space-y-6">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Assignment rules</h1>
          <p className="mt-1 max-w-3xl text-sm text-muted-foreground">
            Who takes each new lead as it arrives. A lead held as spam is assigned when it is marked not spam. When nobody can take a lead (everyone away, or at
            their cap) it stays unassigned and each admin gets one email until a member takes leads again. Anyone can still change a lead&apos;s owner by hand.
          </p>
        </div>
        <div className="grid items-start gap-6 lg:grid-cols-2">
          {assignableKinds.map((kind) => (
            <RuleForm key={kind} kind={kind} rule={rules[kind]} assignees={assignees} />
          ))}
        </div>
      </div>
    </PostedActionProvider>
  );
}
