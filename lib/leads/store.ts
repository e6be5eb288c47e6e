import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import {
  affiliateApplications,
  agencyEnquiries,
  contactMessages,
  dataRequests,
  newsletterSubscriptions,
  partnerApplications,
  submissionTokens,
} from '@/lib/db/schema';
import { enqueueNotifications } from '@/lib/notify/enqueue';
import type { LeadInput, LeadKind } from './schemas';

/**
 * Every write of a public lead. Each insert runs in one transaction; `inserted` is false when the row
 * was already there (same submission token, or a newsletter address already subscribed), in which case
 * nothing is written and the visitor gets the same answer as the first time.
 *
 * Staff notifications are enqueued inside the same transaction (see `afterInsert`), so a lead and its
 * notification commit together or not at all.
 */
export type StoreResult = { inserted: boolean; id?: string };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Queues the staff notifications of a new lead (one outbox row per configured channel), in its transaction. */
async function afterInsert(tx: Tx, kind: LeadKind, id: string): Promise<void> {
  await enqueueNotifications(tx, kind, id);
}

async function insertRow(tx: Tx, kind: LeadKind, data: LeadInput<LeadKind>) {
  switch (kind) {
    case 'partner': {
      const d = data as LeadInput<'partner'>;
      return tx.insert(partnerApplications).values(d).onConflictDoNothing().returning({ id: partnerApplications.id });
    }
    case 'affiliate': {
      const d = data as LeadInput<'affiliate'>;
      return tx.insert(affiliateApplications).values(d).onConflictDoNothing().returning({ id: affiliateApplications.id });
    }
    case 'agency': {
      const d = data as LeadInput<'agency'>;
      return tx.insert(agencyEnquiries).values(d).onConflictDoNothing().returning({ id: agencyEnquiries.id });
    }
    case 'contact': {
      const d = data as LeadInput<'contact'>;
      return tx.insert(contactMessages).values(d).onConflictDoNothing().returning({ id: contactMessages.id });
    }
    case 'newsletter': {
      const d = data as LeadInput<'newsletter'> & { source: 'blog' | 'footer' };
      return tx
        .insert(newsletterSubscriptions)
        .values({ email: d.email, source: d.source })
        .onConflictDoNothing()
        .returning({ id: newsletterSubscriptions.id });
    }
    case 'dataRequest': {
      const d = data as LeadInput<'dataRequest'>;
      return tx.insert(dataRequests).values(d).onConflictDoNothing().returning({ id: dataRequests.id });
    }
  }
}

export async function storeLead<K extends LeadKind>(
  db: Db,
  kind: K,
  data: K extends 'newsletter' ? LeadInput<K> & { source: 'blog' | 'footer' } : LeadInput<K>,
  token: string,
): Promise<StoreResult> {
  return db.transaction(async (tx) => {
    // The token first: a concurrent second post with the same token waits here for the first to
    // commit, then finds it taken and stores nothing.
    const claimed = await tx
      .insert(submissionTokens)
      .values({ token, leadType: kind })
      .onConflictDoNothing()
      .returning({ token: submissionTokens.token });
    if (!claimed.length) return { inserted: false };
    const rows = await insertRow(tx, kind, data);
    const id = rows[0]?.id;
    if (!id) return { inserted: false };
    await tx.update(submissionTokens).set({ leadId: id }).where(eq(submissionTokens.token, token));
    await afterInsert(tx, kind, id);
    return { inserted: true, id };
  });
}
