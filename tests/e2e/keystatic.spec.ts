// The content editor (Keystatic, keystatic.config.ts) exists under `astro dev` only: the production server has
// no /keystatic page and no /api/keystatic endpoint (they answer the site's 404), ships none of the editor's
// code, and robots.txt keeps crawlers away from both paths.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';

const clientDir = path.resolve(process.env.ASTRO_OUT_DIR || 'dist', 'client');

test.describe('content editor in production', () => {
  for (const url of ['/keystatic', '/keystatic/collection/articles', '/api/keystatic/github/login', '/api/keystatic/tree']) {
    test(`${url} answers 404`, async ({ request }) => {
      const res = await request.get(url, { maxRedirects: 0 });
      expect(res.status()).toBe(404);
      expect(res.headers()['content-type']).toMatch(/^text\/html/);
      expect(await res.text()).toContain('Oops! Page not found');
    });
  }

  test('robots.txt disallows /keystatic and /api/keystatic', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/^Disallow: \/keystatic$/m);
    expect(robots).toMatch(/^Disallow: \/api\/keystatic$/m);
  });

  test("the build's browser files hold none of the editor's code", () => {
    const hits: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.(js|mjs|css|html)$/.test(entry.name) && /@keystatic|keystatic-core|@keystar\/ui/.test(fs.readFileSync(file, 'utf8'))) hits.push(path.relative(clientDir, file));
      }
    };
    walk(clientDir);
    expect(hits).toEqual([]);
  });
});
