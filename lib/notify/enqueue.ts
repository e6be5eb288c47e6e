import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { notificationOutbox } from '@/lib/db/outbox-schema';
import type { LeadKind } from '@/lib/leads/schemas';
import { configuredChannels } from './config.mjs';
import { nudgeDeliveryLoop } from './nudge';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = PgDatabase<PgQueryResultHKT, any>;

/**
 * Writes one outbox row per configured channel (SMTP_URL -> email, WEBHOOK_URL -> webhook) for a new
 * lead. Meant to run inside the lead's own transaction, so the lead and its notifications commit
 * together or not at all. With no channel configured nothing is written. Returns the channels queued.
 */
export async function enqueueNotifications(tx: AnyDb, kind: LeadKind, leadId: string, env = process.env) {
  const channels = configuredChannels(env);
  if (channels.length === 0) return channels;
  await tx
    .insert(notificationOutbox)
    .values(channels.map((channel) => ({ leadType: kind, leadId, channel })))
    .onConflictDoNothing();
  nudgeDeliveryLoop();
  return channels;
}
