import type { LeadEndpointName } from '@/lib/leads/endpoints';
import { commercial } from './commercial';
import { responsePromises } from './response-promises';
import { site } from './site';

/**
 * Every public route with its metadata, heading and intro line (the route list is fixed: docs/content.md).
 * Pages take their <title>, description and canonical from here; the sitemap lists them all.
 */
export type RouteInfo = {
  path: string;
  /** <title> without the brand (lib/metadata.ts appends it, except on home). */
  title: string;
  description: string;
  heading: string;
  intro: string;
  /**
   * The lead forms on the page (their names are the `forms` of lib/leads/kinds.ts): a post without JavaScript
   * to `<path>?form=<name>` is answered by this page (lib/leads/endpoints.ts `formPages`). A form of the
   * registry that no route names (nor `everyPageForms`) is a type error below.
   */
  forms?: readonly LeadEndpointName[];
};

export const routes = [
  {
    path: '/',
    title: `${site.name}: From Canva to Social Media In One Click`,
    description:
      'Create in Canva, then publish or schedule to Instagram, Facebook, LinkedIn, X, Pinterest and TikTok in one click. Trusted by 50,000+ creators.',
    heading: 'From Canva to Social Media In One Click',
    intro:
      'Create, schedule and post your Canva designs to every platform without downloading, resizing or re-uploading.',
  },
  {
    path: '/features',
    title: 'Features',
    description:
      'One-click publishing to six platforms, a content calendar, AI posting times, a unified inbox with CRM, templates and team workflows.',
    heading: 'Everything you need to publish faster',
    intro: 'From the design you just finished to a scheduled post on six platforms, with the tools to plan, reply and measure.',
  },
  {
    path: '/pricing',
    title: 'Pricing',
    description: 'Simple pricing for creators and teams: start free, upgrade to Pro or Business. Monthly or yearly billing, save 17% yearly.',
    heading: 'Simple, transparent pricing',
    intro: 'Start free for 14 days, no credit card required. Upgrade when you are ready.',
  },
  {
    path: '/templates',
    title: 'Templates',
    description: 'Browse ready-made templates for Instagram, LinkedIn, Facebook, X, Pinterest, YouTube and TikTok, and publish them in one click.',
    heading: 'Templates for every platform',
    intro: 'Start from a professionally designed template, make it yours in Canva, and publish it everywhere.',
  },
  {
    path: '/about',
    title: 'About Us',
    description: `The story, values and team behind ${site.name}, the fastest way from a Canva design to a published post.`,
    heading: `About ${site.name}`,
    intro: 'We build the shortest path from a finished design to a post your audience sees.',
  },
  {
    path: '/contact',
    title: 'Contact Us',
    description: `Write to the ${site.name} sales, support or press team, or send us a message: each channel states when you hear from us.`,
    heading: 'Get in touch',
    intro: 'Questions about the product, pricing or your account? Our team is here to help.',
    forms: ['contact'],
  },
  {
    path: '/api',
    title: 'API',
    description: `The ${site.name} REST API: publish posts, read analytics and run campaigns from your own code. Plans from $29 a month.`,
    heading: `Build on the ${site.name} API`,
    intro: 'Publish and schedule posts, read analytics and manage campaigns programmatically.',
  },
  {
    path: '/mobile',
    title: 'Mobile App',
    description: `${site.name} for iOS and Android: schedule, approve and publish your designs from anywhere.`,
    heading: `${site.name} in your pocket`,
    intro: 'Schedule, approve and publish from your phone, wherever inspiration strikes.',
  },
  {
    path: '/careers',
    title: 'Careers',
    description: `Join the ${site.name} team. Remote-friendly roles in engineering, product, design, marketing, sales and operations.`,
    heading: 'Build the future of social publishing',
    intro: 'Join a small, remote-friendly team helping 50,000+ creators publish faster.',
  },
  {
    path: '/blog',
    title: 'Blog',
    description: `Social media strategy, marketing tips, product updates, tutorials and industry news from the ${site.name} team.`,
    heading: `The ${site.name} Blog`,
    intro: 'Strategy, tutorials and news to help you grow on every platform.',
    forms: ['newsletter-blog'],
  },
  {
    path: '/press',
    title: 'Press',
    description: `${site.name} press releases, media kit, awards and press contacts.`,
    heading: 'Press & Media',
    intro: `News, resources and contacts for journalists writing about ${site.name}.`,
  },
  {
    path: '/partners',
    title: 'Partner Program',
    description: `Become a ${site.name} partner: co-marketing, priority support, revenue sharing and early access to new features.`,
    heading: `Partner with ${site.name}`,
    intro: 'Grow together with the platform that connects Canva to every major social network.',
    forms: ['partner'],
  },
  {
    path: '/affiliate',
    title: 'Affiliate Program',
    description: `Earn 30% recurring commission with a ${commercial.affiliateCookieDays}-day cookie by recommending ${site.name}. Monthly payouts, approval within ${responsePromises.affiliate.hours} hours.`,
    heading: `Join the ${site.name} Affiliate Program`,
    intro: 'Earn 30% commission on every customer you refer, paid monthly.',
    forms: ['affiliate'],
  },
  {
    path: '/agency',
    title: 'Social Media Agency Services',
    description:
      `Let our team run your social media: strategy, content creation, automated posting and analytics. Get a custom proposal within ${responsePromises.agency.hours} hours.`,
    heading: 'Done-for-you social media management',
    intro: 'Strategy, content creation, automated posting and analytics, handled by our experts.',
    forms: ['agency'],
  },
  {
    path: '/privacy',
    title: 'Privacy Policy',
    description: `How ${site.name} collects, uses, protects and deletes your personal data.`,
    heading: 'Privacy Policy',
    intro: 'How we collect, use and protect your information.',
  },
  {
    path: '/terms',
    title: 'Terms of Service',
    description: `The terms that govern your use of ${site.name}.`,
    heading: 'Terms of Service',
    intro: `The agreement between you and ${site.name} when you use our service.`,
  },
  {
    path: '/cookies',
    title: 'Cookie Policy',
    description: `Which cookies the ${site.name} website sets and why.`,
    heading: 'Cookie Policy',
    intro: 'What cookies are, which ones this site sets, and how to control them.',
  },
  {
    path: '/gdpr',
    title: 'GDPR',
    description: `Your rights under the GDPR and how to exercise them with ${site.name}: access, rectification, erasure and portability.`,
    heading: 'GDPR Compliance',
    intro: 'Your data, your rights. Here is how we protect them and how you can exercise them.',
    forms: ['data-request'],
  },
  {
    path: '/security',
    title: 'Security',
    description: `How ${site.name} protects your data: encryption, access control, audits, certifications and incident response.`,
    heading: `Security at ${site.name}`,
    intro: 'Your designs and data are protected by industry-leading security practices.',
  },
  {
    path: '/signup',
    title: 'Start Your Free Trial',
    description: `Start your ${commercial.trialDays}-day free trial of ${site.name}: choose a plan and monthly or yearly billing${commercial.trialNeedsCard ? '' : ', no credit card required'}.`,
    heading: 'Start your free trial',
    intro: `Try ${site.name} free for ${commercial.trialDays} days${commercial.trialNeedsCard ? '' : ', no credit card required'}. Choose a plan now and change it at any time.`,
    forms: ['trial'],
  },
] as const satisfies readonly RouteInfo[];

export type RoutePath = (typeof routes)[number]['path'];

/** The forms some route names in its `forms`. */
type FormsOnRoutes = Extract<(typeof routes)[number], { forms: readonly string[] }>['forms'][number];
/** Every form of the registry is on a page: a new kind's form names its route above (or TypeScript names the form). */
type FormsWithoutPage = Exclude<LeadEndpointName, FormsOnRoutes | 'newsletter-footer'>;
const everyFormHasAPage: [FormsWithoutPage] extends [never] ? true : { formWithoutPage: FormsWithoutPage } = true;
void everyFormHasAPage;

export function getRoute(path: RoutePath): RouteInfo {
  const route = routes.find((r) => r.path === path);
  if (!route) throw new Error(`Unknown route ${path}`);
  return route;
}
