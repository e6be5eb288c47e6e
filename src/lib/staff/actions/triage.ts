import { getDb } from '@/lib/db/client';
import type { LeadKind } from '@/lib/leads/schemas';
import { fail, ok, type ActionResult } from '../action-state';
import { requireStaff } from '../auth';
import { isUuid } from '../filters';
import { isStatus, kindByKind, statusLabel } from '../lead-kinds';
import { staffLog } from '../log';
import { onMarkedSpam } from '../notify-hooks';
import { addNote, changeStatus, noteMax, setOwner, type LeadRef } from '../triage';

/** "kind:uuid" from a form field, or null. */
function leadRef(raw: FormDataEntryValue | null): LeadRef | null {
  if (typeof raw !== 'string') return null;
  const [kind, id] = raw.split(':');
  return kind in kindByKind && isUuid(id) ? { kind: kind as LeadKind, id } : null;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export async function bulkUpdateLeads(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  const user = await requireStaff();
  const refs = formData
    .getAll('lead')
    .slice(0, 500)
    .map(leadRef)
    .filter((r): r is LeadRef => r !== null);
  const intent = formData.get('intent');
  const status = intent === 'archive' ? 'archived' : formData.get('status');
  if (!refs.length) return fail('Select at least one lead first.');
  if (!isStatus(status)) return fail('Choose the new status.');
  const changed = await changeStatus(await getDb(), user.id, refs, status);
  if (status === 'spam') await onMarkedSpam(changed);
  staffLog.info({ event: 'staff.bulk_status', userId: user.id, count: changed.length, status }, 'bulk status change');
  const unchanged = refs.length - changed.length;
  return ok(`${plural(changed.length, 'lead')} marked ${statusLabel[status]}.${unchanged ? ` ${plural(unchanged, 'lead')} already had that status or no longer exist.` : ''}`);
}

export async function updateLeadStatus(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  const user = await requireStaff();
  const ref = leadRef(formData.get('lead'));
  const status = formData.get('status');
  if (!ref) return fail('This lead no longer exists.');
  if (!isStatus(status)) return fail('Choose a status.');
  const changed = await changeStatus(await getDb(), user.id, [ref], status);
  if (status === 'spam') await onMarkedSpam(changed);
  return ok(changed.length ? `Status set to ${statusLabel[status]}.` : `The status already is ${statusLabel[status]}.`);
}

export async function assignLeadOwner(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  const user = await requireStaff();
  const ref = leadRef(formData.get('lead'));
  const owner = formData.get('owner');
  if (!ref) return fail('This lead no longer exists.');
  const ownerId = owner === '' || owner === 'none' ? null : isUuid(owner) ? owner : undefined;
  if (ownerId === undefined || !(await setOwner(await getDb(), user.id, ref, ownerId))) return fail('Choose an active staff member, or nobody.');
  return ok(ownerId ? 'Owner assigned.' : 'Owner removed.');
}

export async function addLeadNote(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  const user = await requireStaff();
  const ref = leadRef(formData.get('lead'));
  const raw = formData.get('note');
  const body = typeof raw === 'string' ? raw.trim() : '';
  if (!ref) return fail('This lead no longer exists.');
  if (!body) return fail('Write a note first.', { note: 'Write a note first.' });
  if (body.length > noteMax) return fail(`A note can be at most ${noteMax.toLocaleString('en-US')} characters.`, { note: 'Too long' });
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(body)) return fail('The note contains characters that are not allowed.', { note: 'Not allowed' });
  if (!(await addNote(await getDb(), user.id, ref, body))) return fail('This lead no longer exists.');
  return ok('Note added.');
}
