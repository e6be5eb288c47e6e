// Where each lead form is on the site, and what its component shows that the lead-kind registry does not
// hold. Every form of the registry (the `forms` of each kind in src/lib/leads/kinds.ts) must have its line:
// TypeScript names a missing one. The suites (bulk-leads.ts, tests/hostile) and the end-to-end journeys
// (lead-forms.ts) read their forms from here and from the registry.
import type { LeadEndpointName } from '../../src/lib/leads/endpoints';
import type { ParsedForm } from './form-client';

export type FormOnPage = {
  /** A page the form is on. */
  path: string;
  /** The id of its <form> element on that page (the component's `useLeadForm(kind, { id })`). */
  formId: string;
  /** Its submit button, and what the button says while the post is in flight. */
  buttons: { submit: string; pending: string };
  /**
   * Labels the form words its own way (a question, the sentence of a box to tick). Every other field is
   * labelled as in the registry (`rule.label`, else `label`; any letter case), an optional one followed
   * by ` (optional)`.
   */
  labels?: Record<string, string>;
  /** Choices the page preselects: field -> value. */
  preselected?: Record<string, string>;
  /**
   * With JavaScript, the form is in a dialog that a button opens: the button for each value of the field
   * `by` (the value it presets), and the id of the dialog's form.
   */
  opener?: { button: Record<string, string>; by: string; formId: (value: string) => string };
  /** The spec that covers the form instead of tests/e2e/leads-forms.spec.ts, and why. */
  ownSpec?: string;
};

export const leadFormPages: Record<LeadEndpointName, FormOnPage> = {
  partner: {
    path: '/partners',
    formId: 'partner-application',
    buttons: { submit: 'Submit Application', pending: 'Submitting...' },
    labels: { message: 'Tell us about your partnership idea' },
  },
  affiliate: {
    path: '/affiliate',
    formId: 'affiliate-application',
    buttons: { submit: 'Submit Application', pending: 'Submitting Application...' },
    labels: { website: 'Website/Social Media' },
  },
  agency: {
    path: '/agency',
    formId: 'agency-enquiry',
    buttons: { submit: 'Get My Proposal', pending: 'Submitting...' },
    labels: { message: 'Tell us about your goals' },
  },
  contact: { path: '/contact', formId: 'contact-message', buttons: { submit: 'Send Message', pending: 'Sending...' } },
  trial: {
    path: '/signup',
    formId: 'trial-request',
    buttons: { submit: 'Start My Free Trial', pending: 'Starting...' },
    labels: { terms: 'I agree to the Terms of Service and the Privacy Policy.' },
    preselected: { plan: 'pro', billing: 'monthly' },
  },
  'newsletter-blog': {
    path: '/blog',
    formId: 'newsletter-blog',
    buttons: { submit: 'Subscribe', pending: 'Subscribing...' },
    labels: { email: 'Email address' },
    ownSpec: 'leads-newsletter.spec.ts (double opt-in: one row per address)',
  },
  'newsletter-footer': {
    path: '/pricing',
    formId: 'newsletter-footer',
    buttons: { submit: 'Subscribe', pending: 'Subscribing...' },
    labels: { email: 'Email address' },
    ownSpec: 'leads-newsletter.spec.ts (double opt-in: one row per address)',
  },
  'data-request': {
    path: '/gdpr',
    formId: 'data-request-export',
    buttons: { submit: 'Send Request', pending: 'Submitting...' },
    opener: { button: { export: 'Request Data Export', rectify: 'Update Information', erase: 'Delete Account', portability: 'Export Data' }, by: 'type', formId: (type) => `data-request-${type}-dialog` },
    ownSpec: 'leads-gdpr.spec.ts (four rights buttons, each a dialog, one form per type without JavaScript)',
  },
};

/** The line of a form; a form of the registry without one is named (TypeScript names it too). */
export function formOnPage(name: string): FormOnPage {
  if (!Object.hasOwn(leadFormPages, name)) throw new Error(`the lead form "${name}" has no line in tests/support/lead-form-pages.ts (docs/leads.md, Adding a kind)`);
  return leadFormPages[name as LeadEndpointName];
}

/** Picks, among a page's forms, the first that posts `name` without JavaScript (`<page>?form=<name>`). */
export const postsForm =
  (name: LeadEndpointName) =>
  (forms: ParsedForm[]): ParsedForm | undefined =>
    forms.find((f) => new URL(f.attrs.action ?? '', 'http://page.invalid/').searchParams.get('form') === name);
