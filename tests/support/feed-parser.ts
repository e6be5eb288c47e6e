// Reads the blog's feeds with a real XML parser (fast-xml-parser: well-formedness checked first, entities
// decoded) into plain objects, and the date formats that RSS 2.0 and Atom 1.0 require.
import { XMLParser, XMLValidator } from 'fast-xml-parser';

type XmlNode = Record<string, unknown>;

/** Parses well-formed XML (throws on anything else); the named elements always come as arrays. */
export function parseXml(xml: string, arrays: readonly string[] = []): XmlNode {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`not well-formed XML: ${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col})`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    parseAttributeValue: false,
    isArray: (name) => arrays.includes(name),
  });
  return parser.parse(xml) as XmlNode;
}

/** The text of an element (with or without attributes); undefined when it is absent. */
function text(node: unknown): string | undefined {
  if (node === undefined || node === null) return undefined;
  if (typeof node === 'string') return node;
  if (typeof node === 'object' && '#text' in node) return String((node as XmlNode)['#text']);
  return '';
}

function attributes(node: unknown): Record<string, string> {
  if (!node || typeof node !== 'object') return {};
  return Object.fromEntries(Object.entries(node as XmlNode).filter(([k]) => k.startsWith('@')).map(([k, v]) => [k.slice(1), String(v)]));
}

export type RssItem = {
  title?: string;
  link?: string;
  guid?: string;
  guidIsPermaLink?: string;
  pubDate?: string;
  description?: string;
  author?: string;
  creator?: string;
  categories: string[];
};

export type RssFeed = {
  version?: string;
  namespaces: Record<string, string>;
  channel: { title?: string; link?: string; description?: string; language?: string; lastBuildDate?: string; self: Record<string, string>[] };
  items: RssItem[];
};

/** An RSS 2.0 document: <rss> with one <channel> and its <item>s. */
export function parseRss(xml: string): RssFeed {
  const doc = parseXml(xml, ['item', 'category', 'atom:link', 'channel']);
  const rss = doc.rss as XmlNode | undefined;
  if (!rss) throw new Error('the root element is not <rss>');
  const channels = (rss.channel ?? []) as XmlNode[];
  if (channels.length !== 1) throw new Error(`<rss> has ${channels.length} channels, not 1`);
  const channel = channels[0];
  const rootAttributes = attributes(rss);
  return {
    version: rootAttributes.version,
    namespaces: Object.fromEntries(Object.entries(rootAttributes).filter(([k]) => k.startsWith('xmlns:')).map(([k, v]) => [k.slice(6), v])),
    channel: {
      title: text(channel.title),
      link: text(channel.link),
      description: text(channel.description),
      language: text(channel.language),
      lastBuildDate: text(channel.lastBuildDate),
      self: ((channel['atom:link'] ?? []) as unknown[]).map(attributes),
    },
    items: ((channel.item ?? []) as XmlNode[]).map((item) => ({
      title: text(item.title),
      link: text(item.link),
      guid: text(item.guid),
      guidIsPermaLink: attributes(item.guid).isPermaLink,
      pubDate: text(item.pubDate),
      description: text(item.description),
      author: text(item.author),
      creator: text(item['dc:creator']),
      categories: ((item.category ?? []) as unknown[]).map((c) => text(c) ?? ''),
    })),
  };
}

export type AtomLink = Record<string, string>;
export type AtomEntry = {
  id?: string;
  title?: string;
  updated?: string;
  published?: string;
  summary?: string;
  links: AtomLink[];
  authors: string[];
  categories: string[];
};

export type AtomFeed = {
  namespace?: string;
  id?: string;
  title?: string;
  subtitle?: string;
  updated?: string;
  links: AtomLink[];
  authors: string[];
  entries: AtomEntry[];
};

const names = (authors: unknown) => ((authors ?? []) as XmlNode[]).map((a) => text(a.name) ?? '');

/** An Atom 1.0 document: <feed> and its <entry>s. */
export function parseAtom(xml: string): AtomFeed {
  const doc = parseXml(xml, ['entry', 'link', 'author', 'category']);
  const feed = doc.feed as XmlNode | undefined;
  if (!feed) throw new Error('the root element is not <feed>');
  return {
    namespace: attributes(feed).xmlns,
    id: text(feed.id),
    title: text(feed.title),
    subtitle: text(feed.subtitle),
    updated: text(feed.updated),
    links: ((feed.link ?? []) as unknown[]).map(attributes),
    authors: names(feed.author),
    entries: ((feed.entry ?? []) as XmlNode[]).map((entry) => ({
      id: text(entry.id),
      title: text(entry.title),
      updated: text(entry.updated),
      published: text(entry.published),
      summary: text(entry.summary),
      links: ((entry.link ?? []) as unknown[]).map(attributes),
      authors: names(entry.author),
      categories: ((entry.category ?? []) as unknown[]).map((c) => attributes(c).term ?? ''),
    })),
  };
}

const days = 'Mon|Tue|Wed|Thu|Fri|Sat|Sun';
const months = 'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec';
/** RFC 822 as the feed validator takes it (with RFC 1123's four-digit year). */
const rfc822 = new RegExp(`^(?:(?<day>${days}), )?\\d{1,2} (?:${months}) \\d{4} \\d{2}:\\d{2}(?::\\d{2})? (?<zone>GMT|UT|[+-]\\d{4}|[A-Z]{1,3})$`);
/** RFC 3339 date-time, as Atom requires (a time zone is mandatory). */
const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

/** The time of an RFC 822 date (RSS), or NaN when it is not one (or, in UTC, names the wrong weekday). */
export function rfc822Time(value: string | undefined): number {
  const match = value?.match(rfc822);
  if (!value || !match) return NaN;
  const time = Date.parse(value);
  const { day, zone } = match.groups ?? {};
  if (day && /^(GMT|UT|\+0000)$/.test(zone) && new Date(time).toUTCString().slice(0, 3) !== day) return NaN;
  return time;
}

/** The time of an RFC 3339 date-time (Atom), or NaN when it is not one. */
export function rfc3339Time(value: string | undefined): number {
  if (!value || !rfc3339.test(value)) return NaN;
  return Date.parse(value);
}

/** True for an absolute http(s) URL. */
export function isAbsoluteHttpUrl(value: string | undefined): boolean {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
