import type { LeadKind } from '@/lib/leads/schemas';
import { audienceSizes, dataRequestTypes, monthlyBudgets, newsletterSources, partnershipTypes } from '@/lib/leads/options';
import { leadStatuses, type LeadStatus } from '@/lib/db/staff-schema';

/** Client-safe facts about each kind of lead: its table, URL slug, label and stored fields. */
export type Field = { column: string; label: string; long?: boolean; link?: boolean; options?: readonly { value: string; label: string }[] };
export type KindInfo = { kind: LeadKind; slug: string; table: string; label: string; fields: Field[] };

export const kinds: KindInfo[] = [
  {
    kind: 'partner',
    slug: 'partner',
    table: 'partner_applications',
    label: 'Partner application',
    fields: [
      { column: 'first_name', label: 'First name' },
      { column: 'last_name', label: 'Last name' },
      { column: 'email', label: 'Email' },
      { column: 'company', label: 'Company' },
      { column: 'partnership_type', label: 'Partnership type', options: partnershipTypes },
      { column: 'message', label: 'Message', long: true },
    ],
  },
  {
    kind: 'affiliate',
    slug: 'affiliate',
    table: 'affiliate_applications',
    label: 'Affiliate application',
    fields: [
      { column: 'first_name', label: 'First name' },
      { column: 'last_name', label: 'Last name' },
      { column: 'email', label: 'Email' },
      { column: 'website', label: 'Website or social media', link: true },
      { column: 'audience_size', label: 'Audience size', options: audienceSizes },
    ],
  },
  {
    kind: 'agency',
    slug: 'agency',
    table: 'agency_enquiries',
    label: 'Agency enquiry',
    fields: [
      { column: 'name', label: 'Name' },
      { column: 'email', label: 'Email' },
      { column: 'business_name', label: 'Business name' },
      { column: 'monthly_budget', label: 'Monthly budget', options: monthlyBudgets },
      { column: 'message', label: 'Message', long: true },
    ],
  },
  {
    kind: 'contact',
    slug: 'contact',
    table: 'contact_messages',
    label: 'Contact message',
    fields: [
      { column: 'name', label: 'Name' },
      { column: 'email', label: 'Email' },
      { column: 'company', label: 'Company' },
      { column: 'subject', label: 'Subject' },
      { column: 'message', label: 'Message', long: true },
    ],
  },
  {
    kind: 'newsletter',
    slug: 'newsletter',
    table: 'newsletter_subscriptions',
    label: 'Newsletter sign-up',
    fields: [
      { column: 'email', label: 'Email' },
      { column: 'source', label: 'Source', options: newsletterSources },
    ],
  },
  {
    kind: 'dataRequest',
    slug: 'data_request',
    table: 'data_requests',
    label: 'Data request',
    fields: [
      { column: 'email', label: 'Email' },
      { column: 'type', label: 'Request type', options: dataRequestTypes },
      { column: 'details', label: 'Details', long: true },
    ],
  },
];

export const kindByKind = Object.fromEntries(kinds.map((k) => [k.kind, k])) as Record<LeadKind, KindInfo>;
export const kindBySlug = (slug: unknown) => kinds.find((k) => k.slug === slug);

/** Short labels for the list and filters. */
export const kindShortLabel: Record<LeadKind, string> = {
  partner: 'Partner',
  affiliate: 'Affiliate',
  agency: 'Agency',
  contact: 'Contact',
  newsletter: 'Newsletter',
  dataRequest: 'Data request',
};

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

/** The label of a stored enumeration value (the value itself when unknown). */
export function optionLabel(field: Field, value: string) {
  return field.options?.find((o) => o.value === value)?.label ?? value;
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
