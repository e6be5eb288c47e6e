/**
 * Where the trial and plan buttons lead: APP_SIGNUP_URL (the product's own sign-up, read at build time)
 * or the site's /signup form, with the plan and the billing period in the query either way.
 */
import { billingPeriods, signupPlans, type BillingPeriod, type SignupPlan } from './options';

export type TrialChoice = { plan: SignupPlan; billing: BillingPeriod };

export const defaultChoice: TrialChoice = { plan: 'pro', billing: 'monthly' };

export function signupHref(plan: SignupPlan, billing: BillingPeriod = 'monthly', env: Record<string, string | undefined> = process.env): string {
  const base = env.APP_SIGNUP_URL?.trim() || '/signup';
  const query = new URLSearchParams({ plan, billing }).toString();
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}

/** The plan and billing a /signup address asks for; what is missing or unknown falls back to the default. */
export function trialChoice(url: URL): TrialChoice {
  const plan = signupPlans.find((p) => p.value === url.searchParams.get('plan'))?.value ?? defaultChoice.plan;
  const billing = billingPeriods.find((b) => b.value === url.searchParams.get('billing'))?.value ?? defaultChoice.billing;
  return { plan, billing };
}
