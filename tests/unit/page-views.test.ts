import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPageCounter, isCrawler, isPageViewRequest, isPrefetch, type PageCounterLog, type PageViewRow } from '@/lib/analytics/page-views';
import type { DbHandle } from '@/lib/db/connection';
import { retention } from '@/lib/config/retention';
import { policy } from '@/content/legal';
import { countedHost, countedTag, otherValue, tagMaxLength } from '@/lib/analytics/page-view-keys';
import { startBackground } from '../../server/background';

// Cookieless page counts (docs/analytics.md): which requests are views, how a view becomes a key, and how the
// counts are batched and written, or lost without a sound when the database is down.

const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const browsers = [
  chrome,
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.0.0',
  // A phone whose maker's name ends in "bot".
  'Mozilla/5.0 (Linux; Android 11; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
];
const crawlers = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
  'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
  'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
  'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Twitterbot/1.0',
  'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  'Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)',
  'Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)',
  'Mozilla/5.0 (Linux; Android 7.0;) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; PetalBot;+https://webmaster.petalsearch.com/site/petalbot)',
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
  'CCBot/2.0 (https://commoncrawl.org/faq/)',
  'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/142.0.0.0 Safari/537.36',
  'curl/8.5.0',
  'Wget/1.21.4',
  'python-requests/2.32.3',
  'Go-http-client/2.0',
  'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)',
  'SomeNewCrawler/0.1',
  'my-spider',
  'WhatsApp/2.23.20.0',
  'node',
];

describe('isCrawler', () => {
  it('is false for the browsers people use', () => {
    for (const ua of browsers) expect(isCrawler(ua), ua).toBe(false);
  });
  it('is true for search engines, link previews, SEO and AI crawlers, headless browsers and HTTP tools', () => {
    for (const ua of crawlers) expect(isCrawler(ua), ua).toBe(true);
  });
  it('an empty or missing User-Agent is a crawler', () => {
    expect(isCrawler(undefined)).toBe(true);
    expect(isCrawler('')).toBe(true);
    expect(isCrawler('   ')).toBe(true);
  });
});

describe('isPrefetch and isPageViewRequest', () => {
  it('a prefetch or prerender says so in Sec-Purpose, Purpose, X-Moz or X-Purpose', () => {
    expect(isPrefetch({ 'sec-purpose': 'prefetch' })).toBe(true);
    expect(isPrefetch({ 'sec-purpose': 'prefetch;prerender' })).toBe(true);
    expect(isPrefetch({ purpose: 'prefetch' })).toBe(true);
    expect(isPrefetch({ 'x-moz': 'prefetch' })).toBe(true);
    expect(isPrefetch({ 'x-purpose': 'preview' })).toBe(true);
    expect(isPrefetch({})).toBe(false);
    expect(isPrefetch({ 'user-agent': chrome, accept: 'text/html' })).toBe(false);
  });
  it('a view is a GET from a browser that is not a prefetch', () => {
    expect(isPageViewRequest('GET', { 'user-agent': chrome })).toBe(true);
    expect(isPageViewRequest('HEAD', { 'user-agent': chrome })).toBe(false);
    expect(isPageViewRequest('POST', { 'user-agent': chrome })).toBe(false);
    expect(isPageViewRequest('GET', { 'user-agent': chrome, 'sec-purpose': 'prefetch' })).toBe(false);
    expect(isPageViewRequest('GET', { 'user-agent': crawlers[0] })).toBe(false);
    expect(isPageViewRequest('GET', {})).toBe(false);
  });
});

const silent = (): PageCounterLog & { lines: { level: string; obj: Record<string, unknown> }[] } => {
  const lines: { level: string; obj: Record<string, unknown> }[] = [];
  const at = (level: string) => (obj: object) => void lines.push({ level, obj: obj as Record<string, unknown> });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
};
const noon = Date.UTC(2026, 10, 26, 12);
const at = (path: string) => new URL(path, 'https://postcraft.example');

/** A counter whose writes are recorded; flushed by hand. */
function recorded(options: { maxKeys?: number; now?: () => number; siteHosts?: string[] } = {}) {
  const batches: PageViewRow[][] = [];
  const log = silent();
  const counter = createPageCounter({ write: async (rows) => void batches.push(rows), flushMs: 0, now: () => noon, log, ...options });
  return { counter, batches, log };
}
const row = (over: Partial<PageViewRow>): PageViewRow => ({ day: '2026-11-26', path: '/', referrerHost: '', source: '', medium: '', campaign: '', views: 1, ...over });

describe('the keys of page counts', () => {
  it('day, path, the referring host only, and the UTM tags cleaned and in lower case', async () => {
    const { counter, batches } = recorded();
    counter.count('/partners', at('/partners?utm_source=News&utm_medium=Email&utm_campaign=Spring%202026&utm_term=x&ref=y'), 'https://www.Example.org/some/path?user=ada@example.com', 'postcraft.example');
    await counter.flush();
    expect(batches).toEqual([[row({ path: '/partners', referrerHost: 'example.org', source: 'news', medium: 'email', campaign: 'spring 2026' })]]);
  });

  it('no tags and no referrer count as empty; our own host (with or without www or port) is no referrer', async () => {
    const { counter, batches } = recorded({ siteHosts: ['www.postcraft.example', '*.postcraft-cdn.example'] });
    counter.count('/', at('/'), undefined, 'localhost:3000');
    counter.count('/', at('/?'), 'http://localhost:3000/pricing', 'localhost:3000');
    counter.count('/', at('/'), 'https://www.postcraft.example/blog', 'localhost:3000');
    counter.count('/', at('/'), 'https://eu.postcraft-cdn.example/', 'localhost:3000');
    counter.count('/', at('/'), 'not a url', 'localhost:3000');
    counter.count('/', at('/'), 'android-app://com.google.android.gm/', 'localhost:3000');
    await counter.flush();
    expect(batches).toEqual([[row({ path: '/', views: 6 })]]);
  });

  it('odd values are cleaned (control characters gone, spaces squeezed); longer than 64 characters, markup or an odd host: "(other)"', async () => {
    const { counter, batches } = recorded();
    const long = 'A'.repeat(500);
    counter.count('/pricing', at(`/pricing?utm_source=%00%0Anews%09%20letter%1F&utm_campaign=${long}&utm_medium=%20%20`), `https://${'b'.repeat(300)}.example/`, 'postcraft.example');
    counter.count('/', at(`/?utm_source=${encodeURIComponent('<img src=x onerror=alert(1)>')}&utm_medium=${'m'.repeat(tagMaxLength)}&utm_campaign=Spring Sale 2027`), 'https://[2001:db8::1]/', 'postcraft.example');
    counter.count('/', at(`/?utm_source=(other)&utm_campaign=${'c'.repeat(tagMaxLength + 1)}`), 'https://Blog.Example.COM/post', 'postcraft.example');
    await counter.flush();
    expect(batches[0]).toEqual([
      row({ path: '/pricing', source: 'news letter', campaign: otherValue, medium: '', referrerHost: otherValue }),
      row({ path: '/', source: otherValue, medium: 'm'.repeat(tagMaxLength), campaign: 'spring sale 2027', referrerHost: otherValue }),
      row({ path: '/', source: otherValue, campaign: otherValue, referrerHost: 'blog.example.com' }),
    ]);
  });

  it('tags in any script are counted as typed, in lower case', () => {
    expect(countedTag('Frühling-Ñandú_2027')).toBe('frühling-ñandú_2027');
    expect(countedTag('春のキャンペーン')).toBe('春のキャンペーン');
    expect(countedTag('partner.blog+news/q1:eu@x&y~z')).toBe('partner.blog+news/q1:eu@x&y~z');
    for (const odd of ['a"b', "it's", 'x=1;y', 'a<b', 'café​', '(other)', '{}', '50%']) expect(countedTag(odd), odd).toBe(otherValue);
    expect(countedTag(null)).toBe('');
    expect(countedTag('  ')).toBe('');
    expect(countedHost('news.example')).toBe('news.example');
    expect(countedHost('xn--bcher-kva.example')).toBe('xn--bcher-kva.example');
    expect(countedHost('a"b.example')).toBe(otherValue);
  });

  it('distinct tags, referrers, paths and days are distinct keys; repeats add up', async () => {
    let clock = noon;
    const { counter, batches } = recorded({ now: () => clock });
    counter.count('/partners', at('/partners?utm_source=news'), undefined, 'postcraft.example');
    counter.count('/partners', at('/partners?utm_source=NEWS'), undefined, 'postcraft.example');
    counter.count('/partners', at('/partners?utm_source=ads'), undefined, 'postcraft.example');
    counter.count('/partners', at('/partners'), 'https://news.example/a', 'postcraft.example');
    counter.count('/agency', at('/agency'), undefined, 'postcraft.example');
    clock = Date.UTC(2026, 10, 27, 0, 0, 1); // just past midnight UTC
    counter.count('/agency', at('/agency'), undefined, 'postcraft.example');
    await counter.flush();
    expect(batches[0]).toEqual([
      row({ path: '/partners', source: 'news', views: 2 }),
      row({ path: '/partners', source: 'ads' }),
      row({ path: '/partners', referrerHost: 'news.example' }),
      row({ path: '/agency' }),
      row({ path: '/agency', day: '2026-11-27' }),
    ]);
  });
});

describe('batching', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counting is synchronous; a flush writes one batch and starts again from zero; an empty flush writes nothing', async () => {
    const { counter, batches } = recorded();
    for (let i = 0; i < 1000; i++) counter.count('/pricing', at('/pricing'), undefined, 'postcraft.example');
    expect(batches).toEqual([]);
    await counter.flush();
    await counter.flush();
    expect(batches).toEqual([[row({ path: '/pricing', views: 1000 })]]);
    counter.count('/pricing', at('/pricing'), undefined, 'postcraft.example');
    await counter.stop();
    expect(batches).toEqual([[row({ path: '/pricing', views: 1000 })], [row({ path: '/pricing' })]]);
    // After stop() nothing more is counted.
    counter.count('/pricing', at('/pricing'), undefined, 'postcraft.example');
    await counter.flush();
    expect(batches).toHaveLength(2);
  });

  it('writes every flushMs on its own timer', async () => {
    vi.useFakeTimers({ now: noon });
    const batches: PageViewRow[][] = [];
    const counter = createPageCounter({ write: async (rows) => void batches.push(rows), flushMs: 5000, log: silent() });
    counter.count('/', at('/'), undefined, 'postcraft.example');
    await vi.advanceTimersByTimeAsync(4999);
    expect(batches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([[row({ views: 1 })]]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(batches).toHaveLength(1);
    await counter.stop();
  });

  it('a write still running is not overlapped: the next flush waits for it', async () => {
    let release!: () => void;
    const batches: PageViewRow[][] = [];
    const counter = createPageCounter({
      write: (rows) => {
        batches.push(rows);
        return batches.length === 1 ? new Promise<void>((r) => (release = r)) : Promise.resolve();
      },
      flushMs: 0,
      now: () => noon,
      log: silent(),
    });
    counter.count('/', at('/'), undefined, 'h');
    const first = counter.flush();
    counter.count('/', at('/'), undefined, 'h');
    const second = counter.flush();
    await new Promise((r) => setTimeout(r, 10));
    expect(batches).toHaveLength(1);
    release();
    await Promise.all([first, second]);
    expect(batches).toEqual([[row({ views: 1 })], [row({ views: 1 })]]);
  });

  it('beyond maxKeys distinct keys in one interval, new keys are dropped and counted as dropped; known keys still count', async () => {
    const { counter, batches, log } = recorded({ maxKeys: 3 });
    for (let i = 0; i < 10; i++) counter.count('/', at(`/?utm_campaign=made-up-${i}`), undefined, 'h');
    counter.count('/', at('/?utm_campaign=made-up-0'), undefined, 'h');
    await counter.flush();
    expect(batches[0].map((r) => [r.campaign, r.views])).toEqual([
      ['made-up-0', 2],
      ['made-up-1', 1],
      ['made-up-2', 1],
    ]);
    expect(log.lines).toEqual([{ level: 'warn', obj: expect.objectContaining({ event: 'page_views.dropped', droppedViews: 7, maxKeys: 3 }) }]);
    // The next interval has room again.
    counter.count('/', at('/?utm_campaign=made-up-9'), undefined, 'h');
    await counter.flush();
    expect(batches[1].map((r) => r.campaign)).toEqual(['made-up-9']);
  });
});

describe('a failing write', () => {
  it('loses its batch without throwing, logs once per outage with the views lost, and logs the recovery', async () => {
    let down = true;
    const batches: PageViewRow[][] = [];
    const log = silent();
    const counter = createPageCounter({
      write: async (rows) => {
        if (down) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        batches.push(rows);
      },
      flushMs: 0,
      now: () => noon,
      log,
    });
    const views = (n: number) => {
      for (let i = 0; i < n; i++) counter.count('/pricing', at('/pricing'), undefined, 'h');
    };
    views(3);
    await expect(counter.flush()).resolves.toBeUndefined();
    views(4);
    await counter.flush();
    expect(log.lines).toEqual([{ level: 'error', obj: expect.objectContaining({ event: 'page_views.write_failed', code: 'ECONNREFUSED', lostViews: 3 }) }]);
    // The database is back: the next batch is written, the lost views are not.
    down = false;
    views(2);
    await counter.flush();
    expect(batches).toEqual([[row({ path: '/pricing', views: 2 })]]);
    expect(log.lines[1]).toEqual({ level: 'info', obj: expect.objectContaining({ event: 'page_views.write_resumed', lostViews: 7 }) });
    // A second outage is logged again.
    down = true;
    views(1);
    await counter.flush();
    expect(log.lines.filter((l) => l.level === 'error')).toHaveLength(2);
    await counter.stop();
  });

  it('a write that throws synchronously is a failed write too', async () => {
    const log = silent();
    const counter = createPageCounter({
      write: () => {
        throw new Error('no database');
      },
      flushMs: 0,
      log,
    });
    counter.count('/', at('/'), undefined, 'h');
    await expect(counter.stop()).resolves.toBeUndefined();
    expect(log.lines.map((l) => l.obj.event)).toEqual(['page_views.write_failed', 'page_views.stopped_in_outage']);
  });
});

describe('the web server’s background', () => {
  it('the web server counts unless PAGE_VIEWS=0, and writes what it counted at stop(); the worker never counts', async () => {
    const statements: unknown[][] = [];
    const handle = {
      kind: 'postgres',
      describe: 'fake',
      close: async () => {},
      client: {
        query: async (_sql: string, params: unknown[]) => {
          statements.push(params);
          return { rows: [] };
        },
      },
    } as unknown as DbHandle;
    const env = { NOTIFY_LOOP: '0', RETENTION_PURGE: '0', SCHEDULER: '0' };
    const web = startBackground({ handle, env, countPageViews: true });
    expect(web.pageViews).toBeDefined();
    web.pageViews!.count('/pricing', at('/pricing'), undefined, 'h');
    await web.stop();
    expect(statements).toHaveLength(1);
    expect(statements[0][1]).toEqual(['/pricing']);
    expect(startBackground({ handle, env: { ...env, PAGE_VIEWS: '0' }, countPageViews: true }).pageViews).toBeUndefined();
    expect(startBackground({ handle, env }).pageViews).toBeUndefined();
  });
});

describe('how long page counts are kept', () => {
  it('the retention of page_views is the policy’s period for analytics data (26 months)', () => {
    expect(retention.pageViewMonths).toBe(policy.analyticsAnonymisedMonths);
  });
});
