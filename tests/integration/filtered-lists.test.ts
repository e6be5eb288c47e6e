import { spawnSync } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templates } from '@/content/templates';
import { MAX_QUERY_LENGTH } from '@/lib/filters';
import { launch, type StartedServer } from '../support/start-server';
import { loadContent } from '../support/content';

// GET /blog, /careers, /templates with a query naming q or category: the page, rendered by Astro on request for that query
// (src/pages/on-request), on the production server. Filtering in the browser: tests/e2e/company-*.spec.ts.

const root = path.resolve(__dirname, '../..');
// The collections as Astro loads them (tests/support/content.ts), made into what the pages show.
const { articles, jobs } = await loadContent();
let server: StartedServer;
beforeAll(async () => {
  // The server needs a production build of the current sources (npm test has made it already).
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'server/build.ts', '--if-needed'], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
  if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}\n${build.stderr}`);
  server = await launch({ DATABASE_URL: '' });
}, 300_000);
afterAll(() => server?.stop());

async function page(pathAndQuery: string) {
  const res = await fetch(server.url + pathAndQuery);
  return { res, html: await res.text() };
}
const statusLine = (html: string) => /role="status"[^>]*>([^<]*)</.exec(html)?.[1];
const searchValue = (html: string) => /name="q"[^>]*value="([^"]*)"/.exec(html)?.[1];
/** The list under the count line (the page has other cards above it, such as the featured article). */
const list = (html: string) => {
  const from = html.indexOf('role="status"');
  return html.slice(from, html.indexOf('</ul>', from));
};

describe('a filtered list rendered for its address', () => {
  it('shows the count line, the matching cards and the chosen chip', async () => {
    const tutorials = articles.filter((a) => a.category === 'Tutorials');
    const { html } = await page('/blog?category=Tutorials');
    expect(statusLine(html)).toBe(`Showing ${tutorials.length} of ${articles.length} articles`);
    expect(list(html).match(/<article/g)).toHaveLength(tutorials.length);
    expect(html).toMatch(/aria-pressed="true"[^>]*>Tutorials</);

    const engineers = jobs.filter((j) => `${j.title} ${j.description}`.toLowerCase().includes('engineer'));
    const careers = (await page('/careers?q=engineer')).html;
    expect(statusLine(careers)).toBe(`Showing ${engineers.length} of ${jobs.length} positions`);
    expect(searchValue(careers)).toBe('engineer');

    const gallery = (await page('/templates?q=zzz-none')).html;
    expect(statusLine(gallery)).toBe(`Showing 0 of ${templates.length} templates`);
    expect(gallery).toContain('No templates found matching your criteria.');
    expect(gallery).toMatch(/<a [^>]*href="\/templates#gallery-title"[^>]*>Clear Filters<\/a>/);
  });

  it('is the prerendered page itself when the query holds no filter', async () => {
    const { res, html } = await page('/careers?utm_source=newsletter');
    const prerendered = await page('/careers');
    expect(html).toBe(prerendered.html);
    // The file itself: the same validator, so a campaign link is answered from the browser's cache too.
    expect(res.headers.get('etag')).toBeTruthy();
    expect(res.headers.get('etag')).toBe(prerendered.res.headers.get('etag'));
    const again = await fetch(`${server.url}/careers?utm_source=newsletter`, { headers: { 'If-None-Match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('shows markup in q as text only', async () => {
    const { html } = await page(`/blog?q=${encodeURIComponent('"><script>alert(1)</script><img src=x onerror=alert(2)>')}`);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(searchValue(html)).toBe('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;');
    expect(statusLine(html)).toBe(`Showing 0 of ${articles.length} articles`);
  });

  it('reads odd queries as the browser does: unknown category All, first of repeated params, q cut to 100', async () => {
    const unknown = (await page('/careers?category=Nope&category=Design')).html;
    expect(statusLine(unknown)).toBe(`${jobs.length} positions`);
    expect(unknown).toMatch(/aria-pressed="true"[^>]*>All</);
    const repeated = (await page('/careers?q=designer&q=engineer&category=Design&category=Sales')).html;
    expect(searchValue(repeated)).toBe('designer');
    expect(repeated).toMatch(/aria-pressed="true"[^>]*>Design</);

    expect(searchValue((await page(`/blog?q=${'a'.repeat(5000)}`)).html)).toBe('a'.repeat(MAX_QUERY_LENGTH));
    // Never cut inside a surrogate pair.
    const emoji = (await page(`/blog?q=${'a'.repeat(MAX_QUERY_LENGTH - 1)}${encodeURIComponent('😀')}`)).html;
    expect(searchValue(emoji)).toBe('a'.repeat(MAX_QUERY_LENGTH - 1));
    // Only spaces: not a filter.
    expect(statusLine((await page('/blog?q=%20%20%20')).html)).toBe(`${articles.length} articles`);
  });

  it('answers 200 with Astro’s CSP and a short public cache lifetime, also for odd queries', async () => {
    // A query that names no filter ('%', '&&&=&=') is answered with the prerendered file and its own lifetime.
    const fileLifetime = (await page('/careers')).res.headers.get('cache-control');
    for (const query of ['q=engineer', 'q=%3Cscript%3E', `q=${'x'.repeat(4000)}`, 'q=a&q=b&category=Nope', 'q=%FF%FE%', 'category=%F0%9F%98%80', '%', 'q=%00%01&category=%00', 'category=__proto__', 'q[]=x&q=', '&&&=&=']) {
      const { res, html } = await page(`/careers?${query}`);
      expect(res.status, query).toBe(200);
      expect(res.headers.get('content-security-policy'), query).toMatch(/script-src 'self' 'sha256-/);
      expect(res.headers.get('cache-control'), query).toBe(/(^|&)(q|category)=/.test(query) ? 'public, max-age=60' : fileLifetime);
      expect(res.headers.get('content-type'), query).toBe('text/html; charset=utf-8');
      expect(html, query).toContain('id="open-positions"');
    }
  });

  it('leaves the other addresses to the prerendered files: no query, an empty query, another page', async () => {
    for (const url of ['/careers', '/careers?', '/about?q=x']) {
      const { res } = await page(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('cache-control'), url).toBe('public, max-age=0, must-revalidate');
    }
    expect((await page('/careers/x?q=y')).res.status).toBe(404);
    expect((await fetch(`${server.url}/careers?q=x`, { method: 'POST', headers: { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=b' })).status).toBe(405);
  });

  it('is not reachable at the address it is rendered under', async () => {
    expect((await page('/on-request/careers?q=x')).res.status).toBe(404);
    expect((await page('/on-request/careers')).res.status).toBe(404);
  });

  it('answers HEAD without a body', async () => {
    const res = await fetch(`${server.url}/blog?category=Tutorials`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('sends it compressed when the browser takes it', async () => {
    const res = await new Promise<http.IncomingMessage>((resolve) => http.get(`${server.url}/templates?q=story`, { headers: { 'accept-encoding': 'br' } }, resolve));
    expect(res.headers['content-encoding']).toBe('br');
    res.resume();
  });
});
