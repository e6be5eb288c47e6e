import { people, type Person } from './people';

/** Category filter of /blog, 'All' first. */
export const blogCategories = ['All', 'Social Media', 'Marketing', 'Product Updates', 'Tutorials', 'Industry News'] as const;
export type BlogCategory = Exclude<(typeof blogCategories)[number], 'All'>;

/**
 * An article's author: a person of content/people.ts (name, role and company come from there, never typed
 * here; the objects are the registry's). The type names only what pages read.
 */
export type Author = Pick<Person, 'name' | 'role'>;

export type Article = {
  slug: string;
  title: string;
  excerpt: string;
  /** Cover image (a generated SVG, see `cover`). */
  image: string;
  author: Author;
  /** ISO date of publication. */
  date: string;
  /** 'N min read', computed from the body's word count (`readTimeFor`), never typed. */
  readTime: string;
  category: BlogCategory;
  featured?: boolean;
  trending?: boolean;
  body: { heading: string; paragraphs: string[] }[];
};

/** Each article's cover, drawn at build time by src/pages/blog/[slug]/cover.svg.ts. */
export const cover = (slug: string) => `/blog/${slug}/cover.svg`;

/** Reading speed of the read times, in words per minute. */
export const wordsPerMinute = 200;

/** The words of an article's body: its section headings and paragraphs. */
export function wordCount(body: Article['body']): number {
  return body
    .flatMap((s) => [s.heading, ...s.paragraphs])
    .join(' ')
    .split(/\s+/)
    .filter(Boolean).length;
}

/** 'N min read' at `wordsPerMinute`, rounded, at least 1 minute. */
export function readTimeFor(body: Article['body']): string {
  return `${Math.max(1, Math.round(wordCount(body) / wordsPerMinute))} min read`;
}

const numberWords = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
/** A count in words ('five'), as copy says it; digits above twelve. */
const inWords = (n: number) => numberWords[n] ?? String(n);
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** 'a, b and c' */
const listText = (items: readonly string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

const authors = {
  elena: people.elenaPark,
  marcus: people.marcusReid,
  priya: people.priyaShah,
  tom: people.tomBecker,
} satisfies Record<string, Author>;

/** The ways of the small-business budget article: its sections, which its excerpt counts. */
const budgetWays: Article['body'] = [
  { heading: 'Repurpose everything', paragraphs: ['One good idea can be a carousel, a short video, a LinkedIn post and a newsletter section. Design once, adapt the format, publish everywhere.'] },
  { heading: 'Automate the busywork', paragraphs: ['Scheduling, resizing and cross-posting are tasks a tool should do. Spend your hours on ideas and conversations instead.'] },
];

/** The carousel formats of the carousel article, which its title and excerpt count. */
const carouselFormats = ['Step-by-step guides', 'before and after', 'myths versus facts', 'mini case studies', 'checklists'];

type ArticleDraft = Omit<Article, 'readTime'>;

const drafts: ArticleDraft[] = [
  {
    slug: 'social-media-strategy-2027',
    title: 'The Complete Social Media Strategy Guide for 2027',
    excerpt: 'Everything you need to plan, create and publish a year of content across six platforms, with templates and a calendar you can copy.',
    image: cover('social-media-strategy-2027'),
    author: authors.elena,
    date: '2026-11-18',
    category: 'Social Media',
    featured: true,
    trending: true,
    body: [
      { heading: 'Start from goals, not platforms', paragraphs: ['A strategy begins with what you want social media to do for your business: awareness, leads, sales or community. Pick one main goal for the year and two supporting ones, and measure everything against them.', 'Only then choose where to show up. Most small teams do better on three platforms done well than on six done badly.'] },
      { heading: 'Build content pillars', paragraphs: ['Three to five recurring themes keep your feed recognisable and make planning fast. For a bakery that might be behind the scenes, new products, customer stories and baking tips.'] },
      { heading: 'Plan a month at a time', paragraphs: ['Batch your designs in Canva, schedule a month in one sitting, and leave room for timely posts. A content calendar shows the gaps before your audience does.'] },
    ],
  },
  {
    slug: 'best-times-to-post',
    title: 'The Best Times to Post on Every Platform, Backed by 2M Posts',
    excerpt: 'We analysed two million posts published with our product to find when audiences engage most on Instagram, LinkedIn, TikTok and more.',
    image: cover('best-times-to-post'),
    author: authors.priya,
    date: '2026-11-11',
    category: 'Social Media',
    trending: true,
    body: [
      { heading: 'What we measured', paragraphs: ['We looked at engagement in the first 24 hours after publishing, by platform, weekday and local hour of the audience.'] },
      { heading: 'The short answer', paragraphs: ['Weekday mornings win on LinkedIn, lunchtimes and evenings on Instagram, and late evenings on TikTok. But your own audience matters more than any average, which is why our AI suggests times from your own results.'] },
    ],
  },
  {
    slug: 'canva-to-instagram-workflow',
    title: 'From Canva to Instagram in 60 Seconds: A Step-by-Step Workflow',
    excerpt: 'Connect your Canva account, pick a design, write one caption and publish to Instagram and five more platforms without downloading a file.',
    image: cover('canva-to-instagram-workflow'),
    author: authors.tom,
    date: '2026-11-04',
    category: 'Tutorials',
    trending: true,
    body: [
      { heading: 'Connect once', paragraphs: ['Link your Canva account in Settings. Your designs appear in the import panel, folders included.'] },
      { heading: 'Publish everywhere', paragraphs: ['Choose a design, pick the platforms, and let the resize presets fit each format. Write one caption, tweak it per platform if you like, and schedule or post now.'] },
    ],
  },
  {
    slug: 'unified-inbox-launch',
    title: 'Introducing the Unified Inbox: Every Direct Message in One Place',
    excerpt: 'Reply to messages from all your platforms in one inbox, tag leads, and answer faster with quick replies. Available today on all paid plans.',
    image: cover('unified-inbox-launch'),
    author: authors.marcus,
    date: '2026-10-28',
    category: 'Product Updates',
    body: [
      { heading: 'Why we built it', paragraphs: ['Creators told us they spent more time switching apps to answer messages than creating. The unified inbox brings every conversation into one list.'] },
      { heading: 'Leads, not just messages', paragraphs: ['Tag a conversation as a lead, add notes, and see the whole history with a customer across platforms. Quick replies answer common questions in one click.'] },
    ],
  },
  {
    slug: 'ai-posting-times',
    title: 'AI-Suggested Posting Times Are Here',
    excerpt: 'Our new model learns when your own audience is online and suggests the best slot for every post on every platform.',
    image: cover('ai-posting-times'),
    author: authors.marcus,
    date: '2026-10-14',
    category: 'Product Updates',
    body: [
      { heading: 'How it works', paragraphs: ['The model looks at the engagement of your past posts and your followers\u2019 activity, then proposes a time for each platform when you schedule.'] },
      { heading: 'You stay in control', paragraphs: ['Suggestions are just that. Accept them with one click or pick your own time; the calendar shows both.'] },
    ],
  },
  {
    slug: 'small-business-marketing-budget',
    title: 'How Small Businesses Can Do More Marketing on a Smaller Budget',
    excerpt: `${capitalised(inWords(budgetWays.length))} practical ways to stretch a small marketing budget, from repurposing content to letting automation handle the busywork.`,
    image: cover('small-business-marketing-budget'),
    author: authors.elena,
    date: '2026-10-07',
    category: 'Marketing',
    body: budgetWays,
  },
  {
    slug: 'linkedin-for-founders',
    title: 'LinkedIn for Founders: Building an Audience That Buys',
    excerpt: 'Why founder-led content works on LinkedIn, what to post each week, and how to turn comments into customers.',
    image: cover('linkedin-for-founders'),
    author: authors.priya,
    date: '2026-09-30',
    category: 'Marketing',
    trending: true,
    body: [
      { heading: 'People follow people', paragraphs: ['Posts from a founder\u2019s profile reach far more people than company pages. Share what you learn while building, not just announcements.'] },
      { heading: 'A weekly rhythm', paragraphs: ['Two posts a week is enough: one lesson, one story. Reply to every comment in the first hour.'] },
    ],
  },
  {
    slug: 'bulk-scheduling-tutorial',
    title: 'Schedule a Month of Posts in One Afternoon with Bulk Scheduling',
    excerpt: 'A hands-on tutorial: import a folder of Canva designs, add captions from a spreadsheet and fill your calendar in minutes.',
    image: cover('bulk-scheduling-tutorial'),
    author: authors.tom,
    date: '2026-09-23',
    category: 'Tutorials',
    body: [
      { heading: 'Prepare your designs', paragraphs: ['Put the month\u2019s designs in one Canva folder, named in the order you want them posted.'] },
      { heading: 'Import and schedule', paragraphs: ['Import the folder, upload your captions as a CSV, and choose a posting pattern. Review the calendar, adjust anything, and confirm.'] },
    ],
  },
  {
    slug: 'short-video-trends',
    title: 'Short Video Is Still Growing: What the Latest Platform Reports Say',
    excerpt: 'A round-up of this quarter\u2019s platform reports: short video keeps growing, carousels are back and search is moving to social.',
    image: cover('short-video-trends'),
    author: authors.elena,
    date: '2026-09-16',
    category: 'Industry News',
    body: [
      { heading: 'The numbers', paragraphs: ['Every major platform reported growth in short video watch time this quarter, and several now rank carousels higher than single images.'] },
      { heading: 'What it means for you', paragraphs: ['Mix formats. Turn your best static designs into simple animated versions in Canva and test them side by side.'] },
    ],
  },
  {
    slug: 'platform-api-changes',
    title: 'Platform API Changes This Autumn and How They Affect Scheduling',
    excerpt: 'Several social networks changed their publishing APIs this season. Here is what changed and why your scheduled posts are unaffected.',
    image: cover('platform-api-changes'),
    author: authors.tom,
    date: '2026-09-09',
    category: 'Industry News',
    body: [
      { heading: 'What changed', paragraphs: ['New media upload limits, updated permissions for business accounts and a new version of one major publishing API.'] },
      { heading: 'What we did', paragraphs: ['We moved to the new versions ahead of the deadlines. Your scheduled posts go out as planned; nothing to do on your side.'] },
    ],
  },
  {
    slug: 'instagram-carousel-tips',
    title: `${carouselFormats.length} Instagram Carousel Ideas That Keep People Swiping`,
    excerpt: `Carousels earn more saves and shares than single images. Here are ${inWords(carouselFormats.length)} formats that work.`,
    image: cover('instagram-carousel-tips'),
    author: authors.priya,
    date: '2026-09-02',
    category: 'Social Media',
    body: [
      { heading: 'Why carousels work', paragraphs: ['Every swipe tells the platform your post is worth showing to more people. A strong first slide and a reason to keep going are all it takes.'] },
      { heading: 'Formats to try', paragraphs: [`${listText(carouselFormats)} all work well. End every carousel with one clear call to action.`] },
    ],
  },
  {
    slug: 'team-approval-workflows',
    title: 'Approval Workflows: Publish as a Team Without the Chaos',
    excerpt: 'How to set up roles, reviews and approvals so that nothing goes out unchecked and nothing waits in someone\u2019s inbox for days.',
    image: cover('team-approval-workflows'),
    author: authors.marcus,
    date: '2026-08-26',
    category: 'Tutorials',
    body: [
      { heading: 'Roles first', paragraphs: ['Give each person the role they need: editors draft, approvers review, admins manage accounts and billing.'] },
      { heading: 'One queue for reviews', paragraphs: ['Drafts waiting for approval appear in one queue with comments attached. Approvers can approve, ask for changes or schedule directly.'] },
    ],
  },
];

/** The articles, newest first, each with its read time computed from its body. */
export const articles: Article[] = drafts.map((a) => ({ ...a, readTime: readTimeFor(a.body) }));

export function getArticle(slug: string) {
  return articles.find((a) => a.slug === slug);
}

export function formatDate(iso: string) {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
