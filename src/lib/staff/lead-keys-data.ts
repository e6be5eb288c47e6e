import type { Db } from '@/lib/db/client';
import type { LeadRecord } from './leads';
import { inboxHref, leadHref, leadNeighbours, listOf, type Neighbour } from './neighbours';
import type { StaffUser } from './sessions';
import { shortcutsOn } from './shortcuts';

/**
 * What keyboard triage's bar on a lead's page needs (components/staff/keys/lead-keys.tsx): the list the page
 * was opened from (its `?list=`), the previous and next leads in it with the names their links say, where
 * "back" goes, and the member's own settings and rights.
 */
export async function leadKeysData(db: Db, url: URL, lead: LeadRecord, user: StaffUser, canReply: boolean) {
  const list = listOf(url);
  const [near, on] = await Promise.all([leadNeighbours(db, list, { kind: lead.kind, id: lead.id }, { context: { now: new Date(), me: user.id } }), shortcutsOn(db, user.id)]);
  const link = (n: Neighbour | null) => (n ? { href: leadHref(n, list), label: n.name || n.email } : null);
  return {
    previous: link(near.previous),
    next: link(near.next),
    back: inboxHref(list),
    leadRef: `${lead.kind}:${lead.id}`,
    status: lead.status,
    myId: user.id,
    mine: lead.ownerId === user.id,
    // Only admins change a data request's status (lib/staff/actions/triage.ts): the server refuses it anyway.
    canChangeStatus: lead.kind !== 'dataRequest' || user.role === 'admin',
    canReply,
    on,
  };
}
