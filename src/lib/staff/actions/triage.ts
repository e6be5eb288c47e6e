import { z } from 'zod';
import { isLeadKind } from '@/lib/leads/kinds';
import { fail, ok } from '../action-state';
import { isUuid } from '../filters';
import { isStatus, statusLabel } from '../lead-kinds';
import { onMarkedSpam } from '../notify-hooks';
import { addNote, changeStatus, noteMax, setOwner, type LeadRef } from '../triage';
import { releaseHeld } from '@/lib/spam/release';
import { field, staffAction } from './define';

/** "kind:uuid" from a form field, or null. */
function leadRef(raw: unknown): LeadRef | null {
  if (typeof raw !== 'string') return null;
  const [kind, id] = raw.split(':');
  return isLeadKind(kind) && isUuid(id) ? { kind, id } : null;
}

const gone = 'This lead no longer exists.';
const lead = field.parsed(leadRef, gone);
const status = (message: string) => field.parsed((v) => (isStatus(v) ? v : null), message);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Only admins act on data requests (docs/security.md): a member cannot take one out of the open inbox. */
export const dataRequestsAdminOnly = 'Only admins can change the status of a data request.';
const touchesDataRequest = (leads: readonly LeadRef[]) => leads.some((l) => l.kind === 'dataRequest');

export const bulkUpdateLeads = staffAction(
  {
    event: 'staff.bulk_status',
    input: z.object({
      // At most 500 leads per request; ids that name no lead are left out.
      lead: z.array(z.unknown()).transform((all) => all.slice(0, 500).map(leadRef).filter((r): r is LeadRef => r !== null)).refine((r) => r.length > 0, 'Select at least one lead first.'),
      intent: z.unknown(),
      status: z.unknown(),
    }),
  },
  async ({ user, db, input, audit }) => {
    if (user.role !== 'admin' && touchesDataRequest(input.lead)) return fail(dataRequestsAdminOnly);
    if (input.intent === 'not-spam') {
      let released = 0;
      for (const ref of input.lead) if (await releaseHeld(db, user.id, ref)) released++;
      audit({ count: released, notSpam: true });
      const skipped = input.lead.length - released;
      return released
        ? ok(`${plural(released, 'lead')} marked not spam and back in the inbox; what was held has been sent.${skipped ? ` ${plural(skipped, 'lead')} ${skipped === 1 ? 'was' : 'were'} not held.` : ''}`)
        : fail('None of the selected leads is held as spam.');
    }
    const to = input.intent === 'archive' ? 'archived' : input.status;
    if (!isStatus(to)) return fail('Choose the new status.', { status: 'Choose the new status.' });
    const changed = await changeStatus(db, user.id, input.lead, to);
    if (to === 'spam') await onMarkedSpam(db, changed);
    audit({ count: changed.length, status: to });
    const unchanged = input.lead.length - changed.length;
    return ok(`${plural(changed.length, 'lead')} marked ${statusLabel[to]}.${unchanged ? ` ${plural(unchanged, 'lead')} already had that status or no longer exist.` : ''}`);
  },
);

export const updateLeadStatus = staffAction(
  // `answered`: the checkbox "I answered this lead elsewhere (phone, own mailbox)" (stops the first-response clock).
  { event: 'staff.lead_status', input: z.object({ lead, status: status('Choose a status.'), answered: z.unknown().transform((v) => v === 'on' || v === 'true') }) },
  async ({ user, db, input, audit }) => {
    if (user.role !== 'admin' && touchesDataRequest([input.lead])) return fail(dataRequestsAdminOnly);
    const changed = await changeStatus(db, user.id, [input.lead], input.status, { answered: input.answered });
    if (input.status === 'spam') await onMarkedSpam(db, changed);
    audit({ lead: input.lead, status: input.status, changed: changed.length, answered: input.answered });
    const said = changed.length ? `Status set to ${statusLabel[input.status]}.` : `The status already is ${statusLabel[input.status]}.`;
    return ok(input.answered ? `${said} Recorded as answered elsewhere: the first-response clock has stopped.` : said);
  },
);

const anOwner = 'Choose an active staff member, or nobody.';

export const assignLeadOwner = staffAction(
  {
    event: 'staff.lead_owner',
    input: z.object({
      lead,
      // '' or 'none': nobody.
      owner: field.parsed((v) => (v === '' || v === 'none' ? { id: null } : isUuid(v) ? { id: v } : null), anOwner),
    }),
  },
  async ({ user, db, input, audit }) => {
    const owner = input.owner.id;
    if (!(await setOwner(db, user.id, input.lead, owner))) return fail(anOwner);
    audit({ lead: input.lead, owner });
    return ok(owner ? 'Owner assigned.' : 'Owner removed.');
  },
);

export const addLeadNote = staffAction(
  {
    event: 'staff.lead_note',
    input: z.object({
      lead,
      note: field.text
        .transform((v) => v.trim())
        .refine((v) => v.length > 0, 'Write a note first.')
        .refine((v) => v.length <= noteMax, `A note can be at most ${noteMax.toLocaleString('en-US')} characters.`)
        .refine((v) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(v), 'The note contains characters that are not allowed.'),
    }),
  },
  async ({ user, db, input, audit }) => {
    if (!(await addNote(db, user.id, input.lead, input.note))) return fail(gone);
    audit({ lead: input.lead });
    return ok('Note added.');
  },
);

/**
 * "Not spam": a lead the screening held goes back to the open inbox, and its held notifications and
 * acknowledgement are sent (lib/spam/release.ts).
 */
export const markNotSpam = staffAction({ event: 'staff.not_spam', input: z.object({ lead }) }, async ({ user, db, input, audit }) => {
  if (user.role !== 'admin' && touchesDataRequest([input.lead])) return fail(dataRequestsAdminOnly);
  const released = await releaseHeld(db, user.id, input.lead);
  audit({ lead: input.lead, released });
  return released ? ok('Marked not spam: the lead is back in the inbox and what was held has been sent.') : fail('This lead is not held as spam.');
});
