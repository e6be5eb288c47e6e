import { describe, expect, it } from 'vitest';
import type { Article } from '@/content/blog';
import { atomFeed, rssFeed } from '@/lib/feeds';
import { escapeXml } from '@/lib/xml';
import { xmlType } from '../../server/static-files';
import { loadContent } from '../support/content';
import { parseAtom, parseRss, rfc3339Time, rfc822Time } from '../support/feed-parser';

const { articles } = await loadContent();

// The blog's feeds (src/lib/feeds.ts) with text that needs escaping, and the type the server gives them.

const hostile: Article = {
  ...articles[0],
  slug: 'q-and-a',
  title: `Q&A: <script>alert("x")</script> & 'quotes' ]]> &amp;`,
  excerpt: 'Less < more > less, "quoted" & \u0001control\u0008 and a lone \uD800surrogate; emoji \u{1F600} stays.',
  author: { name: `Ann "O'Neil" <ann@example.com>`, role: 'Tester' },
};
const base = 'https://example.com';

describe('escapeXml', () => {
  it('escapes the five XML specials and drops the characters XML 1.0 forbids', () => {
    expect(escapeXml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe('&lt;a href=&quot;x&quot; title=&apos;y&apos;&gt;Tom &amp; Jerry&lt;/a&gt;');
    expect(escapeXml('a\u0000b\u001Fc\tn\nr\r\uFFFEd')).toBe('abc\tn\nr\rd');
    expect(escapeXml('\u{1F600} \uDC00x')).toBe('\u{1F600} x');
  });
});

describe('feeds', () => {
  it('RSS: text that needs escaping round-trips through a real XML parser', () => {
    const xml = rssFeed({ base, articles: [hostile, articles[1]] });
    expect(xml).not.toContain('<script>');
    const feed = parseRss(xml);
    expect(feed.items).toHaveLength(2);
    expect(feed.items[0].title).toBe(hostile.title);
    expect(feed.items[0].description).toBe('Less < more > less, "quoted" & control and a lone surrogate; emoji \u{1F600} stays.');
    expect(feed.items[0].creator).toBe(hostile.author.name);
    expect(feed.items[0].link).toBe('https://example.com/blog/q-and-a');
    expect(feed.items[0].pubDate).toBe(new Date(`${hostile.date}T12:00:00Z`).toUTCString());
    expect(rfc822Time(feed.channel.lastBuildDate)).toBe(Date.parse(`${hostile.date}T12:00:00Z`));
  });

  it('Atom: text that needs escaping round-trips through a real XML parser', () => {
    const feed = parseAtom(atomFeed({ base, articles: [hostile, articles[1]] }));
    expect(feed.entries[0].title).toBe(hostile.title);
    expect(feed.entries[0].authors).toEqual([hostile.author.name]);
    expect(feed.entries[0].id).toBe('https://example.com/blog/q-and-a');
    expect(feed.entries[0].published).toBe(`${hostile.date}T12:00:00Z`);
    expect(rfc3339Time(feed.updated)).toBe(Date.parse(`${hostile.date}T12:00:00Z`));
    expect(feed.links.find((l) => l.rel === 'self')?.href).toBe('https://example.com/blog/atom.xml');
  });

  it('an empty blog still makes valid feeds', () => {
    expect(parseRss(rssFeed({ base, articles: [] })).items).toEqual([]);
    expect(parseAtom(atomFeed({ base, articles: [] })).entries).toEqual([]);
  });
});

describe('xmlType (server/static-files.ts)', () => {
  it('types the feeds by their root element and leaves other XML application/xml', () => {
    expect(xmlType(Buffer.from(rssFeed({ base, articles })))).toBe('application/rss+xml; charset=utf-8');
    expect(xmlType(Buffer.from(atomFeed({ base, articles })))).toBe('application/atom+xml; charset=utf-8');
    expect(xmlType(Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- a feed -->\n<rss version="2.0"><channel/></rss>'))).toBe('application/rss+xml; charset=utf-8');
    expect(xmlType(Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>'))).toBe('application/xml; charset=utf-8');
    // <feed> outside the Atom namespace is not Atom.
    expect(xmlType(Buffer.from('<feed xmlns="urn:other"/>'))).toBe('application/xml; charset=utf-8');
    expect(xmlType(Buffer.from('not xml'))).toBe('application/xml; charset=utf-8');
  });
});
