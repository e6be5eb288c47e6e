import { UserPlus } from 'lucide-react';
import { ActionForm, KeptInput, KeptSelect, ActionMessage, PostedActionProvider, SubmitButton } from '@/components/staff/action-form';
import { Panel } from '@/components/staff/panel';
import { StaffRow } from '@/components/staff/staff-row';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { PostedAction } from '@/lib/staff/page';
import { passwordMin } from '@/lib/staff/password';
import type { StaffUser } from '@/lib/staff/sessions';
import type { listStaff } from '@/lib/staff/users';

/** The staff accounts (the route has checked that `me` is an admin). */
export function UsersPage({ staff, me, posted }: { staff: Awaited<ReturnType<typeof listStaff>>; me: StaffUser; posted?: PostedAction }) {
  return (
    <PostedActionProvider posted={posted}>
      <div className="space-y-6">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Staff accounts</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Admins manage accounts and erase data; members read, triage and export leads. There is always at least one active admin.
          </p>
        </div>
        <div className="grid items-start gap-6 lg:grid-cols-3">
          <Panel title="Accounts" className="lg:col-span-2">
            <ul className="divide-y divide-border">
              {staff.map((u) => (
                <StaffRow key={u.id} account={u} isMe={u.id === me.id} />
              ))}
            </ul>
          </Panel>
          <Panel title="Add an account">
            <ActionForm action="createStaffAccount" aria-label="Add an account" className="space-y-4">
              <div>
                <Label htmlFor="new-name">Name</Label>
                <KeptInput id="new-name" name="name" required maxLength={100} autoComplete="off" className="h-10 text-sm" />
              </div>
              <div>
                <Label htmlFor="new-email">Email</Label>
                <KeptInput id="new-email" name="email" type="email" required maxLength={254} autoComplete="off" className="h-10 text-sm" />
              </div>
              <div>
                <Label htmlFor="new-role">Role</Label>
                <KeptSelect id="new-role" name="role" defaultValue="member" className="h-10 text-sm">
                  <option value="member">Member</option>
                  <option value="admin">Admin</option>
                </KeptSelect>
              </div>
              <div>
                <Label htmlFor="new-password">Initial password</Label>
                <p id="new-password-hint" className="-mt-1 mb-1.5 text-xs text-muted-foreground">
                  At least {passwordMin} characters. A passphrase of a few words works well.
                </p>
                <Input
                  id="new-password"
                  name="password"
                  type="password"
                  required
                  autoComplete="new-password"
                  aria-describedby="new-password-hint"
                  className="h-10 text-sm"
                />
              </div>
              <SubmitButton size="sm" pendingLabel="Creating...">
                <UserPlus aria-hidden />
                Create account
              </SubmitButton>
              <ActionMessage />
            </ActionForm>
          </Panel>
        </div>
      </div>
    </PostedActionProvider>
  );
}
