import { z } from 'zod';
import { ok } from '../action-state';
import { setShortcuts } from '../shortcuts';
import { staffAction } from './define';

/** A member turns their own single-key shortcuts on or off (the "Keyboard shortcuts" dialog's form). */
export const setKeyboardShortcuts = staffAction(
  // A checkbox: sent as "on" when ticked, absent when not.
  { event: 'staff.shortcuts', input: z.object({ shortcuts: z.unknown().transform((v) => v === 'on') }) },
  async ({ user, db, input, audit }) => {
    await setShortcuts(db, user.id, input.shortcuts);
    audit({ shortcuts: input.shortcuts });
    return ok(input.shortcuts ? 'Single-key shortcuts are on.' : 'Single-key shortcuts are off.');
  },
);
