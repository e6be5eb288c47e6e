import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createPageCounter, type PageCounter } from '@/lib/analytics/page-views';
import { pageViewsWriter } from '@/lib/analytics/page-views-store';
import { routes } from '@/lib/config/routes';
import { openDatabase, queryable } from '@/lib/db/connection';
import { startServer, type StartedServer } from '../support/start-server';
import { createTempPostgres, databaseKinds, query, tempDir, type TestDb } from '../support/vitest-databases';

// Cookieless page counts (docs/analytics.md): the counter's upsert on both databases, then the production
// server counting what visitors view, and only that, with no cookie set by any public page.

const noon = Date.UTC(2026, 10, 26, 12);
const at = (path: string) => new URL(path, 'https://postcraft.example');
type CountRow = { day: string; path: string; referrer_host: string; source: string; medium: string; campaign: string; views: number };
const selectRows = `select day::text as day, path, referrer_host, source, medium, campaign, views from page_views order by path, referrer_host, source, medium, campaign`;

for (const kind of databaseKinds) {
  describe(`page counts written on ${kind.name}`, () => {
    let t: TestDb | undefined;
    let counter: PageCounter;
    beforeAll(async () => {
      t = await kind.open();
      // A daily limit of keys above the batch of 10,000 below (the limit itself: page-views-bounds.test.ts).
      if (t) counter = createPageCounter({ write: pageViewsWriter(queryable(t.handle), { dailyKeys: 20_000 }), flushMs: 0, now: () => noon });
    });
    afterAll(async () => {
      await counter?.stop();
      await t?.cleanup();
    });
    const rows = () => query<CountRow>(t!.handle, selectRows);

    it('two flushes of the same key add up in one row; distinct tags are distinct rows', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      counter.count('/partners', at('/partners?utm_source=news&utm_campaign=spring'), 'https://news.example/a', 'postcraft.example');
      counter.count('/partners', at('/partners?utm_source=news&utm_campaign=spring'), 'https://news.example/b', 'postcraft.example');
      await counter.flush();
      for (let i = 0; i < 3; i++) counter.count('/partners', at('/partners?utm_source=News&utm_campaign=SPRING'), 'https://www.news.example/', 'postcraft.example');
      counter.count('/partners', at('/partners?utm_source=news&utm_campaign=autumn'), undefined, 'postcraft.example');
      counter.count('/partners', at('/partners?utm_source=news&utm_medium=email&utm_campaign=spring'), undefined, 'postcraft.example');
      counter.count('/pricing', at('/pricing'), undefined, 'postcraft.example');
      await counter.flush();
      expect(await rows()).toEqual([
        { day: '2026-11-26', path: '/partners', referrer_host: '', source: 'news', medium: '', campaign: 'autumn', views: 1 },
        { day: '2026-11-26', path: '/partners', referrer_host: '', source: 'news', medium: 'email', campaign: 'spring', views: 1 },
        { day: '2026-11-26', path: '/partners', referrer_host: 'news.example', source: 'news', medium: '', campaign: 'spring', views: 5 },
        { day: '2026-11-26', path: '/pricing', referrer_host: '', source: '', medium: '', campaign: '', views: 1 },
      ]);
    });

    it('one statement writes a batch of 10,000 distinct keys (more parameters than a VALUES list may have)', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      for (let i = 0; i < 10_000; i++) counter.count('/blog', at(`/blog?utm_campaign=c${i}`), undefined, 'postcraft.example');
      await counter.flush();
      const [{ n, views }] = await query<{ n: number; views: number }>(t.handle, `select count(*)::int as n, sum(views)::int as views from page_views where path = '/blog'`);
      expect({ n, views }).toEqual({ n: 10_000, views: 10_000 });
    });
  });
}

const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A request as a browser sends it (node:http, so that Referer and User-Agent go as given). */
function request(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, base), { method, headers: { 'user-agent': browser, accept: 'text/html', ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the running server counts page views', () => {
  let temp: Awaited<ReturnType<typeof createTempPostgres>>;
  let server: StartedServer | undefined;
  const dataDir = tempDir('postcraft-page-views-');
  const env = (flushMs: number) => ({ DATA_DIR: dataDir, DATABASE_URL: temp?.url ?? '', PAGE_VIEWS_FLUSH_MS: String(flushMs), SITE_URL: '', LOG_LEVEL: 'warn' });

  /** The page_views rows: live on PostgreSQL; on the embedded database, once the server has stopped (it holds the folder). */
  async function stored(): Promise<CountRow[]> {
    if (temp) {
      const client = new pg.Client({ connectionString: temp.url });
      await client.connect();
      try {
        return (await client.query<CountRow>(selectRows)).rows;
      } finally {
        await client.end();
      }
    }
    const handle = await openDatabase({ dataDir, databaseUrl: '' });
    try {
      return (await queryable(handle).query(selectRows)).rows as CountRow[];
    } finally {
      await handle.close();
    }
  }

  beforeAll(async () => {
    temp = await createTempPostgres();
    server = await startServer(env(200));
  }, 900_000);

  afterAll(async () => {
    await server?.stop();
    await temp?.drop();
  });

  it('views of a page by browsers, with their campaign and referrer; not crawlers, HEAD, prefetches, assets, feeds, staff pages or 404s; no Set-Cookie', async () => {
    const base = server!.url;
    const tagged = '/partners?utm_source=news&utm_campaign=spring';
    const answers: [string, Answer][] = [];
    const send = async (label: string, path: string, headers: Record<string, string> = {}, method = 'GET') => {
      const answer = await request(base, path, headers, method);
      answers.push([label, answer]);
      return answer;
    };
    for (let i = 0; i < 3; i++) expect((await send('view', tagged, { referer: 'https://news.example/issue/12?reader=ada@example.com' })).status).toBe(200);
    const page = answers[0][1].body;
    const asset = /\/_astro\/[\w.-]+\.(?:css|js|woff2)/.exec(page)?.[0];
    expect(asset, 'an asset of /partners').toBeTruthy();
    const notCounted: [string, string, Record<string, string>?, string?][] = [
      ['Googlebot', tagged, { 'user-agent': googlebot }],
      ['no User-Agent', tagged, { 'user-agent': '' }],
      ['HEAD', tagged, {}, 'HEAD'],
      ['prefetch', tagged, { 'sec-purpose': 'prefetch' }],
      ['asset', asset!],
      ['icon', '/icon.svg'],
      ['RSS feed', '/blog/rss.xml'],
      ['Atom feed', '/blog/atom.xml'],
      ['robots', '/robots.txt'],
      ['sitemap', '/sitemap.xml'],
      ['staff sign-in', '/staff/sign-in'],
      ['404', '/no-such-page'],
      ['redirect', '/partners/'],
    ];
    for (const [label, path, headers, method] of notCounted) {
      const answer = await send(label, path, headers, method);
      expect(answer.status, label).toBeLessThan(label === '404' ? 500 : 400);
    }
    expect(answers.find(([l]) => l === '404')![1].status).toBe(404);

    // Several flush intervals, so that anything counted by mistake would be written too.
    const expected: CountRow[] = [{ day: new Date().toISOString().slice(0, 10), path: '/partners', referrer_host: 'news.example', source: 'news', medium: '', campaign: 'spring', views: 3 }];
    if (temp) {
      const deadline = Date.now() + 15_000;
      while ((await stored()).length === 0 && Date.now() < deadline) await sleep(100);
      await sleep(1000);
    } else {
      expect(await server!.stop()).toBe(0);
      server = undefined;
    }
    expect(await stored()).toEqual(expected);
    for (const [label, answer] of answers) expect(answer.headers['set-cookie'], `${label}: Set-Cookie`).toBeUndefined();
  }, 120_000);

  it('every public page: no Set-Cookie, one view each; the counts not yet written are written at shutdown', async () => {
    // A server that would not write for an hour: only its shutdown writes what it counted.
    await server?.stop();
    const before = await stored();
    server = await startServer(env(3_600_000));
    const paths = [...routes.map((r) => r.path), '/blog/ai-posting-times', '/blog?q=social', '/contact?subject=business'];
    for (const path of paths) {
      const answer = await request(server.url, path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers['set-cookie'], `${path}: Set-Cookie`).toBeUndefined();
    }
    // A revalidation that the browser answers from its cache (304) is a view too.
    const pricing = await request(server.url, '/pricing');
    expect((await request(server.url, '/pricing', { 'if-none-match': String(pricing.headers.etag) })).status).toBe(304);
    expect(await server.stop()).toBe(0);
    server = undefined;

    // Counted under the page's path (a filtered list and a preset subject too), without tags or referrer.
    const expected = new Map<string, number>();
    for (const path of paths) expected.set(path.split('?')[0], (expected.get(path.split('?')[0]) ?? 0) + 1);
    expected.set('/pricing', expected.get('/pricing')! + 2);
    const key = (r: CountRow) => JSON.stringify([r.day, r.path, r.referrer_host, r.source, r.medium, r.campaign]);
    const prior = new Map(before.map((r) => [key(r), r.views]));
    const added = new Map<string, number>();
    for (const r of await stored()) {
      const n = r.views - (prior.get(key(r)) ?? 0);
      if (n === 0) continue;
      expect(r, 'a new view has no tags or referrer').toMatchObject({ referrer_host: '', source: '', medium: '', campaign: '' });
      added.set(r.path, n);
    }
    expect(added).toEqual(expected);
  }, 300_000);
});
