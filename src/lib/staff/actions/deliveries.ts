import { z } from 'zod';
import { resendDelivery } from '@/lib/notify/deliveries';
import { fail, ok } from '../action-state';
import { field, staffAction } from './define';

/** "Re-send" on the lead page: any signed-in staff member may ask for a notification again. */
export const resendNotification = staffAction(
  { event: 'staff.resend', input: z.object({ delivery: field.uuid('This notification does not exist.') }) },
  async ({ db, input, audit }) => {
    const result = await resendDelivery(db, input.delivery);
    if (!result.ok) return fail(result.message);
    audit({ deliveryId: input.delivery });
    return ok(result.requeued === 'due-now' ? 'Queued: it goes out now.' : 'Queued again: a new delivery goes out now.');
  },
);
