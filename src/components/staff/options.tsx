import { leadStatuses, statusLabel } from '@/lib/staff/lead-kinds';
import type { StaffAccount } from '@/lib/staff/users';

/** One <option> per lead status, for the status selects of the inbox, the bulk bar and the lead page. */
export function StatusOptions() {
  return leadStatuses.map((s) => (
    <option key={s} value={s}>
      {statusLabel[s]}
    </option>
  ));
}

/** "Unassigned" and one <option> per staff account, for the owner selects. */
export function OwnerOptions({ staff }: { staff: StaffAccount[] }) {
  return (
    <>
      <option value="none">Unassigned</option>
      {staff.map((u) => (
        <option key={u.id} value={u.id}>
          {u.name}
        </option>
      ))}
    </>
  );
}
