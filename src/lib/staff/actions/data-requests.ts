import { redirect } from '../request';
import { getDb } from '@/lib/db/client';
import { fail, ok, type ActionResult } from '../action-state';
import { adminOnlyMessage, requireAdminForAction } from '../auth';
import { eraseForRequest, getDataRequest, recordAudit } from '../data-requests';
import { isUuid } from '../filters';
import { staffLog } from '../log';
import { onErased } from '../notify-hooks';
import { changeStatus } from '../triage';

export async function markDataRequestDone(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  const user = await requireAdminForAction();
  if (!user) return fail(adminOnlyMessage);
  const id = formData.get('request');
  if (!isUuid(id)) return fail('This request no longer exists.');
  const db = await getDb();
  const request = await getDataRequest(db, id);
  if (!request) return fail('This request no longer exists.');
  await recordAudit(db, request, 'completed', user.id);
  // Done requests leave the open inbox (status archived, with the history entry).
  await changeStatus(db, user.id, [{ kind: 'dataRequest', id }], 'archived');
  return ok('Request marked as done and archived.');
}

export async function eraseDataRequest(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  const user = await requireAdminForAction();
  if (!user) return fail(adminOnlyMessage);
  const id = formData.get('request');
  if (!isUuid(id)) return fail('This request no longer exists.');
  if (formData.get('confirm') !== 'yes') return fail('Tick the box to confirm the erasure.', { confirm: 'Confirm the erasure' });
  const result = await eraseForRequest(await getDb(), id, user.id, (erased, tx) => onErased(erased, tx));
  if (!result) return fail('This request no longer exists (it may have been erased already).');
  staffLog.info({ event: 'staff.erasure', userId: user.id, requestId: id, counts: result.counts }, 'data erased');
  redirect(`/staff/data-requests/${id}`);
}
