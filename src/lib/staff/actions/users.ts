import { z } from 'zod';
import { fail, ok } from '../action-state';
import { addStaff, changeRole, removeStaff, setDisabled } from '../users';
import { field, staffAction } from './define';

export const createStaffAccount = staffAction(
  {
    event: 'staff.user_created',
    role: 'admin',
    // Checked by addStaff, which the command-line tool shares (its refusals are ActionRefused).
    input: z.object({ email: field.text, name: field.text, role: field.text, password: field.text }),
  },
  async ({ db, input, audit }) => {
    await addStaff(db, input);
    audit({ role: input.role });
    return ok(`Account created for ${input.email.trim()}. Tell them their password through a safe channel.`);
  },
);

export const updateStaffAccount = staffAction(
  {
    event: 'staff.user_updated',
    role: 'admin',
    input: z.object({
      user: field.uuid('This account no longer exists.'),
      intent: field.parsed((v) => (v === 'role' || v === 'disable' || v === 'enable' || v === 'remove' ? v : null), 'Unknown action.'),
      role: z.unknown(),
    }),
  },
  async ({ user: admin, db, input, audit }) => {
    const id = input.user;
    audit({ account: id, intent: input.intent });
    switch (input.intent) {
      case 'role': {
        const role = input.role;
        if (role !== 'admin' && role !== 'member') return fail('Choose a role.', { role: 'Choose a role.' });
        await changeRole(db, id, role);
        return ok(`Role changed to ${role}.`);
      }
      case 'disable':
      case 'enable':
        if (id === admin.id) return fail('You cannot disable your own account.');
        await setDisabled(db, id, input.intent === 'disable');
        return ok(input.intent === 'disable' ? 'Account disabled: it is signed out everywhere.' : 'Account enabled.');
      case 'remove':
        if (id === admin.id) return fail('You cannot remove your own account.');
        await removeStaff(db, id);
        return ok('Account removed.');
    }
  },
);
