import { leadKindNames, leadKinds, valueLabel, type KindDef, type LeadKind } from '@/lib/leads/kinds';
import { leadStatuses, type LeadStatus } from '@/lib/db/staff-schema';

/** Client-safe facts about each kind of lead for the staff pages, from lib/leads/kinds.ts. */
export type Field = { column: string; label: string; long?: boolean; link?: boolean; options?: readonly { value: string; label: string }[]; /** A box to tick: shown Yes or No. */ tick?: boolean };
export type KindInfo = { kind: LeadKind; slug: string; table: string; label: string; shortLabel: string; fields: Field[] };

export const kinds: KindInfo[] = leadKindNames.map((kind) => {
  const def: KindDef = leadKinds[kind];
  const fields = Object.values(def.fields).map(({ column, label, long, link, options, rule }) => ({ column, label, long, link, options, ...(rule.type === 'tick' ? { tick: true } : {}) }));
  return { kind, slug: def.slug, table: def.table, label: def.label, shortLabel: def.shortLabel, fields };
});

export const kindByKind = Object.fromEntries(kinds.map((k) => [k.kind, k])) as Record<LeadKind, KindInfo>;
export const kindBySlug = (slug: unknown) => kinds.find((k) => k.slug === slug);

export const statusLabel: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  won: 'Won',
  lost: 'Lost',
  spam: 'Spam',
  archived: 'Archived',
};
export { leadStatuses, type LeadStatus };
export const isStatus = (v: unknown): v is LeadStatus => typeof v === 'string' && (leadStatuses as readonly string[]).includes(v);

/** A newsletter subscription's double opt-in state, as staff read it. */
export const subscriptionLabel: Record<string, string> = { pending: 'Pending confirmation', confirmed: 'Confirmed', unsubscribed: 'Unsubscribed' };

/** Labels of the subscription columns on a lead's page (they are not form fields). */
export const subscriptionColumns: Record<string, string> = {
  status: 'Subscription',
  confirm_sent_at: 'Last confirmation email queued',
  confirmed_at: 'Confirmed',
  unsubscribed_at: 'Unsubscribed',
  unsubscribed_via: 'Unsubscribed through',
};

/**
 * How staff read a stored value of a field: a box to tick Yes or No (unticked: null), an option's label (the
 * value itself when it is not, or no longer, listed: a content list changes), else the value; null when empty.
 */
export function fieldText(field: Field, value: unknown): string | null {
  return valueLabel({ rule: field.tick ? { type: 'tick' } : { type: 'fixed' }, options: field.options }, value);
}

/** An http(s) URL that may be shown as a link (never javascript:, data: or anything else). */
export function safeHttpUrl(value: unknown): string | null {
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value.trim())) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
