import { site } from '@/lib/config/site';
import { contactHref } from '@/lib/leads/signup';

/** The /api page: the three sample tabs and the API plans (field names and prices kept exactly: docs/content.md). */
export const apiBaseUrl = `https://api.${site.domain}`;

export type ApiSample = {
  value: 'posts' | 'analytics' | 'campaigns';
  label: 'Posts' | 'Analytics' | 'Campaigns';
  summary: string;
  method: 'GET' | 'POST';
  path: string;
  /** The request as a shell command (the copy button copies exactly this). */
  request: string;
  /** The response body. */
  response: unknown;
};

const postRequestBody = {
  content: 'Our summer collection is live!',
  platforms: ['instagram', 'facebook', 'linkedin'],
  schedule_time: '2026-06-01T09:00:00Z',
  media_urls: [`https://cdn.${site.domain}/designs/summer-launch.png`],
  hashtags: ['summer', 'newarrivals'],
};

const campaignRequestBody = {
  name: 'Summer Launch 2026',
  description: 'Three weeks of posts for the summer collection.',
  start_date: '2026-06-01',
  end_date: '2026-06-21',
  posts: ['post_8f3a2c91', 'post_1b7e4d02', 'post_c45f9a17'],
};

function curl(method: 'GET' | 'POST', url: string, body?: unknown): string {
  const lines = [`curl -X ${method} "${url}"`, '  -H "Authorization: Bearer $POSTCRAFT_API_KEY"'];
  if (body !== undefined) lines.push('  -H "Content-Type: application/json"', `  -d '${JSON.stringify(body, null, 2).replace(/\n/g, '\n  ')}'`);
  return lines.join(' \\\n');
}

export const apiSamples: ApiSample[] = [
  {
    value: 'posts',
    label: 'Posts',
    summary: 'Create a post and schedule it to several platforms at once.',
    method: 'POST',
    path: '/api/v1/posts',
    request: curl('POST', `${apiBaseUrl}/api/v1/posts`, postRequestBody),
    response: {
      id: 'post_8f3a2c91',
      status: 'scheduled',
      platforms: { instagram: 'pending', facebook: 'pending', linkedin: 'pending' },
      scheduled_for: '2026-06-01T09:00:00Z',
      created_at: '2026-05-28T14:32:10Z',
    },
  },
  {
    value: 'analytics',
    label: 'Analytics',
    summary: 'Read reach and engagement for a date range, for one platform or all of them.',
    method: 'GET',
    path: '/api/v1/analytics',
    request: curl('GET', `${apiBaseUrl}/api/v1/analytics?start_date=2026-05-01&end_date=2026-05-31&platform=instagram`),
    response: {
      metrics: { total_posts: 42, total_reach: 128450, total_engagement: 9876, engagement_rate: 7.69 },
      posts: [
        { id: 'post_8f3a2c91', reach: 15230, likes: 1204, comments: 87, shares: 45 },
        { id: 'post_1b7e4d02', reach: 12880, likes: 998, comments: 64, shares: 31 },
      ],
    },
  },
  {
    value: 'campaigns',
    label: 'Campaigns',
    summary: 'Group scheduled posts into a campaign with a start and end date.',
    method: 'POST',
    path: '/api/v1/campaigns',
    request: curl('POST', `${apiBaseUrl}/api/v1/campaigns`, campaignRequestBody),
    response: {
      id: 'camp_5d21e8b4',
      name: 'Summer Launch 2026',
      status: 'active',
      posts_count: 3,
      created_at: '2026-05-28T14:35:02Z',
    },
  },
];

export type ApiPlan = {
  name: 'Starter' | 'Professional' | 'Enterprise';
  /** Whole US dollars per month; null for a custom price. */
  price: number | null;
  /** Requests per month and per hour; null for unlimited. */
  monthlyRequests: number | null;
  hourlyRequests: number | null;
  features: string[];
  /** 'Get API Key' or 'Contact Sales': the contact form, the plan preset as its subject (keys are issued by the product). */
  cta: { label: string; href: string };
  popular: boolean;
};

/** The API plans (kept exactly: docs/content.md). */
export const apiPlans: ApiPlan[] = [
  {
    name: 'Starter',
    price: 29,
    monthlyRequests: 10_000,
    hourlyRequests: 100,
    features: ['Posts, analytics and campaigns endpoints', 'Email support'],
    cta: { label: 'Get API Key', href: contactHref('api-starter') },
    popular: false,
  },
  {
    name: 'Professional',
    price: 99,
    monthlyRequests: 100_000,
    hourlyRequests: 1000,
    features: ['Everything in Starter', 'Webhooks', 'Priority support'],
    cta: { label: 'Get API Key', href: contactHref('api-professional') },
    popular: true,
  },
  {
    name: 'Enterprise',
    price: null,
    monthlyRequests: null,
    hourlyRequests: null,
    // 'No rate limits' is the card's hourly limit line (api-pricing.tsx), not repeated here.
    features: ['Everything in Professional', 'Dedicated support and SLA'],
    cta: { label: 'Contact Sales', href: contactHref('api-enterprise') },
    popular: false,
  },
];

export function formatLimit(n: number | null, unit: 'month' | 'hour'): string {
  if (n === null) return 'Unlimited';
  return `${n.toLocaleString('en-US')} requests/${unit}`;
}

export const apiHighlights = [
  { title: 'REST and JSON', description: 'Predictable resource URLs, standard HTTP verbs and JSON everywhere.' },
  { title: 'Fast', description: 'Responses in under 100ms at the median, from a global edge.' },
  { title: 'Secure', description: 'Bearer API keys, scoped per workspace, over 256-bit SSL.' },
] as const;
