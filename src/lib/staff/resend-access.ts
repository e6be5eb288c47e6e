import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { notificationOutbox } from '@/lib/db/outbox-schema';
import { leadTriage, type StaffRole } from '@/lib/db/staff-schema';
import type { LeadKind } from '@/lib/leads/kinds';
import { isStatus, statusLabel, type LeadStatus } from './lead-kinds';

/**
 * Who may send a lead's notification again (docs/security.md): a data request's (its acknowledgement
 * carries a fresh verification link) only an admin, as data requests are admin-only everywhere; and
 * nobody for a lead marked spam or archived, until its status is changed back (a held lead's "Not spam"
 * sends what was held). The reason it is refused, or undefined when `role` may.
 */
export function resendRefusalFor(role: StaffRole, kind: LeadKind | string, status: LeadStatus): string | undefined {
  if (kind === 'dataRequest' && role !== 'admin') return "Only admins can re-send a data request's notifications.";
  if (status === 'spam' || status === 'archived') return `Not sent: this lead is marked ${statusLabel[status]}. Change its status first.`;
  return undefined;
}

/** `resendRefusalFor` for the lead of outbox row `deliveryId` as it is now (undefined when the row is unknown: the re-send answers that). */
export async function resendRefusal(db: Db, role: StaffRole, deliveryId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ kind: notificationOutbox.leadType, status: leadTriage.status })
    .from(notificationOutbox)
    .leftJoin(leadTriage, and(eq(leadTriage.leadType, notificationOutbox.leadType), eq(leadTriage.leadId, notificationOutbox.leadId)))
    .where(eq(notificationOutbox.id, deliveryId));
  if (!row) return undefined;
  return resendRefusalFor(role, row.kind, isStatus(row.status) ? row.status : 'new');
}
