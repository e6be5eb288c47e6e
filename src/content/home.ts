import { personIn, type Person } from './person-model';
import { pricingPlans, trialPlan, type PricingPlan } from './pricing';
import { site } from '@/lib/config/site';
import { signupHref } from '@/lib/leads/signup';

/** Copy of the home page that is a list: stats, testimonials, logos, features, comparison, steps, plans. */

export type Stat = { value: string; label: string };

/** The row of three stats under the hero (marketing claims, kept exactly: docs/content.md). */
export const heroStats: Stat[] = [
  { value: '2M+', label: 'Posts created' },
  { value: '50K+', label: 'Happy users' },
  { value: '5x', label: 'Faster posting' },
];

/** A quote by a person of src/content/people (name, role and company come from there, never typed here). */
export type Testimonial = Person & {
  /** Initials shown in the avatar circle (the person's initials). */
  avatar: string;
  content: string;
  rating: 5;
  results: string;
};

const quote = (person: Person, q: Pick<Testimonial, 'content' | 'rating' | 'results'>): Testimonial => ({ ...person, avatar: person.initials, ...q });

/** The three testimonial cards of /, by people of src/content/people. */
export const testimonialsOf = (people: readonly Person[]): Testimonial[] => [
  quote(personIn(people, 'sarah-chen'), {
    content:
      `I design everything in ${site.designTool}. With ${site.name} a finished design is scheduled on six platforms before my coffee gets cold. No more downloading, resizing and re-uploading.`,
    rating: 5,
    results: 'Saves 12 hours every week',
  }),
  quote(personIn(people, 'marcus-johnson'), {
    content:
      'Bulk scheduling alone paid for the plan. I plan a month of class announcements in one sitting, and every post goes out on all six platforms while I am coaching.',
    rating: 5,
    results: '3x more engagement in 60 days',
  }),
  quote(personIn(people, 'priya-patel'), {
    content:
      'We run 14 client accounts with a team of four. Approval workflows and white-label reports turned a chaotic week into a calm, predictable one.',
    rating: 5,
    results: '14 client accounts, one dashboard',
  }),
];

export type BrandLogo = { name: string; logo: string };

/** Six placeholder customer brands, shown as two-letter marks. */
export const brandLogos: BrandLogo[] = [
  { name: 'Brightwave', logo: 'BW' },
  { name: 'Cedar Labs', logo: 'CL' },
  { name: 'Nova Retail', logo: 'NR' },
  { name: 'Peak Studio', logo: 'PS' },
  { name: 'Orbit Media', logo: 'OM' },
  { name: 'Tandem Co.', logo: 'TC' },
];

export const trustBadges = ['SOC 2 certified', '256-bit SSL', '99.9% uptime'] as const;

export type IconName =
  | 'send'
  | 'calendar'
  | 'sparkles'
  | 'chart'
  | 'layout'
  | 'inbox'
  | 'users'
  | 'languages'
  | 'smartphone'
  | 'target'
  | 'file-chart'
  | 'zap';

export type Feature = { icon: IconName; title: string; description: string };

/** The home feature grid. */
export const homeFeatures: Feature[] = [
  {
    icon: 'send',
    title: 'One-click publishing',
    description: `Send one ${site.designTool} design to Instagram, Facebook, LinkedIn, X, Pinterest and TikTok at once, resized for each.`,
  },
  { icon: 'calendar', title: 'Content calendar', description: 'Plan campaigns week by week and drag posts to a new slot when plans change.' },
  { icon: 'sparkles', title: 'AI posting times', description: 'We learn when your audience is active and suggest the best time for every post.' },
  { icon: 'inbox', title: 'Unified inbox & CRM', description: 'Every direct message in one place, with lead tags and quick replies.' },
  { icon: 'chart', title: 'Analytics that matter', description: 'Reach, engagement and growth per platform and per campaign, in one report.' },
  { icon: 'users', title: 'Built for teams', description: 'Role-based permissions and approval workflows keep every post on brand.' },
];

export type ComparisonValue = boolean | string;
export type ComparisonRow = { feature: string; product: ComparisonValue; manual: ComparisonValue; competitors: ComparisonValue };

/** Feature vs this product vs manual work vs competitors. */
export const comparisonColumns = { feature: 'Feature', product: site.name, manual: 'Manual work', competitors: 'Competitors' } as const;

export const comparisonRows: ComparisonRow[] = [
  { feature: 'Time to publish one design everywhere', product: 'Under 1 minute', manual: '30+ minutes', competitors: '10 minutes' },
  { feature: `Direct ${site.designTool} import`, product: true, manual: false, competitors: false },
  { feature: 'Automatic resizing per platform', product: true, manual: false, competitors: 'Partial' },
  { feature: 'Publish to 6 platforms at once', product: true, manual: false, competitors: true },
  { feature: 'AI-suggested posting times', product: true, manual: false, competitors: 'Paid add-on' },
  { feature: 'Unified inbox with lead tagging', product: true, manual: false, competitors: false },
  { feature: 'Response time', product: 'Under 100ms', manual: 'Not applicable', competitors: '300ms+' },
];

export type Step = { title: string; description: string };

export const howItWorks: Step[] = [
  { title: `Connect ${site.designTool}`, description: `Sign in with your ${site.designTool} account and your designs appear in ${site.name}. No downloads.` },
  { title: 'Pick platforms and a time', description: 'Choose where it goes, tweak the caption per network, or let AI pick the best time.' },
  { title: 'Publish and measure', description: 'Post now or schedule it, then watch reach and engagement roll in on one dashboard.' },
];

export type Platform = { id: string; name: string; kind: string };

/** The design tool and the six publishing platforms (shown with neutral monochrome marks). */
export const designToolIntegration: Platform = { id: 'canva', name: site.designTool, kind: 'Design editor' };

export const platforms: Platform[] = [
  { id: 'instagram', name: 'Instagram', kind: 'Posts, Reels and Stories' },
  { id: 'facebook', name: 'Facebook', kind: 'Pages' },
  { id: 'linkedin', name: 'LinkedIn', kind: 'Profiles and Company Pages' },
  { id: 'x', name: 'X (Twitter)', kind: 'Posts and threads' },
  { id: 'pinterest', name: 'Pinterest', kind: 'Pins and boards' },
  { id: 'tiktok', name: 'TikTok', kind: 'Videos and photo posts' },
];

/** The stats beside the testimonials band. */
export const proofStats: Stat[] = [
  { value: '4.9', label: 'Average rating' },
  { value: '10+', label: 'Hours saved weekly' },
  { value: '<100ms', label: 'Response time' },
  { value: '50K+', label: 'Happy users' },
];

export type HomePlan = {
  name: string;
  /** Whole US dollars. */
  price: number;
  period: '' | 'month';
  description: string;
  features: string[];
  popular: boolean;
};

/** The home plan at the trial plan's price (the home page names the /pricing plans differently). */
const trialPlanHomeName = 'Starter';

/** The home page plans (names and contents differ from /pricing on purpose: both stand, see docs/content.md). */
export const homePlans: HomePlan[] = [
  {
    name: 'Free Trial',
    price: 0,
    period: '',
    description: 'See how fast publishing can be.',
    features: ['5 posts per month', '3 platforms', 'Basic analytics', 'Email support'],
    popular: false,
  },
  {
    name: trialPlanHomeName,
    // The /pricing Pro plan's price: the plan the trial gives.
    price: trialPlan.monthlyPrice,
    period: 'month',
    description: 'Everything a creator needs to post every day.',
    features: ['Unlimited posts', 'All integrations', 'Full CRM', 'Campaign automation', 'Bulk scheduling'],
    popular: true,
  },
  {
    name: 'Pro',
    // The /pricing Business plan's price (one price, two names: docs/content.md).
    price: pricingPlans.find((p) => p.id === 'business')!.monthlyPrice,
    period: 'month',
    description: 'For teams and agencies that run many brands.',
    features: ['Everything in Starter', 'Team collaboration', 'White-label', 'SLA', 'Account manager'],
    popular: false,
  },
];

/** The /pricing plan of a home card: the one of the same monthly price (one price, two names: docs/content.md). */
export const pricingPlanOf = (plan: HomePlan): PricingPlan => {
  const found = pricingPlans.find((p) => p.monthlyPrice === plan.price);
  if (!found) throw new Error(`the home plan "${plan.name}" costs $${plan.price}, which no /pricing plan does`);
  return found;
};

/** Where a home card's button leads: the trial of its /pricing plan, billed monthly as the card shows it, or sales. */
export function homePlanHref(plan: HomePlan): string {
  const pricing = pricingPlanOf(plan);
  return 'href' in pricing.cta ? pricing.cta.href : signupHref(pricing.id, 'monthly');
}

export function formatPrice(amount: number): string {
  return `$${amount.toLocaleString('en-US')}`;
}

/** The quote of the testimonials-with-stats band. */
export const featuredTestimonialOf = (people: readonly Person[]): Testimonial => quote(personIn(people, 'daniel-okafor'), {
  content: 'We used to lose a full day a week to exporting, resizing and uploading. Now the whole team schedules a week of content in an hour.',
  rating: 5,
  results: 'A week of content in one hour',
});
