import { Badge } from '@/components/ui/badge';
import { Select } from '@/components/ui/select';
import { formatDate } from '@/lib/staff/format';
import type { StaffAccount } from '@/lib/staff/users';
import { ActionForm, ActionMessage, SubmitButton } from './action-form';

/** One account with its role, enable/disable and remove controls (one form, the button says what). */
export function StaffRow({ account: u, isMe }: { account: StaffAccount; isMe: boolean }) {
  const roleId = `role-${u.id}`;
  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <ActionForm action="updateStaffAccount" resultKey={u.id} aria-label={`Account of ${u.name}`}>
        <input type="hidden" name="user" value={u.id} />
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="font-medium break-words">
              {u.name}
              {isMe ? <span className="text-muted-foreground"> (you)</span> : null}
            </p>
            <p className="text-sm break-all text-muted-foreground">{u.email}</p>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <Badge variant={u.role === 'admin' ? 'brand' : 'neutral'}>{u.role === 'admin' ? 'Admin' : 'Member'}</Badge>
              {u.disabled ? <Badge variant="danger">Disabled</Badge> : <Badge variant="success">Active</Badge>}
              <span>Since {formatDate(u.createdAt)}</span>
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={roleId} className="sr-only">
              Role of {u.name}
            </label>
            <Select id={roleId} name="role" defaultValue={u.role} key={u.role} className="h-9 w-32 py-1 text-sm">
              <option value="member">Member</option>
              <option value="admin">Admin</option>
            </Select>
            <SubmitButton name="intent" value="role" size="sm" variant="secondary" aria-label={`Change role of ${u.name}`}>
              Change role
            </SubmitButton>
            {isMe ? null : (
              <>
                <SubmitButton name="intent" value={u.disabled ? 'enable' : 'disable'} size="sm" variant="secondary">
                  {u.disabled ? 'Enable' : 'Disable'}
                  <span className="sr-only"> {u.name}</span>
                </SubmitButton>
                <SubmitButton name="intent" value="remove" size="sm" variant="ghost" className="text-danger hover:bg-danger-soft">
                  Remove<span className="sr-only"> {u.name}</span>
                </SubmitButton>
              </>
            )}
          </div>
        </div>
        <ActionMessage className="mt-2" />
      </ActionForm>
    </li>
  );
}
