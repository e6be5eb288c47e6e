import 'server-only';
import type { LeadRef } from './triage';

/**
 * Where the staff area meets the notification outbox (lib/notify, built separately): pending
 * notifications of a lead marked spam, or erased, are cancelled. Wired once lib/notify/deliveries.ts exists.
 */
export async function onMarkedSpam(_leads: LeadRef[]): Promise<void> {}

/** Runs inside the erasure's transaction (`tx`), so the cancellation commits with the deletion. */
export async function onErased(_leads: LeadRef[], _tx: unknown): Promise<void> {}
