// Staff emails about a lead that is erased or marked spam are cancelled with it (as its notifications are:
// lib/notify/deliveries.ts `cancelPendingDeliveries`), in the caller's transaction when it gives one, so
// that nothing about it goes out afterwards. A row claimed at that moment finds the lead gone at send time
// and is cancelled then (lib/staff-mail/messages.ts). The daily purge deletes them with their lead.
import { and, eq } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { staffEmails } from '@/lib/db/outbox-schema';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = PgDatabase<PgQueryResultHKT, any>;

/** Cancels the pending staff emails about one lead; resolves with how many. */
export async function cancelStaffEmailsAbout(db: AnyDb, leadType: string, leadId: string, reason: string): Promise<number> {
  const rows = await db
    .update(staffEmails)
    .set({ status: 'cancelled', lockedUntil: null, lastError: reason })
    .where(and(eq(staffEmails.leadType, leadType), eq(staffEmails.leadId, leadId), eq(staffEmails.status, 'pending')))
    .returning({ id: staffEmails.id });
  return rows.length;
}
