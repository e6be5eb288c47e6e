/**
 * Every kind of lead, declared once: its table and columns, the fields its form posts and their rules,
 * its labels in the staff area and in notifications, the texts of its outcomes and the forms that post
 * it. The database schema, the zod schemas, the store, the staff inbox and the notifications are built
 * from this table (docs/leads.md). Client-safe: plain data, no zod, no database code.
 */
import { commercial } from '@/lib/config/commercial';
import { responsePromises } from '@/lib/config/response-promises';
import { dataRequestReplyDays, type LeadRetention } from '@/lib/config/retention';
import { site } from '@/lib/config/site';
import { audienceSizes, billedPlans, billingPeriods, dataRequestTypes, monthlyBudgets, newsletterSources, partnershipTypes, signupPlans, trialPlans, type Option } from './options';

/** Days a newsletter confirmation link works. */
export const confirmLinkDays = 7;

export { limits } from './limits';
import { limits } from './limits';

/**
 * A consent (docs/leads.md, "Consent is recorded"): what it is for (`purpose`, stored in
 * `consent_records.purpose`, whose check is built from every purpose of the registry), what staff call it
 * (`label`) and the words the form shows (stored with each record, with their version: the first 12 hex
 * digits of their SHA-256). The words must be the form's own: tests/unit/consent-wording.test.ts renders
 * each form that shows one and looks for them.
 */
export type Consent = { purpose: string; label: string; words: string };

/** The value a ticked box posts and stores; an optional box left unticked stores null (shown as `unticked`). */
export const tickBox = { value: 'yes', label: 'Yes', unticked: 'No' } as const;

/** How a posted value is checked (lib/leads/schemas.ts turns these into zod). */
export type Rule =
  | { type: 'text'; required?: string; min?: { length: number; message: string }; max: number; label?: string }
  | { type: 'optional'; max: number }
  | { type: 'email' }
  | { type: 'choice'; message: string }
  /**
   * A box to tick: posts `tickBox.value` ('yes') when ticked, nothing when not. `required`: it must be ticked
   * (that message otherwise; stored 'yes', column not null). Without it the box is optional: stored 'yes' or
   * null (column nullable), shown to staff as Yes or No. Anything else posted for it is refused with
   * `required`, or for an optional box with `messages.tickBox(label)` (lib/leads/schemas.ts). `consent`: a
   * ticked box is a consent, recorded with the lead (lib/leads/consent.ts).
   */
  | { type: 'tick'; required?: string; consent?: Consent }
  | { type: 'website'; required: string; max: number }
  /** Not typed by the visitor: set by the form that posts it (see `forms`). */
  | { type: 'fixed' };

export type FieldDef = {
  column: string;
  /** What staff and notifications call the field (and the form, unless the rule names it otherwise). */
  label: string;
  rule: Rule;
  options?: readonly Option[];
  /**
   * `'content'`: the options are content that changes (dates, topics), not a fixed enumeration of the spec:
   * checked by the zod schema only, with no database check constraint, so adding or removing one needs no
   * migration. A stored value that has left the list is still shown (its label while listed, else the value).
   * Without it, the list is a database check constraint too (docs/leads.md, "Option lists").
   */
  optionsAre?: 'content';
  /** The options a new post may choose, when fewer than `options` (every value stored: older rows may hold the others). */
  offered?: readonly Option[];
  /** Asked only when another field has one of these values; otherwise not stored (null). */
  onlyWhen?: { field: string; values: readonly string[] };
  /** Multi-line text. */
  long?: boolean;
  /** An address shown as a link to staff when it is http(s). */
  link?: boolean;
  /**
   * The `autocomplete` token of a field that browsers fill from what they know of the visitor (name, email,
   * organisation). Its form's control carries the same token; a form whose every required text is one of
   * these can be completed by autofill in a second (lib/spam/fill-time.ts).
   */
  autofill?: 'name' | 'given-name' | 'family-name' | 'email' | 'organization';
};

type Outcome = { title: string; message: string };

export type KindDef = {
  table: string;
  /** Names the kind in staff URLs (`/staff/leads/<slug>/<id>`) and filters. */
  slug: string;
  label: string;
  shortLabel: string;
  /** Field name (as posted and in webhooks) -> definition, in the order of the form. */
  fields: Record<string, FieldDef>;
  /** The inbox row: the columns of its name (joined by a space), company and summary. */
  inbox: { name: readonly string[]; company: string | null; summary: string };
  /** One line about a lead in a notification's subject. */
  subject: (row: Record<string, unknown>) => string;
  outcome: { success: Outcome; failure: Outcome };
  /** The forms that post this kind (their names are in `/api/leads/<name>`), with the values of `fixed` fields. */
  forms: Record<string, Record<string, string>>;
  /** One row per address, whatever its letter case (a repeat stores nothing). */
  uniqueEmail?: boolean;
  /**
   * The sender gets an acknowledgement email (channel `ack`, when SMTP_URL is set): what they sent and
   * the reply time of `outcome.success.message` (docs/notifications.md). `intro` names what arrived,
   * `contact` is the address to write to.
   */
  acknowledge?: { intro: string; contact: string };
  /** A subscription with double opt-in: pending until the emailed link confirms it (docs/leads.md). */
  subscription?: boolean;
  /**
   * The post itself is a consent (a sign-up): its purpose, staff label, and the words of each of its forms
   * (form name -> words; every form of `forms` has its words). A consent given by ticking a box is declared on
   * that field's rule instead (`{ type: 'tick', consent }`).
   */
  consent?: { purpose: string; label: string; words: Record<string, string> };
  /**
   * How long its leads are kept: one of the periods of lib/config/retention.ts (`leadRetention`). The purge
   * deletes by it, the lead's staff page shows its date, and /gdpr and the privacy policy list the kind under it.
   */
  retention: LeadRetention;
  /** What the privacy texts call its leads in the plural, when not its label followed by s (lowercase). */
  plural?: string;
};

const field = (column: string, label: string, rule: Rule, more: Omit<FieldDef, 'column' | 'label' | 'rule'> = {}): FieldDef => ({ column, label, rule, ...more });
/** A required text; `label` is what its messages call it. */
const required = (label: string, max: number): Rule => ({ type: 'text', max, required: `${label} is required`, label });
const email = field('email', 'Email', { type: 'email' }, { autofill: 'email' });
const failure = (contact: string): Outcome => ({ title: 'Submission Failed', message: `Please try again or contact us directly at ${contact}` });

export const leadKinds = {
  partner: {
    table: 'partner_applications',
    retention: 'lead',
    slug: 'partner',
    label: 'Partner application',
    shortLabel: 'Partner',
    fields: {
      firstName: field('first_name', 'First name', required('First name', limits.name), { autofill: 'given-name' }),
      lastName: field('last_name', 'Last name', required('Last name', limits.name), { autofill: 'family-name' }),
      email,
      company: field('company', 'Company', required('Company name', limits.name), { autofill: 'organization' }),
      partnershipType: field('partnership_type', 'Partnership type', { type: 'choice', message: 'Please select a partnership type' }, { options: partnershipTypes }),
      message: field(
        'message',
        'Message',
        { type: 'text', max: limits.message, min: { length: 10, message: 'Please provide more details about your partnership idea' } },
        { long: true },
      ),
    },
    inbox: { name: ['first_name', 'last_name'], company: 'company', summary: 'partnership_type' },
    subject: (r) => `${r.first_name} ${r.last_name}, ${r.company} (${r.partnership_type})`,
    outcome: {
      success: { title: 'Application Submitted!', message: `Thank you for your interest. We'll get back to you within ${responsePromises.partner.hours} hours.` },
      failure: { title: 'Submission Failed', message: 'There was an error submitting your application. Please try again.' },
    },
    forms: { partner: {} },
    acknowledge: { intro: 'Thank you for your partner application.', contact: site.contacts.partners },
  },
  affiliate: {
    table: 'affiliate_applications',
    retention: 'lead',
    slug: 'affiliate',
    label: 'Affiliate application',
    shortLabel: 'Affiliate',
    fields: {
      firstName: field('first_name', 'First name', required('First name', limits.name), { autofill: 'given-name' }),
      lastName: field('last_name', 'Last name', required('Last name', limits.name), { autofill: 'family-name' }),
      email,
      website: field('website', 'Website or social media', { type: 'website', max: limits.website, required: 'Website or social media is required' }, { link: true }),
      audienceSize: field('audience_size', 'Audience size', { type: 'choice', message: 'Please select your audience size' }, { options: audienceSizes }),
    },
    inbox: { name: ['first_name', 'last_name'], company: null, summary: 'audience_size' },
    subject: (r) => `${r.first_name} ${r.last_name} (audience ${r.audience_size})`,
    outcome: {
      success: {
        title: 'Application Submitted Successfully!',
        message: `Thank you for applying. We'll review your application and get back to you within ${responsePromises.affiliate.hours} hours.`,
      },
      failure: failure(site.contacts.affiliates),
    },
    forms: { affiliate: {} },
    acknowledge: { intro: 'Thank you for applying to the affiliate programme.', contact: site.contacts.affiliates },
  },
  agency: {
    table: 'agency_enquiries',
    retention: 'lead',
    slug: 'agency',
    label: 'Agency enquiry',
    shortLabel: 'Agency',
    fields: {
      name: field('name', 'Name', required('Name', limits.name), { autofill: 'name' }),
      email,
      businessName: field('business_name', 'Business name', required('Business name', limits.name), { autofill: 'organization' }),
      monthlyBudget: field('monthly_budget', 'Monthly budget', { type: 'choice', message: 'Please select a monthly budget' }, { options: monthlyBudgets }),
      message: field('message', 'Message', required('Message', limits.message), { long: true }),
    },
    inbox: { name: ['name'], company: 'business_name', summary: 'monthly_budget' },
    subject: (r) => `${r.name}, ${r.business_name} (budget ${r.monthly_budget})`,
    outcome: {
      success: {
        title: 'Enquiry Submitted Successfully!',
        message: `Thank you for your enquiry. We'll get back to you within ${responsePromises.agency.hours} hours with a custom proposal.`,
      },
      failure: failure(site.contacts.agency),
    },
    forms: { agency: {} },
    acknowledge: { intro: 'Thank you for your agency enquiry.', contact: site.contacts.agency },
  },
  contact: {
    table: 'contact_messages',
    retention: 'lead',
    slug: 'contact',
    label: 'Contact message',
    shortLabel: 'Contact',
    fields: {
      name: field('name', 'Name', required('Name', limits.name), { autofill: 'name' }),
      email,
      company: field('company', 'Company', { type: 'optional', max: limits.name }, { autofill: 'organization' }),
      subject: field('subject', 'Subject', required('Subject', limits.subject)),
      message: field('message', 'Message', required('Message', limits.message), { long: true }),
    },
    inbox: { name: ['name'], company: 'company', summary: 'subject' },
    subject: (r) => `${r.subject} (from ${r.name})`,
    outcome: { success: { title: 'Message Sent!', message: `We'll get back to you within ${responsePromises.contact.hours} hours.` }, failure: failure(site.contacts.hello) },
    forms: { contact: {} },
    acknowledge: { intro: 'Thank you for your message.', contact: site.contacts.hello },
  },
  newsletter: {
    table: 'newsletter_subscriptions',
    retention: 'subscription',
    slug: 'newsletter',
    label: 'Newsletter sign-up',
    shortLabel: 'Newsletter',
    fields: { email, source: field('source', 'Signed up from', { type: 'fixed' }, { options: newsletterSources }) },
    // The inbox shows where a subscription stands (pending, confirmed, unsubscribed).
    inbox: { name: [], company: null, summary: 'status' },
    subject: (r) => `from the ${r.source}`,
    outcome: {
      success: { title: 'Check your inbox', message: `We sent you a link to confirm your subscription. It works for ${confirmLinkDays} days; until you click it, you are not subscribed.` },
      failure: { title: 'Subscription Failed', message: `Please try again or contact us directly at ${site.contacts.hello}` },
    },
    forms: { 'newsletter-footer': { source: 'footer' }, 'newsletter-blog': { source: 'blog' } },
    // Each form's heading and button: a sign-up is a consent to the newsletter (a repeat too).
    consent: {
      purpose: 'newsletter',
      label: 'Newsletter sign-up',
      words: { 'newsletter-blog': 'Subscribe to our newsletter. [Email address] [Subscribe]', 'newsletter-footer': 'Get product news and tips. [Email address] [Subscribe]' },
    },
    uniqueEmail: true,
    subscription: true,
  },
  dataRequest: {
    table: 'data_requests',
    retention: 'request',
    slug: 'data_request',
    label: 'Data request',
    shortLabel: 'Data request',
    plural: 'data protection requests',
    fields: {
      email,
      type: field('type', 'Request type', { type: 'choice', message: 'Please choose the kind of request' }, { options: dataRequestTypes }),
      details: field('details', 'Details', { type: 'optional', max: limits.message }, { long: true }),
    },
    inbox: { name: [], company: null, summary: 'type' },
    subject: (r) => `${r.type}`,
    outcome: {
      success: {
        title: 'Request Received',
        message: `We'll reply to your request within ${dataRequestReplyDays} days. To protect your data, we act on it only once you confirm it is yours, with the link in the email we are sending you.`,
      },
      failure: failure(site.contacts.privacy),
    },
    forms: { 'data-request': {} },
    acknowledge: { intro: 'We received your data protection request.', contact: site.contacts.privacy },
  },
  trial: {
    table: 'trial_requests',
    retention: 'lead',
    slug: 'trial',
    label: 'Trial request',
    shortLabel: 'Trial',
    fields: {
      name: field('name', 'Name', required('Name', limits.name), { autofill: 'name' }),
      email: field('email', 'Work email', { type: 'email' }, { autofill: 'email' }),
      company: field('company', 'Company', { type: 'optional', max: limits.name }, { autofill: 'organization' }),
      plan: field('plan', 'Plan', { type: 'choice', message: 'Please choose the Free or the Pro plan' }, { options: signupPlans, offered: trialPlans }),
      billing: field('billing', 'Billing', { type: 'choice', message: 'Please choose monthly or yearly billing' }, { options: billingPeriods, onlyWhen: { field: 'plan', values: billedPlans } }),
      terms: field('terms_accepted', 'Accepted the terms', {
        type: 'tick',
        required: 'Please accept the Terms of Service and Privacy Policy to continue',
        consent: { purpose: 'terms', label: 'Terms of Service and Privacy Policy', words: 'I agree to the Terms of Service and the Privacy Policy.' },
      }),
    },
    inbox: { name: ['name'], company: 'company', summary: 'plan' },
    subject: (r) => `${r.name}${r.company ? `, ${r.company}` : ''} (${[r.plan, r.billing].filter(Boolean).join(', ')})`,
    outcome: {
      success: {
        title: 'Your trial request is in!',
        message: `We'll email your sign-in details within ${responsePromises.trial.hours} hours. Your ${commercial.trialDays}-day free trial starts when you first sign in${commercial.trialNeedsCard ? '' : ', and no credit card is needed'}.`,
      },
      failure: failure(site.contacts.hello),
    },
    forms: { trial: {} },
    acknowledge: { intro: `Thank you for requesting a ${site.name} trial.`, contact: site.contacts.sales },
  },
} as const satisfies Record<string, KindDef>;

export type LeadKind = keyof typeof leadKinds;
export const leadKindNames = Object.keys(leadKinds) as LeadKind[];

export const isLeadKind = (v: unknown): v is LeadKind => typeof v === 'string' && Object.hasOwn(leadKinds, v);

/** The definition of a kind; throws for a name this code does not know (e.g. an old outbox row). */
export function kindDef(kind: string): KindDef {
  if (!isLeadKind(kind)) throw new Error(`unknown lead type "${kind}"`);
  return leadKinds[kind];
}

type Fields<K extends LeadKind> = (typeof leadKinds)[K]['fields'];
/** The fields a visitor fills in (every field but the `fixed` ones), in the order of the form. */
export type PostedField<K extends LeadKind> = { [F in keyof Fields<K>]: Fields<K>[F] extends { rule: { type: 'fixed' } } ? never : F }[keyof Fields<K>];

export const leadFields = Object.fromEntries(
  leadKindNames.map((k) => [k, Object.entries(leadKinds[k].fields as Record<string, FieldDef>).filter(([, f]) => f.rule.type !== 'fixed').map(([name]) => name)]),
) as unknown as { [K in LeadKind]: readonly PostedField<K>[] };

/** Whether a field may be stored as null: optional text, a field asked only when another says so, an optional tick box. */
export const isNullable = (f: FieldDef) => f.rule.type === 'optional' || Boolean(f.onlyWhen) || (f.rule.type === 'tick' && !f.rule.required);

/** A lead as stored: every field, an optional one null when empty, a conditional one null when not asked, an optional box null when unticked. */
export type LeadData<K extends LeadKind> = {
  [F in keyof Fields<K>]: Fields<K>[F] extends { rule: { type: 'tick'; required: string } }
    ? string
    : Fields<K>[F] extends { rule: { type: 'optional' } } | { onlyWhen: object } | { rule: { type: 'tick' } }
      ? string | null
      : string;
};

/**
 * What staff, notifications and acknowledgements show for a stored value: a tick box's Yes or No, an option's
 * label (a value no longer listed, in a content list, as itself), else the value; null for a field left empty.
 */
export function valueLabel(f: Pick<FieldDef, 'rule' | 'options'>, value: unknown): string | null {
  if (f.rule.type === 'tick') return value === tickBox.value ? tickBox.label : value === null || value === undefined || value === '' ? tickBox.unticked : String(value);
  if (value === null || value === undefined || value === '') return null;
  return f.options?.find((o) => o.value === value)?.label ?? String(value);
}
