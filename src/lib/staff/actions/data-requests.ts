import { z } from 'zod';
import { fail, ok } from '../action-state';
import { eraseForRequest, getDataRequest, recordAudit } from '../data-requests';
import { onErased } from '../notify-hooks';
import { changeStatus } from '../triage';
import { field, redirectTo, staffAction } from './define';

const gone = 'This request no longer exists.';

export const markDataRequestDone = staffAction(
  { event: 'staff.data_request_done', role: 'admin', input: z.object({ request: field.uuid(gone) }) },
  async ({ user, db, input, audit }) => {
    const request = await getDataRequest(db, input.request);
    if (!request) return fail(gone);
    await recordAudit(db, request, 'completed', user.id);
    // Done requests leave the open inbox (status archived, with the history entry).
    await changeStatus(db, user.id, [{ kind: 'dataRequest', id: input.request }], 'archived');
    audit({ requestId: input.request });
    return ok('Request marked as done and archived.');
  },
);

export const eraseDataRequest = staffAction(
  {
    event: 'staff.erasure',
    role: 'admin',
    input: z.object({
      request: field.uuid(gone),
      confirm: z.unknown().refine((v) => v === 'yes', 'Tick the box to confirm the erasure.'),
    }),
  },
  async ({ user, db, input, audit }) => {
    const result = await eraseForRequest(db, input.request, user.id, (erased, tx) => onErased(erased, tx));
    if (!result) return fail('This request no longer exists (it may have been erased already).');
    audit({ requestId: input.request, counts: result.counts });
    return redirectTo(`/staff/data-requests/${input.request}`);
  },
);
