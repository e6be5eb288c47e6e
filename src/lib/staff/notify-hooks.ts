import type { Db } from '@/lib/db/client';
import { cancelPendingDeliveries } from '@/lib/notify/deliveries';
import { cancelStaffEmailsAbout } from '@/lib/staff-mail/cancel';
import type { LeadRef } from './triage';

/**
 * Where the staff area meets the notification outbox (lib/notify): notifications not yet sent for a
 * lead marked spam, or erased, are cancelled, and so are the staff emails about it (reminders: lib/staff-mail).
 */
export async function onMarkedSpam(db: Db, leads: LeadRef[]): Promise<void> {
  for (const l of leads) {
    await cancelPendingDeliveries(db, l.kind, l.id);
    await cancelStaffEmailsAbout(db, l.kind, l.id, 'The lead was marked spam');
  }
}

/** Runs inside the erasure's transaction (`tx`), so the cancellation commits with the deletion. */
export async function onErased(leads: LeadRef[], tx: unknown): Promise<void> {
  const db = tx as Parameters<typeof cancelPendingDeliveries>[0];
  for (const l of leads) {
    await cancelPendingDeliveries(db, l.kind, l.id);
    await cancelStaffEmailsAbout(db, l.kind, l.id, 'The lead no longer exists (erased)');
  }
}
