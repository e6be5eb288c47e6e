import { getDb } from '@/lib/db/client';
import type { StaffRole } from '@/lib/db/staff-schema';
import { fail, ok, type ActionResult } from '../action-state';
import { adminOnlyMessage, requireAdminForAction } from '../auth';
import { StaffInputError } from '../create-user';
import { isUuid } from '../filters';
import { staffLog } from '../log';
import { addStaff, changeRole, LastAdminError, removeStaff, setDisabled } from '../users';

const isRole = (v: unknown): v is StaffRole => v === 'admin' || v === 'member';
const str = (v: FormDataEntryValue | null) => (typeof v === 'string' ? v : '');

async function guarded(work: () => Promise<ActionResult>): Promise<ActionResult> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof LastAdminError || err instanceof StaffInputError) return fail(err.message);
    throw err;
  }
}

export async function createStaffAccount(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  const admin = await requireAdminForAction();
  if (!admin) return fail(adminOnlyMessage);
  return guarded(async () => {
    const input = { email: str(formData.get('email')), name: str(formData.get('name')), role: str(formData.get('role')), password: str(formData.get('password')) };
    await addStaff(await getDb(), input);
    staffLog.info({ event: 'staff.user_created', userId: admin.id, role: input.role }, 'staff account created');
    return ok(`Account created for ${input.email.trim()}. Tell them their password through a safe channel.`);
  });
}

export async function updateStaffAccount(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  const admin = await requireAdminForAction();
  if (!admin) return fail(adminOnlyMessage);
  const id = formData.get('user');
  const intent = formData.get('intent');
  if (!isUuid(id)) return fail('This account no longer exists.');
  return guarded(async () => {
    const db = await getDb();
    if (intent === 'role') {
      const role = formData.get('role');
      if (!isRole(role)) return fail('Choose a role.');
      await changeRole(db, id, role);
      return ok(`Role changed to ${role}.`);
    }
    if (intent === 'disable' || intent === 'enable') {
      if (id === admin.id) return fail('You cannot disable your own account.');
      await setDisabled(db, id, intent === 'disable');
      return ok(intent === 'disable' ? 'Account disabled: it is signed out everywhere.' : 'Account enabled.');
    }
    if (intent === 'remove') {
      if (id === admin.id) return fail('You cannot remove your own account.');
      await removeStaff(db, id);
      staffLog.info({ event: 'staff.user_removed', userId: admin.id, removed: id }, 'staff account removed');
      return ok('Account removed.');
    }
    return fail('Unknown action.');
  });
}
