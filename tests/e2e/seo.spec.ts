import { HtmlValidate } from 'html-validate';
import { LinkChecker } from 'linkinator';
import { routes } from '../../src/lib/config/routes';
import { loadContent } from '../support/content';
import { expect, test } from './fixtures';

function jsonLd(html: string) {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

test.describe('search and sharing metadata', () => {
  for (const route of routes) {
    test(`${route.path}: Open Graph and Twitter card with its own image, Organization JSON-LD`, async ({ page, request }) => {
      await page.goto(route.path);
      const og = (p: string) => page.locator(`meta[property="og:${p}"]`).getAttribute('content');
      expect(await og('title')).toBe(route.title);
      expect(await og('description')).toBe(route.description);
      const image = await og('image');
      expect(image).toMatch(/\/og\/[a-z-]+\.png$/);
      expect(await page.locator('meta[name="twitter:card"]').getAttribute('content')).toBe('summary_large_image');
      const res = await request.get(new URL(image!).pathname);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
      expect((await res.body()).subarray(1, 4).toString()).toBe('PNG');
      const ld = jsonLd(await page.content());
      const org = ld.find((d) => d['@type'] === 'Organization');
      expect(org).toMatchObject({ '@context': 'https://schema.org', name: expect.any(String), url: expect.any(String) });
    });
  }
});

const { articles } = await loadContent();

test('every route and every article is valid HTML (html-validate)', async ({ request }) => {
  // The HTML standard's rules (not a style guide): React's serialisation style (`<meta/>`, `noModule=""`)
  // is valid HTML; ids such as React's `_R_` are valid in HTML5. One exception, Astro's own: it writes its
  // islands' one-line <style> (`display:contents`) in the <body>, before the first island, where browsers
  // apply it as they would in the <head> (withastro/astro#7349, #10308). No code of ours moves Astro's
  // output, so a <style> is accepted in flow content; every other rule stands.
  const validator = new HtmlValidate({
    extends: ['html-validate:standard'],
    elements: ['html5', { style: { flow: true } }],
    rules: { 'valid-id': ['error', { relaxed: true }], 'attr-case': 'off', 'void-style': 'off' },
  });
  const problems: string[] = [];
  const check = async (name: string, html: string) => {
    const report = await validator.validateString(html, `${name}.html`);
    for (const result of report.results) {
      for (const m of result.messages) problems.push(`${name}:${m.line}:${m.column} ${m.ruleId} ${m.message}`);
    }
  };
  for (const route of [...routes.map((r) => r.path), ...articles.map((a) => `/blog/${a.slug}`), '/signup?plan=free', '/contact?subject=business', '/no-such-page']) {
    await check(route, await (await request.get(route)).text());
  }
  // The server's own answers share one page (src/pages/errors): a refused post and a method not taken.
  await check('403 refused post', await (await request.post('/contact?form=contact', { headers: { Origin: 'https://evil.example' }, form: { a: 'b' } })).text());
  await check('405 PUT', await (await request.put('/pricing')).text());
  expect(problems).toEqual([]);
});

test('no broken internal links anywhere on the site (linkinator)', async ({ baseURL }) => {
  test.setTimeout(120_000);
  const checker = new LinkChecker();
  const result = await checker.check({
    path: `${baseURL}/`,
    recurse: true,
    concurrency: 8,
    linksToSkip: (link: string) => Promise.resolve(!link.startsWith(baseURL!)),
  });
  const broken = result.links.filter((l) => l.state === 'BROKEN').map((l) => `${l.status} ${l.url} (from ${l.parent})`);
  expect(broken).toEqual([]);
  expect(result.links.filter((l) => l.state === 'OK').length).toBeGreaterThan(30);
});
