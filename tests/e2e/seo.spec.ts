import { LinkChecker } from 'linkinator';
import { routes } from '../../src/lib/config/routes';
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
