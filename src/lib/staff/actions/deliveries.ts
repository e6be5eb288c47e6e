import { getDb } from '@/lib/db/client';
import { resendDelivery } from '@/lib/notify/deliveries';
import { fail, ok, type ActionResult } from '../action-state';
import { requireStaff } from '../auth';
import { isUuid } from '../filters';
import { staffLog } from '../log';

/** "Re-send" on the lead page: any signed-in staff member may ask for a notification again. */
export async function resendNotification(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  const user = await requireStaff();
  const id = formData.get('delivery');
  if (!isUuid(id)) return fail('This notification does not exist.');
  const result = await resendDelivery(await getDb(), id);
  if (!result.ok) return fail(result.message);
  staffLog.info({ event: 'staff.resend', userId: user.id, deliveryId: id }, 'notification re-sent');
  return ok(result.requeued === 'due-now' ? 'Queued: it goes out now.' : 'Queued again: a new delivery goes out now.');
}
