import { commercial } from '@/lib/config/commercial';
import { policy } from './legal';
import { contactHref } from '@/lib/leads/signup';
import { site } from '@/lib/config/site';

/**
 * Plans of the /pricing page (kept exactly: docs/content.md) and its FAQ.
 * Prices are whole US dollars; the yearly saving is derived from them, never typed.
 */
export type BillingPeriod = 'monthly' | 'yearly';

export type PlanFeature = { name: string; included: boolean };

export type PricingPlan = {
  id: 'free' | 'pro' | 'business';
  name: string;
  description: string;
  monthlyPrice: number;
  yearlyPrice: number;
  badge?: 'Most Popular' | 'Best Value';
  features: PlanFeature[];
  /** Free and Pro start a trial (/signup or APP_SIGNUP_URL, with the plan, and Pro's billing); Business talks to sales (the contact form, subject preset). */
  cta: { label: string; signup: true } | { label: string; href: string };
  popular: boolean;
};

export const pricingPlans: PricingPlan[] = [
  {
    id: 'free',
    name: 'Free',
    description: 'For trying Postcraft on your own designs.',
    monthlyPrice: 0,
    yearlyPrice: 0,
    features: [
      { name: '5 posts per month', included: true },
      { name: '2 platforms', included: true },
      { name: 'Template library', included: false },
      { name: 'Team collaboration', included: false },
      { name: 'Advanced analytics', included: false },
      { name: 'Priority support', included: false },
    ],
    cta: { label: 'Get Started', signup: true },
    popular: false,
  },
  {
    id: 'pro',
    name: 'Pro',
    description: 'For creators and small teams who post every day.',
    monthlyPrice: 19,
    yearlyPrice: 190,
    badge: 'Most Popular',
    features: [
      { name: 'Unlimited posts', included: true },
      { name: 'All 6 platforms', included: true },
      { name: 'Template library', included: true },
      { name: 'Team of 5 users', included: true },
      { name: 'Advanced analytics', included: true },
      { name: 'Priority support', included: false },
    ],
    cta: { label: 'Get Started', signup: true },
    popular: true,
  },
  {
    id: 'business',
    name: 'Business',
    description: 'For agencies and brands running many accounts.',
    monthlyPrice: 49,
    yearlyPrice: 490,
    badge: 'Best Value',
    features: [
      { name: 'Unlimited posts', included: true },
      { name: 'All 6 platforms', included: true },
      { name: 'Template library', included: true },
      { name: 'Unlimited team members', included: true },
      { name: 'Advanced analytics', included: true },
      { name: 'API access', included: true },
      { name: 'Priority support', included: true },
    ],
    cta: { label: 'Contact Sales', href: contactHref('business') },
    popular: false,
  },
];

/** The /pricing plan whose features the trial gives ('Pro'). */
export const trialPlan: PricingPlan = pricingPlans.find((p) => p.id === commercial.trialPlanId)!;
const freePlan: PricingPlan = pricingPlans.find((p) => p.id === 'free')!;

/** Percentage saved by paying yearly instead of 12 monthly payments, rounded to a whole percent. */
export function yearlySavingsPercent(plan: Pick<PricingPlan, 'monthlyPrice' | 'yearlyPrice'>): number {
  const twelveMonths = plan.monthlyPrice * 12;
  if (twelveMonths <= 0) return 0;
  return Math.round(((twelveMonths - plan.yearlyPrice) / twelveMonths) * 100);
}

/** The saving the yearly toggle advertises: the largest one across the paid plans ('Save 17%'). */
export function maxYearlySavingsPercent(plans: readonly PricingPlan[] = pricingPlans): number {
  return Math.max(0, ...plans.map(yearlySavingsPercent));
}

export function priceFor(plan: PricingPlan, period: BillingPeriod): { amount: number; suffix: '' | '/month' | '/year' } {
  if (plan.monthlyPrice === 0 && plan.yearlyPrice === 0) return { amount: 0, suffix: '' };
  return period === 'monthly' ? { amount: plan.monthlyPrice, suffix: '/month' } : { amount: plan.yearlyPrice, suffix: '/year' };
}

/** The trial and guarantees, phrased for the page; every number read from lib/config/commercial.ts. */
export const guarantees: string[] = [
  `${commercial.trialDays}-day free trial${commercial.trialNeedsCard ? '' : ', no credit card required'}`,
  `${commercial.moneyBackDays}-day money-back guarantee on paid plans`,
  commercial.setupFee === 0 ? 'No setup fees' : `Setup fee $${commercial.setupFee}`,
  commercial.planChangesImmediate ? 'Plan changes take effect immediately' : 'Plan changes apply from the next billing period',
  `Your account data is kept for ${commercial.dataRetentionDaysAfterCancellation} days after cancellation`,
];

export type Faq = { question: string; answer: string };

/** The four questions of the pricing FAQ (also published as FAQPage structured data). */
export const pricingFaqs: Faq[] = [
  {
    question: 'Is there a free trial?',
    answer: `Yes. Every new account starts with a ${commercial.trialDays}-day free trial with all ${trialPlan.name} features${
      commercial.trialNeedsCard ? '' : ', and no credit card is required'
    }. At the end of the trial you choose a paid plan or stay on ${freePlan.name}.`,
  },
  {
    question: 'Can I change my plan later?',
    answer: `Yes. You can upgrade or downgrade at any time from your account settings, and plan changes take effect ${
      commercial.planChangesImmediate ? 'immediately' : 'at the next billing period'
    }. There are ${commercial.setupFee === 0 ? 'no setup fees' : 'setup fees'} on any plan.`,
  },
  {
    question: 'What is your refund policy?',
    answer: `Paid plans come with a ${commercial.moneyBackDays}-day money-back guarantee. If Postcraft is not right for you, contact us within ${commercial.moneyBackDays} days of your first payment for a full refund.`,
  },
  {
    question: 'What happens to my data if I cancel?',
    answer: `We keep your account data (your schedules, captions, connected accounts and analytics) for ${commercial.dataRetentionDaysAfterCancellation} days after cancellation, so you can export it or pick up where you left off. After that it is permanently deleted. Your design files are never kept that long: we delete them and their resized copies within ${policy.designFileDeletionMinutes} minutes of processing, and the originals stay in your ${site.designTool} account.`,
  },
];
