import { z } from 'zod';
import { resendDelivery } from '@/lib/notify/deliveries';
import { fail, ok } from '../action-state';
import { resendRefusal } from '../resend-access';
import { field, staffAction } from './define';

/** "Re-send" on the lead page: a signed-in staff member asks for a notification again, as `resendRefusal` allows. */
export const resendNotification = staffAction(
  { event: 'staff.resend', input: z.object({ delivery: field.uuid('This notification does not exist.') }) },
  async ({ user, db, input, audit }) => {
    const refusal = await resendRefusal(db, user.role, input.delivery);
    if (refusal) return fail(refusal);
    const result = await resendDelivery(db, input.delivery);
    if (!result.ok) return fail(result.message);
    audit({ deliveryId: input.delivery });
    return ok(result.requeued === 'due-now' ? 'Queued: it goes out now.' : 'Queued again: a new delivery goes out now.');
  },
);
