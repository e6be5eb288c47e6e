// The person behind a lead (docs/conversations.md, "The timeline and the person"): every lead of every kind
// with the same email address, letter case aside, is one person. Read from lead_index by its lower(email)
// index (migration 0017, lead_index_email_idx).
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { LeadKind } from '@/lib/leads/kinds';
import { asDate } from '@/lib/db/values';
import { rowsOf } from '@/lib/staff/inbox';
import { kindByKind, type LeadStatus } from '@/lib/staff/lead-kinds';
import type { LeadRef } from '@/lib/staff/triage';

export type PersonLead = { kind: LeadKind; slug: string; label: string; id: string; createdAt: Date; status: LeadStatus };

/** The other leads shown; at most `scanned` of the address's index entries are read (a form posted by a script thousands of times stays cheap). */
export const personLeadsShown = 10;
export const personLeadsScanned = 200;

/**
 * The person's other leads (same address, any letter case), newest first: at most `personLeadsShown`, and
 * how many there are (`more`: at least `total`, as only `personLeadsScanned` entries were read; which ones
 * are shown of such a person is then not sure to be the newest).
 */
export async function listPersonLeads(db: Db, email: string, except: LeadRef): Promise<{ leads: PersonLead[]; total: number; more: boolean }> {
  const address = email.trim();
  if (!address) return { leads: [], total: 0, more: false };
  const rows = await rowsOf(
    db,
    sql`select lead_type, lead_id, created_at, status from (
        select lead_type, lead_id, created_at, status from lead_index where lower(email) = lower(${address}) limit ${personLeadsScanned + 1}
      ) p order by created_at desc, lead_id desc`,
  );
  const others = rows.filter((r) => !(r.lead_type === except.kind && String(r.lead_id) === except.id) && r.lead_type && Object.hasOwn(kindByKind, String(r.lead_type)));
  const leads = others.slice(0, personLeadsShown).map((r) => {
    const info = kindByKind[r.lead_type as LeadKind];
    return { kind: info.kind, slug: info.slug, label: info.label, id: String(r.lead_id), createdAt: asDate(r.created_at), status: r.status as LeadStatus };
  });
  return { leads, total: others.length, more: rows.length > personLeadsScanned };
}
