/**
 * The enumerations of the lead forms: stored values (fixed: docs/leads.md) and the labels people see.
 * Shared by the database schema (check constraints), the zod schemas and the forms. Every list here is one of
 * the spec's fixed enumerations, a database check constraint; a list that is content (dates, topics) is
 * marked `optionsAre: 'content'` on its field in lib/leads/kinds.ts and has no constraint.
 */
export const partnershipTypes = [
  { value: 'technology', label: 'Technology Integration' },
  { value: 'reseller', label: 'Reseller Partnership' },
  { value: 'referral', label: 'Referral Partnership' },
  { value: 'strategic', label: 'Strategic Alliance' },
] as const;

export const audienceSizes = [
  { value: 'Less than 1,000', label: 'Less than 1,000' },
  { value: '1,000 - 10,000', label: '1,000 - 10,000' },
  { value: '10,000 - 100,000', label: '10,000 - 100,000' },
  { value: '100,000+', label: '100,000+' },
] as const;

export const monthlyBudgets = [
  { value: '500-1000', label: '$500 - $1,000' },
  { value: '1000-2500', label: '$1,000 - $2,500' },
  { value: '2500-5000', label: '$2,500 - $5,000' },
  { value: '5000+', label: '$5,000+' },
] as const;

export type Option = { readonly value: string; readonly label: string };

export const values = <T extends readonly { value: string }[]>(options: T) =>
  options.map((o) => o.value) as unknown as { [K in keyof T]: T[K]['value'] };

export type PartnershipType = (typeof partnershipTypes)[number]['value'];
export type AudienceSize = (typeof audienceSizes)[number]['value'];
export type MonthlyBudget = (typeof monthlyBudgets)[number]['value'];

export const newsletterSources = [
  { value: 'blog', label: 'Blog' },
  { value: 'footer', label: 'Footer' },
] as const;

export const dataRequestTypes = [
  { value: 'export', label: 'Data export (right of access)' },
  { value: 'rectify', label: 'Update information (rectification)' },
  { value: 'erase', label: 'Delete account (erasure)' },
  { value: 'portability', label: 'Export data (portability)' },
] as const;

export type NewsletterSource = (typeof newsletterSources)[number]['value'];
export type DataRequestType = (typeof dataRequestTypes)[number]['value'];

/**
 * The plans a trial request can name (ids and names of the /pricing plans): every value stored. Business is
 * sold by the sales team (its /pricing button is 'Contact Sales'), so a new request offers only
 * `trialPlans`; older rows may hold 'business'.
 */
export const signupPlans = [
  { value: 'free', label: 'Free' },
  { value: 'pro', label: 'Pro' },
  { value: 'business', label: 'Business' },
] as const;

/** The plans /signup offers: those /pricing sells with a trial button. */
export const trialPlans = [
  { value: 'free', label: 'Free' },
  { value: 'pro', label: 'Pro' },
] as const;

/** The plans billed monthly or yearly (Free costs nothing and has no billing period). */
export const billedPlans = ['pro'] as const;

/** The plans sold by the sales team: a link for one leads to the contact form. */
export const salesPlans = ['business'] as const;

export const billingPeriods = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
] as const;

export type SignupPlan = (typeof signupPlans)[number]['value'];
export type BillingPeriod = (typeof billingPeriods)[number]['value'];
