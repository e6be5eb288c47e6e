import { site } from '../../src/lib/config/site';
import { expect, test } from './fixtures';

// axe at 1280 and 375 px and no horizontal scrolling on /features and /mobile: site-shell.spec.ts checks
// every public route.

// /features and /mobile; the store links come from lib/config/site.ts.

test.describe('/features', () => {
  test('six core feature cards with the six badges, and the four extras', async ({ page }) => {
    await page.goto('/features');
    const core = page.getByRole('region', { name: 'Core features' });
    const cards = core.locator(':scope ul.grid > li');
    await expect(cards).toHaveCount(6);
    const badges = ['Core Feature', 'Popular', 'AI-Powered', 'Pro', 'New', 'CRM'];
    for (const [i, badge] of badges.entries()) {
      await expect(cards.nth(i).getByText(badge, { exact: true })).toBeVisible();
      await expect(cards.nth(i).getByRole('heading', { level: 3 })).not.toBeEmpty();
    }

    const extras = page.getByRole('region', { name: 'And there is more' }).getByRole('listitem');
    await expect(extras).toHaveCount(4);
    const text = (await extras.allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
    expect(text[0]).toMatch(/campaign management/i);
    expect(text[1]).toMatch(/team collaboration/i);
    expect(text[1]).toMatch(/role-based permissions/i);
    expect(text[1]).toMatch(/approval workflows/i);
    expect(text[2]).toMatch(/50\+ languages/i);
    expect(text[2]).toMatch(/AI translation/i);
    expect(text[3]).toMatch(/mobile apps/i);
  });
});

test.describe('/mobile', () => {
  test('iOS and Android download buttons link to the store URLs of the site config', async ({ page }) => {
    await page.goto('/mobile');
    const ios = page.getByRole('link', { name: /App Store.*iOS/ });
    const android = page.getByRole('link', { name: /Google Play.*Android/ });
    // In the hero and again in the download band.
    await expect(ios).toHaveCount(2);
    await expect(android).toHaveCount(2);
    for (const link of await ios.all()) await expect(link).toHaveAttribute('href', site.stores.ios);
    for (const link of await android.all()) await expect(link).toHaveAttribute('href', site.stores.android);
    await expect(ios.first()).toBeVisible();
    await expect(android.first()).toBeVisible();
    await expect(ios.first()).toHaveAttribute('rel', /noopener/);
  });

  test('screenshots are made for this project and everything loads from this site', async ({ page, baseURL }) => {
    const external: string[] = [];
    page.on('request', (req) => {
      if (!req.url().startsWith(baseURL!) && !req.url().startsWith('data:')) external.push(req.url());
    });
    const failed: string[] = [];
    page.on('requestfailed', (req) => failed.push(req.url()));
    await page.goto('/mobile', { waitUntil: 'networkidle' });
    const shots = page.getByRole('region', { name: 'Your whole workflow, on your phone' }).getByRole('img', { name: /^Screenshot of the / });
    await expect(shots).toHaveCount(3);
    for (const shot of await shots.all()) {
      await expect(shot).toBeVisible();
      const box = (await shot.boundingBox())!;
      expect(box.height).toBeGreaterThan(box.width);
      expect(box.width).toBeGreaterThan(150);
    }
    expect(external).toEqual([]);
    expect(failed).toEqual([]);
    const broken = await page.locator('img').evaluateAll((imgs) => (imgs as HTMLImageElement[]).filter((i) => i.complete && i.naturalWidth === 0).map((i) => i.src));
    expect(broken).toEqual([]);
  });
});
