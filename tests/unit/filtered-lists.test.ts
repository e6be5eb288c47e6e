import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templates } from '@/content/templates';
import { MAX_QUERY_LENGTH } from '@/lib/filters';
import { answerFilteredList, pageWithFilteredList } from '../../server/filtered-lists';
import type { StaticFiles } from '../../server/static-files';
import { loadContent } from '../helpers/content';

const { articles, jobs } = await loadContent();

// server/filtered-lists.tsx: GET /blog, /careers, /templates with a query answer the prerendered page with
// only the list island's children rendered for that query. Here on a small stand-in for the built page.

const islandTag = (component: string) =>
  `<astro-island uid="u1" prefix="r7" component-url="/_astro/list.js" component-export="${component}" renderer-url="/_astro/client.js" ` +
  `props="{&quot;note&quot;:[0,&quot;a > b&quot;]}" ssr client="interaction" opts="{&quot;value&quot;:{&quot;query&quot;:true}}" await-children>`;
const before = (component: string) => `<!DOCTYPE html><html><head><script>window.inline=1</script></head><body><main><p>Above</p>${islandTag(component)}`;
const after = '<!--astro:end--></astro-island><p>Below</p></main><script type="module" src="/_astro/page.js"></script></body></html>';
const pageOf = (component: string) => `${before(component)}<div>prerendered list</div>${after}`;
const pages: Record<string, string> = { '/blog': pageOf('ArticleList'), '/careers': pageOf('JobList'), '/templates': pageOf('TemplateGallery') };

function render(path: string, search: string) {
  const html = pageWithFilteredList(pages[path], path, search);
  expect(html).toBeDefined();
  return html!;
}
const statusLine = (html: string) => /role="status"[^>]*>([^<]*)</.exec(html)?.[1];
const searchValue = (html: string) => /name="q"[^>]*value="([^"]*)"/.exec(html)?.[1];

describe('pageWithFilteredList', () => {
  it('replaces only the island’s children, keeping its element, Astro’s end marker and every script', () => {
    const html = render('/blog', 'category=Tutorials');
    expect(html.startsWith(before('ArticleList'))).toBe(true);
    expect(html.endsWith(after)).toBe(true);
    expect(html).not.toContain('prerendered list');
    expect(html.match(/<script/g)).toHaveLength(2);
    // React's ids use the island's prefix, as the browser's render does.
    expect(html).toMatch(/id="_r7[^"]*"/);
  });

  it('renders the count line, the matching cards and the chosen chip', () => {
    const tutorials = articles.filter((a) => a.category === 'Tutorials');
    const html = render('/blog', 'category=Tutorials');
    expect(statusLine(html)).toBe(`Showing ${tutorials.length} of ${articles.length} articles`);
    expect(html.match(/<article/g)).toHaveLength(tutorials.length);
    expect(html).toMatch(/aria-pressed="true"[^>]*>Tutorials</);
    expect(html).toContain('data-filters="?category=Tutorials"');

    const engineers = jobs.filter((j) => `${j.title} ${j.description}`.toLowerCase().includes('engineer'));
    const careers = render('/careers', 'q=engineer');
    expect(statusLine(careers)).toBe(`Showing ${engineers.length} of ${jobs.length} positions`);
    expect(searchValue(careers)).toBe('engineer');

    const gallery = render('/templates', 'q=zzz-none');
    expect(statusLine(gallery)).toBe(`Showing 0 of ${templates.length} templates`);
    expect(gallery).toContain('No templates found matching your criteria.');
    expect(gallery).toMatch(/<a [^>]*href="\/templates#gallery-title"[^>]*>Clear Filters<\/a>/);
  });

  it('shows markup in q as text only', () => {
    const html = render('/blog', `q=${encodeURIComponent('"><script>alert(1)</script><img src=x onerror=alert(2)>')}`);
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).not.toContain('<img src=x');
    expect(searchValue(html)).toBe('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;');
    expect(statusLine(html)).toBe(`Showing 0 of ${articles.length} articles`);
  });

  it('reads odd queries as the browser does: unknown category All, first of repeated params, q cut to 100', () => {
    const unknown = render('/careers', 'category=Nope&category=Design');
    expect(statusLine(unknown)).toBe(`${jobs.length} positions`);
    expect(unknown).toMatch(/aria-pressed="true"[^>]*>All</);
    const repeated = render('/careers', 'q=designer&q=engineer&category=Design&category=Sales');
    expect(searchValue(repeated)).toBe('designer');
    expect(repeated).toMatch(/aria-pressed="true"[^>]*>Design</);

    const long = render('/blog', `q=${'a'.repeat(5000)}`);
    expect(searchValue(long)).toBe('a'.repeat(MAX_QUERY_LENGTH));
    // Never cut inside a surrogate pair.
    const emoji = render('/blog', `q=${'a'.repeat(MAX_QUERY_LENGTH - 1)}${encodeURIComponent('😀')}`);
    expect(searchValue(emoji)).toBe('a'.repeat(MAX_QUERY_LENGTH - 1));
    // Only spaces: not a filter.
    expect(statusLine(render('/blog', 'q=%20%20%20'))).toBe(`${articles.length} articles`);
  });

  it('never throws on odd input', () => {
    for (const search of ['%', '%E0%A4%A', 'q=%ED%A0%80', 'q=%00%01&category=%00', 'category=__proto__', 'category=constructor', 'q[]=x&q=', '&&&=&=', 'q=%D9%85%D8%B1%D8%AD%D8%A8%D8%A7', `q=${'%F0%9F%98%80'.repeat(300)}`]) {
      for (const path of Object.keys(pages)) expect(() => render(path, search), `${path}?${search}`).not.toThrow();
    }
  });

  it('answers undefined for another page, or a page without the list', () => {
    expect(pageWithFilteredList(pages['/blog'], '/about', 'q=x')).toBeUndefined();
    expect(pageWithFilteredList(pages['/blog'], 'constructor', 'q=x')).toBeUndefined();
    expect(pageWithFilteredList('<html><body>no island</body></html>', '/blog', 'q=x')).toBeUndefined();
  });
});

describe('answerFilteredList (HTTP)', () => {
  const policy = "default-src 'self'; script-src 'self' 'sha256-abc='";
  const files = { page: (p: string) => (pages[p] ? { html: pages[p], policy } : undefined) } as unknown as StaticFiles;
  const errors: unknown[] = [];
  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      answerFilteredList(req, res, files, false, (err) => errors.push(err)).then((answered) => {
        if (!answered) res.writeHead(299, { 'Content-Type': 'text/plain' }).end('not a filtered list');
      }, () => res.writeHead(500).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers 200 with the page’s CSP and a short public cache lifetime, also for odd queries', async () => {
    for (const query of ['q=engineer', 'q=%3Cscript%3E', `q=${'x'.repeat(4000)}`, 'q=a&q=b&category=Nope', 'q=%FF%FE%', 'category=%F0%9F%98%80']) {
      const res = await fetch(`${base}/careers?${query}`);
      expect(res.status, query).toBe(200);
      expect(res.headers.get('content-security-policy')).toBe(policy);
      expect(res.headers.get('cache-control')).toBe('public, max-age=60');
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toContain('<p>Below</p>');
    }
    expect(errors).toEqual([]);
  });

  it('leaves other requests to the static files: no query, an empty query, another page, a POST', async () => {
    for (const url of ['/careers', '/careers?', '/about?q=x', '/careers/x?q=y']) {
      expect((await fetch(base + url)).status, url).toBe(299);
    }
    expect((await fetch(`${base}/careers?q=x`, { method: 'POST' })).status).toBe(299);
  });

  it('answers HEAD without a body', async () => {
    const res = await fetch(`${base}/blog?category=Tutorials`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('sends it compressed when the browser takes it', async () => {
    const res = await new Promise<http.IncomingMessage>((resolve) => http.get(`${base}/templates?q=story`, { headers: { 'accept-encoding': 'br' } }, resolve));
    expect(res.headers['content-encoding']).toBe('br');
    res.resume();
  });
});
