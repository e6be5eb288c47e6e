import type { IconItem } from './programmes';

/** Department filter of /careers, 'All' first. */
export const departments = ['All', 'Engineering', 'Product', 'Design', 'Marketing', 'Sales', 'Operations'] as const;
export type Department = Exclude<(typeof departments)[number], 'All'>;

export type Job = {
  id: string;
  title: string;
  department: Department;
  location: string;
  type: 'Full-time' | 'Part-time' | 'Contract';
  experience: string;
  description: string;
  requirements: string[];
  /** ISO date the position was posted (JobPosting.datePosted). */
  posted: string;
  /** Where applicants may live (remote roles) and/or the office (hybrid roles), for JobPosting JSON-LD. */
  remoteIn?: { kind: 'Country' | 'AdministrativeArea'; name: string }[];
  office?: { city: string; region: string; country: string };
};


export const jobs: Job[] = [
  {
    id: 'senior-full-stack-engineer',
    title: 'Senior Full-Stack Engineer',
    department: 'Engineering',
    location: 'Remote (US)',
    remoteIn: [{ kind: 'Country', name: 'US' }],
    type: 'Full-time',
    experience: '5+ years',
    description: 'Build the publishing pipeline that turns Canva designs into scheduled posts on six platforms, from the React front end to the Node.js services behind it.',
    requirements: ['5+ years building web applications with TypeScript', 'Experience with React and Node.js in production', 'Comfort with PostgreSQL and queue-based systems', 'Clear written communication in a remote team'],
    posted: '2026-11-02',
  },
  {
    id: 'platform-integrations-engineer',
    title: 'Platform Integrations Engineer',
    department: 'Engineering',
    location: 'Remote (US or Canada)',
    remoteIn: [{ kind: 'Country', name: 'US' }, { kind: 'Country', name: 'CA' }],
    type: 'Full-time',
    experience: '3+ years',
    description: 'Own our connections to the social platforms\u2019 APIs: publishing, media uploads, webhooks and rate limits, kept reliable at millions of posts a month.',
    requirements: ['3+ years working with third-party REST APIs and OAuth', 'Experience with retries, idempotency and webhooks', 'Solid testing habits', 'Curiosity about how social platforms work'],
    posted: '2026-10-27',
  },
  {
    id: 'mobile-engineer',
    title: 'Mobile Engineer (React Native)',
    department: 'Engineering',
    location: 'Remote (Europe)',
    remoteIn: [{ kind: 'AdministrativeArea', name: 'Europe' }],
    type: 'Full-time',
    experience: '4+ years',
    description: 'Shape our iOS and Android apps so creators can approve, schedule and publish from their phones.',
    requirements: ['4+ years building mobile apps, 2+ with React Native', 'Apps shipped to the App Store and Google Play', 'An eye for smooth, accessible interfaces'],
    posted: '2026-10-20',
  },
  {
    id: 'senior-product-manager',
    title: 'Senior Product Manager',
    department: 'Product',
    location: 'San Francisco, CA (Hybrid)',
    office: { city: 'San Francisco', region: 'CA', country: 'US' },
    type: 'Full-time',
    experience: '6+ years',
    description: 'Lead the roadmap for campaign planning and the content calendar, working with creators, agencies and our engineering team.',
    requirements: ['6+ years of product management in B2B or creator SaaS', 'A track record of shipping features customers love', 'Comfort with data, interviews and experiments'],
    posted: '2026-11-05',
  },
  {
    id: 'product-designer',
    title: 'Product Designer',
    department: 'Design',
    location: 'Remote (US)',
    remoteIn: [{ kind: 'Country', name: 'US' }],
    type: 'Full-time',
    experience: '3+ years',
    description: 'Design the flows our customers use every day, from connecting Canva to analysing their best posts, in close partnership with product and engineering.',
    requirements: ['A portfolio of shipped product design work', '3+ years designing web applications', 'Experience with design systems and accessibility'],
    posted: '2026-11-09',
  },
  {
    id: 'brand-designer',
    title: 'Brand & Motion Designer',
    department: 'Design',
    location: 'Remote (US or Canada)',
    remoteIn: [{ kind: 'Country', name: 'US' }, { kind: 'Country', name: 'CA' }],
    type: 'Contract',
    experience: '2+ years',
    description: 'Create templates, launch visuals and short animations that show what our product can do.',
    requirements: ['A portfolio of brand and motion work', 'Fluency in Canva, Figma and After Effects', 'Able to work to weekly deadlines'],
    posted: '2026-10-30',
  },
  {
    id: 'content-marketing-manager',
    title: 'Content Marketing Manager',
    department: 'Marketing',
    location: 'Remote (US)',
    remoteIn: [{ kind: 'Country', name: 'US' }],
    type: 'Full-time',
    experience: '4+ years',
    description: 'Run our blog, newsletter and guides: stories and tutorials that help creators grow and bring them to our product.',
    requirements: ['4+ years in content marketing for a software company', 'Excellent writing and editing', 'Experience with SEO and content analytics'],
    posted: '2026-11-12',
  },
  {
    id: 'social-media-specialist',
    title: 'Social Media Specialist',
    department: 'Marketing',
    location: 'London, UK (Hybrid)',
    office: { city: 'London', region: 'England', country: 'GB' },
    type: 'Part-time',
    experience: '2+ years',
    description: 'Run our own channels with our own product, and show our community what great social media looks like.',
    requirements: ['2+ years managing brand social accounts', 'A feel for short video and trends', 'Comfort with analytics and reporting'],
    posted: '2026-11-01',
  },
  {
    id: 'account-executive',
    title: 'Account Executive, Agencies',
    department: 'Sales',
    location: 'New York, NY (Hybrid)',
    office: { city: 'New York', region: 'NY', country: 'US' },
    type: 'Full-time',
    experience: '3+ years',
    description: 'Help marketing agencies move their clients\u2019 publishing to our Business plan, from first demo to signed contract.',
    requirements: ['3+ years closing SaaS deals', 'Experience selling to agencies or marketing teams', 'A consultative, honest selling style'],
    posted: '2026-11-03',
  },
  {
    id: 'customer-success-lead',
    title: 'Customer Success Lead',
    department: 'Operations',
    location: 'Remote (US)',
    remoteIn: [{ kind: 'Country', name: 'US' }],
    type: 'Full-time',
    experience: '5+ years',
    description: 'Build the team that answers our customers within hours and helps them get the most from the product.',
    requirements: ['5+ years in customer support or success, 2+ leading a team', 'Experience with help-desk tools and support metrics', 'Calm under pressure and kind to everyone'],
    posted: '2026-10-25',
  },
];

const unique = (items: string[]) => [...new Set(items)];
const listText = (items: string[], last: 'and' | 'or') =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
/** How the job locations name a country ('Remote (US or Canada)'). */
const countryNames: Record<string, string> = { US: 'the US', CA: 'Canada', GB: 'the UK' };

/** Where the listed positions can be done, from the jobs themselves (so the perk and the list agree). */
export function workLocations(list: readonly Job[] = jobs) {
  return {
    remote: unique(list.flatMap((j) => (j.remoteIn ?? []).map((r) => (r.kind === 'Country' ? (countryNames[r.name] ?? r.name) : r.name)))),
    offices: unique(list.flatMap((j) => (j.office ? [j.office.city] : []))),
  };
}

/** 'Work remotely from the US, Canada or Europe, or hybrid from our San Francisco, London and New York offices' */
function whereYouCanWork(): string {
  const { remote, offices } = workLocations();
  const parts = [
    remote.length ? `remotely from ${listText(remote, 'or')}` : '',
    offices.length ? `hybrid from our ${listText(offices, 'and')} office${offices.length > 1 ? 's' : ''}` : '',
  ].filter(Boolean);
  return `Work ${parts.join(', or ')}`;
}

/** The perks of /careers; the remote perk states the locations of the listed jobs. */
export const perks: IconItem[] = [
  { icon: 'layout', title: 'Remote-first', description: `${whereYouCanWork()}, with a yearly team retreat.` },
  { icon: 'headset', title: 'Health & wellness', description: 'Full medical, dental and vision cover for you and your family, plus a wellness stipend.' },
  { icon: 'coins', title: 'Equity for everyone', description: 'Every employee owns part of the company through stock options.' },
  { icon: 'calendar', title: 'Flexible time off', description: '25 days of paid leave, public holidays and a company-wide week off in December.' },
  { icon: 'rocket', title: 'Learning budget', description: '$1,500 a year for courses, books and conferences of your choice.' },
  { icon: 'image', title: 'Home office setup', description: 'A $1,000 budget for your desk, chair and the gear you need to do your best work.' },
];
