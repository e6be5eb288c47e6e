// The blog's feeds (RSS 2.0 at /blog/rss.xml, Atom 1.0 at /blog/atom.xml), prerendered at build from
// content/blog.ts in the order of the /blog list (newest first), with absolute addresses from SITE_URL.
import { getRoute } from '@/lib/config/routes';
import { site } from '@/lib/config/site';
import { escapeXml } from '@/lib/xml';

/** What the feeds read of an article (the articles of content/blog.ts have it; lib names what it needs rather than importing content). */
export type FeedArticle = { slug: string; title: string; excerpt: string; date: string; author: { name: string }; category?: string };

export const rssType = 'application/rss+xml; charset=utf-8';
export const atomType = 'application/atom+xml; charset=utf-8';

/** The feeds as pages announce them (<link rel="alternate"> in <head>) and /blog links to them. */
export const blogFeeds = [
  { label: 'RSS', type: 'application/rss+xml', title: `${site.name} blog`, href: '/blog/rss.xml' },
  { label: 'Atom', type: 'application/atom+xml', title: `${site.name} blog (Atom)`, href: '/blog/atom.xml' },
] as const;

/**
 * When an article counts as published: midday UTC of its date, so that the day is the same in (nearly)
 * every time zone, as on the pages (content/blog.ts formatDate).
 */
export function publishedAt(article: Pick<FeedArticle, 'date'>): Date {
  return new Date(`${article.date}T12:00:00Z`);
}

/** The feed's last change: the newest article's publication (not the build time, so a rebuild changes nothing). */
function lastChange(articles: readonly FeedArticle[]): Date {
  const times = articles.map((a) => publishedAt(a).getTime());
  return new Date(times.length ? Math.max(...times) : 0);
}

/** An RFC 822 date (RFC 1123's four-digit year), as RSS 2.0 wants: `Wed, 18 Nov 2026 12:00:00 GMT`. */
const rfc822 = (d: Date) => d.toUTCString();
/** An RFC 3339 date-time, as Atom wants: `2026-11-18T12:00:00Z`. */
const rfc3339 = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

type FeedInput = { base: string; articles: readonly FeedArticle[] };

const el = (name: string, text: string, attributes = '') => `<${name}${attributes}>${escapeXml(text)}</${name}>`;
const attr = (name: string, value: string) => ` ${name}="${escapeXml(value)}"`;

/** RSS 2.0: one item per article (title, link, permalink guid, pubDate, excerpt, author as dc:creator, category). */
export function rssFeed({ base, articles }: FeedInput): string {
  const blog = getRoute('/blog');
  const items = articles.map((a) => {
    const url = `${base}/blog/${a.slug}`;
    return [
      '<item>',
      el('title', a.title),
      el('link', url),
      el('guid', url, attr('isPermaLink', 'true')),
      el('pubDate', rfc822(publishedAt(a))),
      el('description', a.excerpt),
      // RSS's own <author> must be an e-mail address; a name goes in dc:creator.
      el('dc:creator', a.author.name),
      ...(a.category ? [el('category', a.category)] : []),
      '</item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    el('title', blog.heading),
    el('link', `${base}/blog`),
    el('description', blog.description),
    el('language', 'en-us'),
    el('lastBuildDate', rfc822(lastChange(articles))),
    `<atom:link${attr('href', `${base}/blog/rss.xml`)}${attr('rel', 'self')}${attr('type', 'application/rss+xml')}/>`,
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** Atom 1.0: one entry per article (id, title, link, published, updated, excerpt as summary, author, category). */
export function atomFeed({ base, articles }: FeedInput): string {
  const blog = getRoute('/blog');
  const entries = articles.map((a) => {
    const url = `${base}/blog/${a.slug}`;
    const date = rfc3339(publishedAt(a));
    return [
      '<entry>',
      el('id', url),
      el('title', a.title),
      `<link${attr('rel', 'alternate')}${attr('type', 'text/html')}${attr('href', url)}/>`,
      el('published', date),
      // The articles carry no date of revision: updated is the publication.
      el('updated', date),
      el('summary', a.excerpt),
      `<author>${el('name', a.author.name)}</author>`,
      ...(a.category ? [`<category${attr('term', a.category)}/>`] : []),
      '</entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en-US">',
    el('id', `${base}/blog`),
    el('title', blog.heading),
    el('subtitle', blog.description),
    el('updated', rfc3339(lastChange(articles))),
    `<link${attr('rel', 'self')}${attr('type', 'application/atom+xml')}${attr('href', `${base}/blog/atom.xml`)}/>`,
    `<link${attr('rel', 'alternate')}${attr('type', 'text/html')}${attr('href', `${base}/blog`)}/>`,
    `<author>${el('name', site.name)}${el('uri', `${base}/`)}</author>`,
    el('icon', `${base}/icon.svg`),
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
