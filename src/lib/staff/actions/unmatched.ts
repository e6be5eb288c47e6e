import { z } from 'zod';
import { fail, ok } from '../action-state';
import { kindByKind } from '../lead-kinds';
import { attachEmail, discardEmail, findLead } from '../unmatched';
import { field, staffAction } from './define';

const gone = 'This email is no longer in the list: it was attached or discarded already.';

/**
 * "Attach to a lead" on /staff/unmatched: an admin chooses one of the leads with the sender's address, or
 * pastes a lead's staff address or id (which wins when both are given). The email joins that lead's thread.
 */
export const attachUnmatchedEmail = staffAction(
  {
    event: 'staff.unmatched_attach',
    role: 'admin',
    input: z.object({ message: field.uuid(gone), lead: field.text, leadRef: field.text.transform((v) => v.trim().slice(0, 500)) }),
  },
  async ({ db, input, audit }) => {
    const named = input.leadRef || input.lead;
    if (!named) return fail('Choose one of the leads, or paste the address or id of a lead.', { leadRef: 'Choose a lead above, or paste its address or id here.' });
    const lead = await findLead(db, named);
    if (!lead) {
      const message = input.leadRef ? 'No lead has that address or id. Paste the address of a lead’s page (…/staff/leads/partner/…) or its id.' : 'That lead no longer exists.';
      return fail(message, input.leadRef ? { leadRef: message } : undefined);
    }
    if (!(await attachEmail(db, input.message, lead))) return fail(gone);
    audit({ messageId: input.message, leadType: lead.kind, leadId: lead.id });
    return ok(`Attached to the ${kindByKind[lead.kind].shortLabel.toLowerCase()} lead: it shows in its thread as an unread reply.`);
  },
);

/** "Discard" on /staff/unmatched: deleted for good, once the admin has confirmed (the button inside "Discard…"). */
export const discardUnmatchedEmail = staffAction(
  {
    event: 'staff.unmatched_discard',
    role: 'admin',
    input: z.object({ message: field.uuid(gone), confirm: z.unknown().refine((v) => v === 'yes', 'Confirm that you want to discard this email.') }),
  },
  async ({ db, input, audit }) => {
    if (!(await discardEmail(db, input.message))) return fail(gone);
    audit({ messageId: input.message });
    return ok('Email discarded.');
  },
);
