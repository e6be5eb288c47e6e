/**
 * The retention of each kind of lead, from the registry: every kind names its period (`retention` in
 * lib/leads/kinds.ts, one of `leadRetention` in lib/config/retention.ts), so /gdpr's table, the privacy
 * policy (its `{retention.kinds.<period>}` placeholders, content/legal.ts), the lead's staff page and the
 * purge (lib/retention/purge.ts) list and delete a new kind with no other edit. Client-safe: plain data.
 */
import { deletionDateFor, leadRetention, otherRetentionRows, type LeadRetention } from '@/lib/config/retention';
import { kindDef, leadKindNames, leadKinds, type KindDef } from '@/lib/leads/kinds';

/** What the privacy texts call the leads of a kind, in the plural and lowercase ("trial requests"). */
export function pluralOf(def: Pick<KindDef, 'label' | 'plural'>): string {
  if (def.plural) return def.plural;
  const label = def.label.toLowerCase();
  return /[^aeiou]y$/.test(label) ? `${label.slice(0, -1)}ies` : `${label}s`;
}

const sentenceCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const list = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

/** The kinds kept for `period`, as a sentence's subject ("Partner applications, ... and trial requests"); '' when none. */
export function kindsKeptFor(period: LeadRetention, defs: readonly KindDef[] = leadKindNames.map((k) => leadKinds[k])): string {
  return sentenceCase(list(defs.filter((d) => d.retention === period).map(pluralOf)));
}

/**
 * The rows of the retention table of /gdpr about what the site's forms collect: one per period that a kind
 * names (listing those kinds by label), the spam row, then the records of what was sent and the emails that
 * matched no request.
 */
export function leadRetentionRowsOf(defs: readonly KindDef[]): { data: string; period: string }[] {
  const row = (period: LeadRetention) => {
    const kinds = kindsKeptFor(period, defs);
    return kinds ? [{ data: leadRetention[period].data(kinds), period: leadRetention[period].period }] : [];
  };
  return [...row('lead'), ...row('request'), otherRetentionRows.spam, ...row('subscription'), otherRetentionRows.delivery, otherRetentionRows.unmatched];
}

export const leadRetentionPeriods = leadRetentionRowsOf(leadKindNames.map((k) => leadKinds[k]));

/** When the daily purge deletes a lead of `kind`, as its staff page says (lib/config/retention.ts `deletionDateFor`). */
export function deletionDate(kind: string, createdAt: Date, status: string, fields: Record<string, unknown>, replyDue?: Date | null): Date | null {
  return deletionDateFor(kindDef(kind).retention, createdAt, status, fields, replyDue);
}
