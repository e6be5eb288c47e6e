import type { Db } from '@/lib/db/client';
import { cancelPendingDeliveries } from '@/lib/notify/deliveries';
import type { LeadRef } from './triage';

/**
 * Where the staff area meets the notification outbox (lib/notify): notifications not yet sent for a
 * lead marked spam, or erased, are cancelled.
 */
export async function onMarkedSpam(db: Db, leads: LeadRef[]): Promise<void> {
  for (const l of leads) await cancelPendingDeliveries(db, l.kind, l.id);
}

/** Runs inside the erasure's transaction (`tx`), so the cancellation commits with the deletion. */
export async function onErased(leads: LeadRef[], tx: unknown): Promise<void> {
  for (const l of leads) await cancelPendingDeliveries(tx as Parameters<typeof cancelPendingDeliveries>[0], l.kind, l.id);
}
