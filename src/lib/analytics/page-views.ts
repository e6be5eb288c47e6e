/**
 * Cookieless page counts (docs/analytics.md): how many times each public page was viewed per day (UTC), by
 * the referring site's host and the campaign tags of the address (`utm_source`, `utm_medium`,
 * `utm_campaign`). No cookie, no IP address, no identifier of a visitor: what is kept is a number per
 * (day, page, referring host, source, medium, campaign), the `page_views` table.
 *
 * The server (server/serve.ts) calls `count()` for a page view it has answered: a synchronous increment of
 * a counter in memory. Every `flushMs` the counters are written with one upsert (`pageViewsWriter`,
 * lib/analytics/page-views-store.ts, which caps the distinct keys a day adds) and start again from zero. Counting never waits for the database and never throws: when a write fails its batch is dropped
 * (logged once per outage, with the number of views lost), so an outage loses counts, never pages.
 */
import { referrerHost } from '@/lib/leads/attribution';
import { areaLog } from '@/lib/logger';
import { metrics } from '@/lib/metrics/events';
import { countedHost, countedTag } from '@/lib/analytics/page-view-keys';

/** Request headers as Node gives them (lower-case names). */
export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

const headerText = (value: string | string[] | undefined): string => (Array.isArray(value) ? value.join(',') : (value ?? ''));

/**
 * User agents that are not a person reading the page: search engines, link previews of social networks and
 * chat apps, SEO and AI crawlers, headless browsers and HTTP tools. Matched case-insensitively anywhere in the
 * User-Agent; the generic words at the end catch most of the rest. Extend the list here (one pattern a line).
 */
export const crawlerPatterns: readonly string[] = [
  // Search engines
  'googlebot',
  'google-inspectiontool',
  'storebot-google',
  'adsbot-google',
  'mediapartners-google',
  'bingbot',
  'bingpreview',
  'duckduckbot',
  'duckassistbot',
  'baiduspider',
  'yandexbot',
  'yandex\\.com/bots',
  'applebot',
  'slurp',
  'seznambot',
  'qwantify',
  'sogou',
  'exabot',
  // Link previews (social networks, chat apps)
  'facebookexternalhit',
  'facebookcatalog',
  'meta-externalagent',
  'twitterbot',
  'linkedinbot',
  'slackbot',
  'slack-imgproxy',
  'discordbot',
  'telegrambot',
  'whatsapp',
  'pinterestbot',
  'redditbot',
  'embedly',
  'skypeuripreview',
  'mastodon/',
  'cardyb',
  // SEO tools and archives
  'ahrefsbot',
  'semrushbot',
  'mj12bot',
  'dotbot',
  'blexbot',
  'dataforseobot',
  'screaming frog',
  'petalbot',
  'ia_archiver',
  'archive\\.org_bot',
  // AI crawlers and agents
  'gptbot',
  'chatgpt-user',
  'oai-searchbot',
  'claudebot',
  'claude-user',
  'anthropic-ai',
  'perplexitybot',
  'ccbot',
  'bytespider',
  'amazonbot',
  'google-extended',
  'cohere-ai',
  // Headless browsers, page testers and monitors
  'headlesschrome',
  'phantomjs',
  'lighthouse',
  'pagespeed',
  'pingdom',
  'statuscake',
  'uptimerobot',
  // HTTP tools and libraries
  'curl/',
  'wget/',
  'python-requests',
  'python-urllib',
  'python-httpx',
  'aiohttp',
  'scrapy',
  'go-http-client',
  'java/',
  'apache-httpclient',
  'okhttp',
  'libwww-perl',
  'node-fetch',
  'undici',
  '^node$',
  'axios/',
  'postmanruntime',
  // Generic words ("bot", but not in the phone maker Cubot's models)
  '(?<!cu)bot',
  'crawler',
  'crawl',
  'spider',
  'scraper',
  'fetcher',
];

const crawlerPattern = new RegExp(crawlerPatterns.join('|'), 'i');

// The answers for the User-Agents seen lately: visitors use a few hundred distinct ones, and a lookup costs
// a fraction of the pattern's test. Only short ones are kept, and the map is emptied when full, so a flood
// of made-up ones cannot grow it past about 0.5 MB.
const seenAgents = new Map<string, boolean>();
const seenAgentsMax = 1000;
const seenAgentMaxLength = 512;

/** Whether a User-Agent is a crawler, a preview fetcher or a script (an empty or missing one is). */
export function isCrawler(userAgent: string | string[] | undefined): boolean {
  const ua = headerText(userAgent);
  let crawler = seenAgents.get(ua);
  if (crawler === undefined) {
    const text = ua.trim();
    crawler = text === '' || crawlerPattern.test(text);
    if (ua.length <= seenAgentMaxLength) {
      if (seenAgents.size >= seenAgentsMax) seenAgents.clear();
      seenAgents.set(ua, crawler);
    }
  }
  return crawler;
}

const purposeHeaders = ['sec-purpose', 'purpose', 'x-purpose', 'x-moz'] as const;

/**
 * Whether the request is a prefetch or prerender, made before (and often without) anyone looking at the
 * page: `Sec-Purpose: prefetch` (`prefetch;prerender`), the older `Purpose: prefetch`, Firefox's
 * `X-Moz: prefetch` and Safari's `X-Purpose: preview`.
 */
export function isPrefetch(headers: RequestHeaders): boolean {
  for (const name of purposeHeaders) {
    const value = headers[name];
    if (value !== undefined && /prefetch|prerender|preview/i.test(headerText(value))) return true;
  }
  return false;
}

/**
 * Whether a request for a page is a view to count, before its answer is known: a GET (not HEAD, not a form's
 * POST), not a prefetch, not a crawler. The caller also checks that the answer is the page (200, or 304 for a
 * page the browser shows again from its cache).
 */
export function isPageViewRequest(method: string | undefined, headers: RequestHeaders): boolean {
  return method === 'GET' && !isPrefetch(headers) && !isCrawler(headers['user-agent']);
}

/** A row of `page_views`: '' stands for "none" in the dimensions. */
export type PageViewRow = { day: string; path: string; referrerHost: string; source: string; medium: string; campaign: string; views: number };

export type PageCounterLog = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export type PageCounterOptions = {
  /** Writes one batch (the rows are distinct keys); a rejection drops the batch. */
  write: (rows: PageViewRow[]) => Promise<void>;
  /** Interval between writes; 0 starts no timer (the caller flushes). */
  flushMs?: number;
  /** Distinct keys kept in one interval; views with a new key beyond it are dropped (counted as dropped). */
  maxKeys?: number;
  now?: () => number;
  /** Hosts of this site besides the request's own (SITE_URL's, ALLOWED_ORIGINS', `*.example.com`): a link from them is no referral. */
  siteHosts?: readonly string[];
  log?: PageCounterLog;
};

export type PageCounter = {
  /** Counts one view of `path` (a page's path, no query) reached at `url`, from `referer`, on our host `ownHost`. Synchronous; never throws. */
  count: (path: string, url: URL, referer: string | string[] | undefined, ownHost: string | string[] | undefined) => void;
  /** Writes the counts so far (one upsert) and starts again from zero. Never rejects. */
  flush: () => Promise<void>;
  /** Stops the timer and flushes once more; later counts are ignored. */
  stop: () => Promise<void>;
};

const dayMs = 86_400_000;

/** A host compared as `referrerHost` gives it: lower case, without port or leading `www.`. */
const bareHost = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^www\./, '');

/** A campaign tag as counted (lib/analytics/page-view-keys): short plain text in lower case, else "(other)"; '' when absent. */
const tag = (params: URLSearchParams, name: string) => countedTag(params.get(name));

const sumViews = (rows: readonly PageViewRow[]) => rows.reduce((n, r) => n + r.views, 0);

export function createPageCounter({ write, flushMs = 5000, maxKeys = 10_000, now = Date.now, siteHosts = [], log = areaLog('analytics') }: PageCounterOptions): PageCounter {
  let pending = new Map<string, PageViewRow>();
  let dropped = 0;
  let stopped = false;
  let writing: Promise<void> | undefined;
  /** Views lost since the current outage began (undefined: the last write succeeded). */
  let lostInOutage: number | undefined;

  const exact = new Set<string>();
  const suffixes: string[] = [];
  for (const h of siteHosts) {
    if (h.startsWith('*.')) suffixes.push(bareHost(h.slice(1)));
    else if (h.trim()) exact.add(bareHost(h));
  }
  const ours = (host: string) => exact.has(host) || suffixes.some((s) => host.endsWith(s) && host.length > s.length);

  // The UTC day of the clock, computed once a day.
  let dayStart = 0;
  let dayText = '';
  const dayOf = (t: number) => {
    if (t < dayStart || t >= dayStart + dayMs) {
      dayStart = t - (((t % dayMs) + dayMs) % dayMs);
      dayText = new Date(dayStart).toISOString().slice(0, 10);
    }
    return dayText;
  };

  function count(path: string, url: URL, referer: string | string[] | undefined, ownHost: string | string[] | undefined): void {
    if (stopped) return;
    try {
      const day = dayOf(now());
      let source = '';
      let medium = '';
      let campaign = '';
      if (url.search.length > 1) {
        const params = url.searchParams;
        source = tag(params, 'utm_source');
        medium = tag(params, 'utm_medium');
        campaign = tag(params, 'utm_campaign');
      }
      let from = '';
      if (referer) {
        const host = referrerHost(headerText(referer), headerText(ownHost) || null);
        if (host && !ours(host)) from = countedHost(host);
      }
      const key = `${day}\n${path}\n${from}\n${source}\n${medium}\n${campaign}`;
      const row = pending.get(key);
      if (row) row.views++;
      else if (pending.size >= maxKeys) dropped++;
      else pending.set(key, { day, path, referrerHost: from, source, medium, campaign, views: 1 });
    } catch {
      // A count is never worth a failed page.
    }
  }

  async function writeBatch(rows: PageViewRow[]) {
    try {
      await write(rows);
      metrics().pageCountFlush(rows.length, true);
      if (lostInOutage !== undefined) {
        log.info({ event: 'page_views.write_resumed', lostViews: lostInOutage }, 'page counts are written again');
        lostInOutage = undefined;
      }
    } catch (err) {
      metrics().pageCountFlush(rows.length, false);
      const lost = sumViews(rows);
      if (lostInOutage === undefined) {
        const e = err as { code?: unknown; message?: unknown };
        log.error(
          { event: 'page_views.write_failed', error: String(e?.message ?? err), code: e?.code, lostViews: lost },
          'page counts could not be written: this batch is lost, and so is every batch until the database answers again (pages are served as usual)',
        );
        lostInOutage = lost;
      } else lostInOutage += lost;
    }
  }

  async function flush(): Promise<void> {
    while (writing) await writing;
    if (dropped) {
      log.warn({ event: 'page_views.dropped', droppedViews: dropped, maxKeys }, 'more distinct page counts than maxKeys in one interval: views with new tags were not counted');
      dropped = 0;
    }
    if (!pending.size) return;
    const rows = [...pending.values()];
    pending = new Map();
    writing = writeBatch(rows).finally(() => {
      writing = undefined;
    });
    await writing;
  }

  const timer =
    flushMs > 0 && Number.isFinite(flushMs)
      ? setInterval(() => {
          // A write still running (a slow database) takes this interval's counts at its next turn.
          if (!writing) void flush();
        }, flushMs)
      : undefined;
  timer?.unref();

  return {
    count,
    flush,
    async stop() {
      if (timer) clearInterval(timer);
      await flush();
      stopped = true;
      if (lostInOutage !== undefined) log.warn({ event: 'page_views.stopped_in_outage', lostViews: lostInOutage }, 'stopped while page counts could not be written');
    },
  };
}
