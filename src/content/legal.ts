// The legal documents are the entries of the `legal` collection (src/content/legal: privacy.md, terms.md,
// cookies.md): front matter `updated` (the date the page shows), then `## Heading {#anchor}` sections. Their
// facts are placeholders filled here from the one place each is kept ({site}, {policy.minimumAge},
// {commercial.trialDays}, {contacts.privacy} ...), so that the policy, the pricing FAQ and the GDPR page never
// disagree; an unknown placeholder stops the build with the file named.
import type { z } from 'zod';
import type { Block } from './body-model';
import { formatDate } from './blog-model';
import { commercial } from '@/lib/config/commercial';
import { dataRequestReplyDays, leadRetention, retention, type LeadRetention } from '@/lib/config/retention';
import { kindsKeptFor } from '@/lib/retention/periods';
import { fillSection, type ContentEntry } from './entries';
import type { legalDocumentSchema } from './schemas';
import { site } from '@/lib/config/site';
import { formPages, leadEndpoints } from '@/lib/leads/endpoints';
import { leadKindNames, leadKinds } from '@/lib/leads/kinds';
import { referralCookieDays, referralCookieName } from '@/lib/leads/referral';
import { staffSessionCookieNames } from '@/lib/staff/session-cookie';

/** The policy claims (retention, response times, sub-processors), in one place; the privacy, GDPR and security pages interpolate them. */
export const policy = {
  designFileDeletionMinutes: 5,
  personalDataDeletionDays: 30,
  analyticsAnonymisedMonths: 26,
  supportDataDeletionYears: 3,
  minimumAge: 13,
  guardianConsentUnder: 18,
  designToolBreachNoticeHours: 48,
  incidentNotificationHours: 72,
  /** The days a data request's answer may take: the constant the staff's deadline is counted from. */
  dataRequestReplyDays,
} as const;

export const postalAddressLine = `${site.postalAddress.street}, ${site.postalAddress.city}, ${site.postalAddress.region} ${site.postalAddress.postalCode}, ${site.postalAddress.country}`;


export type CookieRow = { name: string; purpose: string; duration: string; type: string; setOn: string };

/**
 * Every cookie this website sets, by the names the code gives them: a public page sets the referral cookie
 * only when the visitor arrives through an affiliate's link (lib/leads/referral.ts); the staff sign-in area
 * (employees only) sets one session cookie (lib/staff/auth.ts; its plain-HTTP name, for a server without
 * TLS, is not listed: the site is served over HTTPS). tests/unit/content-consistency.test.ts holds it to the code.
 */
export const cookiesSet: CookieRow[] = [
  {
    name: referralCookieName,
    purpose: `Remembers the code of the affiliate whose link brought you here, so that they are credited if you send a form or start a trial. Holds that code only.`,
    duration: `${referralCookieDays} days`,
    type: 'Affiliate referral',
    setOn: "Any public page, only when you arrive through an affiliate's link (?ref=)",
  },
  {
    name: staffSessionCookieNames.https,
    purpose: `Keeps a ${site.name} employee signed in to the staff area. Holds a random token, nothing about you.`,
    duration: '7 days, or until sign-out',
    type: 'Strictly necessary',
    setOn: 'Staff sign-in area only (/staff)',
  },
];

export type LegalBlock = Block;
export type LegalSection = { id: string; heading: string; blocks: LegalBlock[] };
export type LegalDate = { iso: string; label: string };
export type LegalDocument = { updated: LegalDate; sections: LegalSection[] };

/**
 * Every lead form of the registry with the pages it is on ("partner (/partners), ... newsletter (/blog and the
 * footer of every page) ... and trial (/signup)"): a new kind is named by the cookie policy without an edit.
 */
function leadFormsWithPages(): string {
  const items = leadKindNames.map((kind) => {
    const pages = Object.entries(leadEndpoints)
      .filter(([, e]) => e.kind === kind)
      .map(([name]) => formPages[name as keyof typeof formPages]);
    const where = [...new Set(pages.filter((p): p is string => p !== null))].concat(pages.includes(null) ? ['the footer of every page'] : []);
    return `${leadKinds[kind].shortLabel.toLowerCase()} (${where.join(' and ')})`;
  });
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The values the documents' placeholders name. */
function placeholders(): Record<string, string> {
  const values: Record<string, string> = {
    site: site.name,
    tool: site.designTool,
    postalAddress: postalAddressLine,
    'commercial.trialCard': commercial.trialNeedsCard ? 'a credit card is required' : 'no credit card required',
    'commercial.planChangesWhen': commercial.planChangesImmediate ? 'immediately' : 'at the next billing period',
    'commercial.setupFees': commercial.setupFee === 0 ? 'There are no setup fees.' : `A setup fee of $${commercial.setupFee} applies.`,
  };
  for (const [k, v] of Object.entries(policy)) values[`policy.${k}`] = String(v);
  for (const [k, v] of Object.entries(commercial)) if (typeof v === 'number') values[`commercial.${k}`] = String(v);
  for (const [k, v] of Object.entries(site.contacts)) values[`contacts.${k}`] = v;
  for (const [k, v] of Object.entries(retention)) values[`retention.${k}`] = String(v);
  // The kinds of lead kept for each period, by their labels ("Partner applications, ... and trial requests").
  for (const period of Object.keys(leadRetention) as LeadRetention[]) values[`retention.kinds.${period}`] = kindsKeptFor(period);
  values['leads.forms'] = leadFormsWithPages();
  return values;
}

const monthLabel = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', timeZone: 'UTC' });

export type LegalDocuments = Record<'privacy' | 'terms' | 'cookies', LegalDocument>;

/** The legal documents of the collection, their placeholders filled. */
export function legalDocumentsOf(entries: readonly ContentEntry[]): LegalDocuments {
  const values = placeholders();
  const docs = new Map(
    entries.map(({ id, filePath: file, data, body: { sections = [] } }) => {
      const fm = data as z.output<typeof legalDocumentSchema>;
      const filled = sections.map((s) => ({ ...fillSection(s, values, file), id: s.id ?? '' }));
      // The cookie policy states its month (as the spec shows it); the others their day.
      const label = id === 'cookies' ? monthLabel(fm.updated) : formatDate(fm.updated);
      return [id, { updated: { iso: fm.updated, label }, sections: filled }] as const;
    }),
  );
  const get = (id: 'privacy' | 'terms' | 'cookies') => {
    const doc = docs.get(id);
    if (!doc) throw new Error(`src/content/legal/${id}.md is missing`);
    return doc;
  };
  return { privacy: get('privacy'), terms: get('terms'), cookies: get('cookies') };
}
