import { footerNav, mainNav } from '../../src/content/navigation';
import { site } from '../../src/lib/config/site';
import { routes } from '../../src/lib/config/routes';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { loadContent } from '../support/content';
import { expectAxeCleanAtBothWidths } from '../support/page-checks';

// The collections as Astro loads them (tests/support/content.ts), made into what the pages show.
const { articles } = await loadContent();

function titleOf(route: (typeof routes)[number]) {
  return route.path === '/' ? route.title : `${route.title} | ${site.name}`;
}

test.describe('every public route', () => {
  for (const route of routes) {
    test(`${route.path} answers 200 with its own title, description, canonical and h1`, async ({ page, request }) => {
      const res = await request.get(route.path);
      expect(res.status()).toBe(200);
      const html = await res.text();
      // Prerendered: header and footer are in the HTML the server sends.
      expect(html).toContain('aria-label="Main"');
      expect(html).toContain('aria-label="Footer"');

      await page.goto(route.path);
      await expect(page).toHaveTitle(titleOf(route));
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', route.description);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(new URL(canonical!).pathname).toBe(route.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    });
  }

  test('titles and descriptions are unique across routes', () => {
    expect(new Set(routes.map((r) => r.title)).size).toBe(routes.length);
    expect(new Set(routes.map((r) => r.description)).size).toBe(routes.length);
  });
});

test.describe('accessibility (axe, WCAG 2.2 A/AA)', () => {
  for (const route of routes) {
    // The one axe check of each route as first shown (the page specs check their other states).
    test(`${route.path} has no violations at 1280 px and 375 px, no horizontal scrolling at 375 px, and no CSP violation`, async ({ page, consoleMessages }) => {
      // Two full axe runs over long pages on a shared 2-core machine.
      test.setTimeout(90_000);
      await page.goto(route.path, { waitUntil: 'networkidle' });
      // At 1280 px, then reloaded at 375 px.
      await expectAxeCleanAtBothWidths(page);
      expect(consoleMessages.filter((m) => /Content Security Policy|Refused to/i.test(m))).toEqual([]);
    });
  }
});

test.describe('not found', () => {
  test('an unknown path answers 404 with the not-found page and logs the path', async ({ page, consoleMessages }) => {
    const res = await page.goto('/no-such-page/at-all');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    const home = page.getByRole('link', { name: 'Return to Home' });
    await expect(home).toHaveAttribute('href', '/');
    await expect.poll(() => consoleMessages.join('\n')).toContain('/no-such-page/at-all');
    await expectNoAxeViolations(page);
    await home.click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the 404 status comes without JavaScript too', async ({ request }) => {
    const res = await request.get('/definitely-missing');
    expect(res.status()).toBe(404);
    expect(await res.text()).toContain('Oops! Page not found');
  });
});

test.describe('header and footer', () => {
  test('the footer holds every public link and each resolves', async ({ page, request }) => {
    const expected = [
      '/features', '/pricing', '/templates', '/#integrations', '/api', '/mobile', '/about', '/careers', '/blog',
      '/press', '/partners', '/affiliate', '/agency', '/privacy', '/terms', '/cookies', '/gdpr', '/security',
    ];
    await page.goto('/');
    const footer = page.getByRole('navigation', { name: 'Footer' });
    const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (const href of expected) expect(hrefs).toContain(href);
    for (const href of new Set(footerNav.flatMap((c) => c.links.map((l) => l.href)))) {
      const res = await request.get(href.split('#')[0]);
      expect(res.status(), href).toBe(200);
    }
    await expect(page.locator('#integrations')).toHaveCount(1);
    const social = page.getByRole('list', { name: 'Social profiles' }).getByRole('link');
    await expect(social).toHaveCount(site.social.length);
  });

  test('the logo links home and the main navigation has the integrations anchor', async ({ page }) => {
    await page.goto('/pricing');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Integrations' })).toHaveAttribute('href', '/#integrations');
    for (const link of mainNav) await expect(nav.getByRole('link', { name: link.label, exact: true })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: `${site.name} home` }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
    await page.goto('/features');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
  });

  test('the mobile menu opens and closes by keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Pricing' })).toBeVisible();
    await expectNoAxeViolations(page);
    // Focus stays inside the open menu.
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    // A link in the menu navigates and closes it.
    await page.keyboard.press('Enter');
    await dialog.getByRole('link', { name: 'Pricing' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(dialog).toBeHidden();
  });
});

test.describe('discovery files', () => {
  test(`sitemap.xml lists the ${routes.length} public routes (/signup among them) and every blog post, nothing of /staff; robots.txt points at it`, async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    const expected = [...routes.map((r) => r.path), ...articles.map((a) => `/blog/${a.slug}`)];
    expect(locs.sort()).toEqual(expected.sort());
    expect(locs.filter((l) => routes.some((r) => r.path === l))).toHaveLength(routes.length);
    expect(locs).toContain('/signup');
    expect(locs.filter((l) => l.startsWith('/staff'))).toEqual([]);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/Sitemap: https?:\/\/[^\s]+\/sitemap\.xml/);
  });
});
