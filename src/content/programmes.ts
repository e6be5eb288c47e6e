import { personIn, type Person } from './person-model';
import { commercial } from '@/lib/config/commercial';
import { responsePromises } from '@/lib/config/response-promises';
import { site } from '@/lib/config/site';

/**
 * Copy and constants of the three programme pages (/partners, /affiliate, /agency).
 * Their numbers live here once and are interpolated into the copy (kept exactly: docs/content.md).
 */
export const programmeTerms = {
  affiliateCommissionPercent: 30,
  affiliateCookieDays: commercial.affiliateCookieDays,
  affiliateAverageMonthlyEarnings: 2500,
  affiliateApprovalHours: responsePromises.affiliate.hours,
  /** The payment service affiliates are paid through, monthly. */
  affiliatePayoutService: 'PayPal or Stripe',
  partnerReplyHours: responsePromises.partner.hours,
  agencyReplyHours: responsePromises.agency.hours,
} as const;

export const usd = (n: number) => `$${n.toLocaleString('en-US')}`;

export type IconName =
  | 'megaphone'
  | 'headset'
  | 'coins'
  | 'rocket'
  | 'target'
  | 'pen'
  | 'calendar'
  | 'chart'
  | 'clock'
  | 'users'
  | 'trending'
  | 'link'
  | 'image'
  | 'mail'
  | 'wallet'
  | 'badge'
  | 'layout';

export type IconItem = { icon: IconName; title: string; description: string };

/** The seven partner marks of /partners: the design tool and the six platforms (neutral two-letter marks). */
export const partnerLogos = [
  { name: site.designTool, mark: 'Ca', description: 'Import designs straight from your Canva account and keep them in sync.' },
  { name: 'Instagram', mark: 'Ig', description: 'Feed posts, carousels, Reels and Stories, scheduled to the minute.' },
  { name: 'Facebook', mark: 'Fb', description: 'Publish to Facebook Pages with per-post captions and links.' },
  { name: 'LinkedIn', mark: 'In', description: 'Reach professionals on personal profiles and company pages.' },
  { name: 'X (Twitter)', mark: 'X', description: 'Single posts and threads with images, timed for your audience.' },
  { name: 'Pinterest', mark: 'Pi', description: 'Pins with titles, descriptions and destination links to any board.' },
  { name: 'TikTok', mark: 'Tk', description: 'Photo posts and videos to business and creator accounts.' },
] as const;

export const partnerBenefits: IconItem[] = [
  { icon: 'megaphone', title: 'Co-marketing', description: 'Joint webinars, case studies, newsletter features and launch campaigns to our 50,000+ creators.' },
  { icon: 'headset', title: 'Priority support', description: 'A dedicated partner manager and a priority support line for you and the customers you bring.' },
  { icon: 'coins', title: 'Revenue sharing', description: 'Earn a recurring share of revenue from every customer you refer or resell.' },
  { icon: 'rocket', title: 'Early access', description: 'Try new features and API endpoints before launch and shape the roadmap with our product team.' },
];

export const affiliateStats = [
  { value: `${programmeTerms.affiliateCommissionPercent}%`, label: 'Commission Rate' },
  { value: `${programmeTerms.affiliateCookieDays} days`, label: 'Cookie Duration' },
  { value: usd(programmeTerms.affiliateAverageMonthlyEarnings), label: 'Average Monthly Earnings' },
] as const;

export const affiliateFeatures = [
  `${programmeTerms.affiliateCommissionPercent}% recurring commission on every plan your referrals buy`,
  `${programmeTerms.affiliateCookieDays}-day cookie, so late sign-ups still count`,
  'Real-time dashboard of clicks, sign-ups and earnings',
  'Monthly payouts with no minimum contract',
  'Dedicated affiliate manager',
  'Exclusive discount codes for your audience',
];

export const affiliateMaterials = [
  'Banner ads in every standard size',
  'Ready-made social media posts and Canva templates',
  'Email swipe copy for newsletters',
  'Product demo videos and screenshots',
  'Comparison guides and case studies',
  'Brand guidelines and logo pack',
];

export const affiliateSteps = [
  { title: 'Sign Up', description: 'Fill in the short application below. It takes about two minutes.' },
  { title: 'Get Approved', description: `We review every application and reply within ${programmeTerms.affiliateApprovalHours} hours.` },
  { title: 'Share & Earn', description: `Share your link and earn ${programmeTerms.affiliateCommissionPercent}% on every customer you refer.` },
] as const;

export const affiliateProgrammeTerms = [
  { title: 'Monthly payouts', description: `Commissions are paid every month through ${programmeTerms.affiliatePayoutService}, once the refund window of a sale has passed.` },
  { title: `Approval within ${programmeTerms.affiliateApprovalHours} hours`, description: 'Every application is reviewed by a person, not by a script.' },
  { title: 'Dedicated support', description: `Your affiliate manager answers at ${site.contacts.affiliates} and helps you plan campaigns that convert.` },
] as const;

export const agencyServices: IconItem[] = [
  { icon: 'target', title: 'Social Media Strategy', description: 'An audit of your channels, audience research and a 90-day plan with clear goals.' },
  { icon: 'pen', title: 'Content Creation', description: 'On-brand posts, carousels and short videos designed in Canva by our creative team.' },
  { icon: 'calendar', title: 'Automated Posting', description: 'Every post scheduled at the best time on all six platforms, with nothing for you to do.' },
  { icon: 'chart', title: 'Analytics & Reporting', description: 'Monthly white-label reports on reach, engagement and leads, with what we change next.' },
];

export const agencyBenefits: IconItem[] = [
  { icon: 'clock', title: 'Save 20+ hours weekly', description: 'Hand over planning, design and posting, and get back to running your business.' },
  { icon: 'users', title: 'Grow your audience', description: 'Consistent, data-driven content that reaches new followers on every platform.' },
  { icon: 'trending', title: 'Increase conversions', description: 'Posts built around your offers, with links and lead tracking that turn followers into customers.' },
];

/** A client's quote; name, role and company come from src/content/people, never typed here. */
export type Testimonial = Person & { content: string; rating: 5; results: string };

/** The client quotes of /agency, by people of src/content/people. */
export const agencyTestimonialsOf = (people: readonly Person[]): Testimonial[] => [
  {
    ...personIn(people, 'maya-hoffman'),
    content: 'They took our social media off my plate completely. The posts look better than anything I made myself, and they go out like clockwork.',
    rating: 5,
    results: '3x more enquiries in 3 months',
  },
  {
    ...personIn(people, 'jordan-ellis'),
    content: 'The monthly reports finally show us what works. Our class bookings from Instagram have never been higher.',
    rating: 5,
    results: '+180% Instagram followers',
  },
  {
    ...personIn(people, 'sofia-marchetti'),
    content: 'A real team that knows our voice. We get almost three working days back every week, and our weekend tables are booked out.',
    rating: 5,
    results: 'Saved 22 hours a week',
  },
];
