/**
 * Where the trial and plan buttons lead. A plan /pricing sells with a trial (Free, Pro) leads to
 * APP_SIGNUP_URL (the product's own sign-up, read at build time) or the site's /signup form, with the plan
 * and, for a billed plan, the billing period in the query. A plan sold by the sales team (Business) leads
 * to the contact form with its subject preset.
 */
import { billedPlans, billingPeriods, salesPlans, signupPlans, trialPlans, type BillingPeriod, type SignupPlan } from './options';

type TrialPlan = (typeof trialPlans)[number]['value'];
type SalesPlan = (typeof salesPlans)[number];
export type TrialChoice = { plan: TrialPlan; billing: BillingPeriod };

/** What a bare /signup (a trial button without a plan) preselects: the plan the trial gives. */
export const defaultChoice: TrialChoice = { plan: 'pro', billing: 'monthly' };

const isBilled = (plan: SignupPlan) => (billedPlans as readonly string[]).includes(plan);
const isSales = (plan: SignupPlan): plan is SalesPlan => (salesPlans as readonly string[]).includes(plan);

/**
 * The subjects a link may preset on the contact form (`/contact?subject=<key>`): what each 'Contact Sales'
 * and 'Get API Key' asks for (decisions.md). The plans sold by the sales team (/pricing's Business), the
 * question of /pricing's closing band, and the API: a key for a plan of /api (keys are issued by the
 * product, not by this site), or with none chosen yet, and its Enterprise plan.
 */
export const contactSubjects = {
  business: 'Business plan',
  pricing: 'Plans and pricing',
  api: 'API key',
  'api-starter': 'API Starter plan',
  'api-professional': 'API Professional plan',
  'api-enterprise': 'API Enterprise plan',
} as const satisfies Record<SalesPlan, string> & Record<string, string>;

export type ContactSubject = keyof typeof contactSubjects;

/** The contact form (scrolled to) with the subject of `key` preset. */
export const contactHref = (key: ContactSubject) => `/contact?subject=${key}#contact-form`;

/** The subject a /contact address presets, if its `subject` is one of `contactSubjects`. */
export function presetSubject(url: URL): string | undefined {
  const key = url.searchParams.get('subject') ?? '';
  return Object.hasOwn(contactSubjects, key) ? contactSubjects[key as ContactSubject] : undefined;
}

/** The address of a trial button that names no plan ('Get Started Free'): the sign-up, its default plan preselected. */
export const trialHref = (env: Record<string, string | undefined> = process.env) => env.APP_SIGNUP_URL?.trim() || '/signup';

/** The address of a plan's button: the trial sign-up with the plan (and billing, for a billed plan), or sales. */
export function signupHref(plan: SignupPlan, billing: BillingPeriod = 'monthly', env: Record<string, string | undefined> = process.env): string {
  if (isSales(plan)) return contactHref(plan);
  const base = trialHref(env);
  const query = new URLSearchParams(isBilled(plan) ? { plan, billing } : { plan }).toString();
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}

/**
 * What a /signup address asks for: the trial plan and billing to preselect (what is missing or unknown falls
 * back to the default; Free's billing is not asked), or, for a plan sold by the sales team, the contact
 * form to go to instead.
 */
export function trialChoice(url: URL): TrialChoice | { redirect: string } {
  const asked = signupPlans.find((p) => p.value === url.searchParams.get('plan'))?.value;
  if (asked && isSales(asked)) return { redirect: contactHref(asked) };
  const plan = trialPlans.find((p) => p.value === asked)?.value ?? defaultChoice.plan;
  const billing = billingPeriods.find((b) => b.value === url.searchParams.get('billing'))?.value ?? defaultChoice.billing;
  return { plan, billing };
}
