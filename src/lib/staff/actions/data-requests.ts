import { z } from 'zod';
import { fail, ok } from '../action-state';
import { eraseForRequest, extendDeadline, getDataRequest, recordAudit, recordIdentityCheck, unverifiedRefusal } from '../data-requests';
import { onErased } from '../notify-hooks';
import { changeStatus } from '../triage';
import { field, redirectTo, staffAction } from './define';

const gone = 'This request no longer exists.';
const alreadyErased = 'This request no longer exists (it may have been erased already).';

export const markDataRequestDone = staffAction(
  { event: 'staff.data_request_done', role: 'admin', input: z.object({ request: field.uuid(gone) }) },
  async ({ user, db, input, audit }) => {
    const request = await getDataRequest(db, input.request);
    if (!request) return fail(gone);
    const unverified = unverifiedRefusal(request);
    if (unverified) return fail(unverified);
    await recordAudit(db, request, 'completed', user.id);
    // Done requests leave the open inbox (status archived, with the history entry). Done is the request's
    // answer: it stops its first-response clock (on time when done by its deadline), credited to this admin.
    await changeStatus(db, user.id, [{ kind: 'dataRequest', id: input.request }], 'archived', { answered: true });
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
    const request = await getDataRequest(db, input.request);
    if (!request) return fail(alreadyErased);
    const unverified = unverifiedRefusal(request);
    if (unverified) return fail(unverified);
    const result = await eraseForRequest(db, input.request, user.id, (erased, tx) => onErased(erased, tx));
    if (!result) return fail(alreadyErased);
    audit({ requestId: input.request, counts: result.counts });
    return redirectTo(`/staff/data-requests/${input.request}`);
  },
);

/** A written reason: at least a sentence, at most a paragraph. */
const reason = (what: string) =>
  field.text
    .transform((v) => v.trim())
    .refine((v) => v.length >= 10, `Write down ${what} (at least 10 characters).`)
    .refine((v) => v.length <= 1000, 'Keep it under 1,000 characters.');

/** An admin records an identity check made another way (the requester cannot use the emailed link). */
export const recordDataRequestCheck = staffAction(
  { event: 'staff.data_request_identity_check', role: 'admin', input: z.object({ request: field.uuid(gone), note: reason('how you checked the identity') }) },
  async ({ user, db, input, audit }) => {
    const request = await getDataRequest(db, input.request);
    if (!request) return fail(gone);
    await recordIdentityCheck(db, request, input.note, user.id);
    audit({ requestId: input.request });
    return ok('Identity check recorded: the request can be handled now.');
  },
);

/** An admin extends the reply deadline by two months (once), with the reason given to the requester. */
export const extendDataRequest = staffAction(
  { event: 'staff.data_request_extension', role: 'admin', input: z.object({ request: field.uuid(gone), reason: reason('the reason, as you will tell the requester') }) },
  async ({ user, db, input, audit }) => {
    const request = await getDataRequest(db, input.request);
    if (!request) return fail(gone);
    if (!(await extendDeadline(db, request, input.reason, user.id))) return fail('The deadline was extended already: it can be extended once.');
    audit({ requestId: input.request });
    return ok('Deadline extended by two months.');
  },
);
