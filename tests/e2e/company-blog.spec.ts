import { site } from '../../src/lib/config/site';
import { expect, test } from './fixtures';
import { expectAxeCleanAtBothWidths, jsonLdOf } from '../support/page-checks';
import { collectErrors, markDocument, pageWithoutJs } from '../support/no-script-pages';
import { loadContent } from '../support/content';

// The collections as Astro loads them (tests/support/content.ts), made into what the pages show.
const { articles } = await loadContent();

// axe runs at two widths take a while on a shared 2-core machine.
test.describe.configure({ timeout: 60_000 });

const categories = ['All', 'Social Media', 'Marketing', 'Product Updates', 'Tutorials', 'Industry News'];

/** The titles the filter keeps (title or excerpt, any case, AND the category), written here independently of lib/filters.ts. */
function expected(q: string, category: string) {
  const needle = q.trim().toLowerCase();
  return articles
    .filter((a) => (category === 'All' || a.category === category) && `${a.title}\n${a.excerpt}`.toLowerCase().includes(needle))
    .map((a) => a.title);
}

test.describe('/blog', () => {
  test('featured article, at least 9 cards with image, author, date, read time, category and flags, newsletter block', async ({ page }) => {
    await page.goto('/blog');
    const featured = page.getByRole('region', { name: 'Featured Article' });
    await expect(featured.getByRole('heading', { level: 3, name: 'The Complete Social Media Strategy Guide for 2027' })).toBeVisible();
    await expect(featured.getByText('Featured', { exact: true })).toBeVisible();
    await expect(featured.getByRole('link', { name: /Read Article/ })).toHaveAttribute('href', '/blog/social-media-strategy-2027');

    const cards = page.locator('#articles article');
    expect(await cards.count()).toBeGreaterThanOrEqual(9);
    for (const card of (await cards.all()).slice(0, 3)) {
      await expect(card.locator('img')).toHaveAttribute('src', /\/blog\/[a-z0-9-]+\/cover\.svg$/);
      await expect(card.getByRole('heading', { level: 3 }).getByRole('link')).toHaveAttribute('href', /^\/blog\/[a-z0-9-]+$/);
      await expect(card.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
      await expect(card.getByText(/\d+ min read/)).toBeVisible();
    }
    const second = cards.nth(1);
    await expect(second.getByText('Priya Shah')).toBeVisible();
    await expect(second.getByText('November 11, 2026')).toBeVisible();
    // The read time is computed from the article's words (200 a minute), never typed.
    await expect(second.getByText(`· ${articles[1].readTime}`)).toBeVisible();
    expect(articles[1].readTime).toMatch(/^\d+ min read$/);
    await expect(second.getByText('Social Media', { exact: true })).toBeVisible();
    await expect(second.getByText('Trending', { exact: true })).toBeVisible();
    expect(await cards.filter({ hasText: 'Trending' }).count()).toBeGreaterThanOrEqual(2);

    const newsletter = page.getByRole('region', { name: 'Stay in the loop' });
    await expect(newsletter).toBeVisible();
    // The sign-up itself is the lead-capture work's NewsletterForm (source blog).
    expect(await newsletter.locator('[data-source="blog"], form').count()).toBeGreaterThan(0);
  });

  test('search matches title or excerpt, case-insensitively, ANDed with the category; empty state and Clear Filters', async ({ page }) => {
    await page.goto('/blog');
    const cards = page.locator('#articles article');
    const total = await cards.count();
    const search = page.getByRole('searchbox', { name: 'Search articles' });
    const group = page.getByRole('group', { name: 'Category' });
    await expect(group.getByRole('button')).toHaveText(categories);

    await search.fill('CANVA');
    // Title "From Canva to Instagram..." and excerpts mentioning Canva.
    await expect(cards).toHaveCount(articles.filter((a) => `${a.title} ${a.excerpt}`.toLowerCase().includes('canva')).length);
    await search.fill('four-week METHOD');
    await expect(cards).toHaveCount(1);
    await expect(cards.getByRole('heading')).toHaveText('The Best Times to Post on Every Platform, and How to Find Your Own');

    await search.fill('');
    await group.getByRole('button', { name: 'Product Updates' }).click();
    await expect(cards).toHaveCount(2);
    await search.fill('inbox');
    await expect(cards).toHaveCount(1);
    await group.getByRole('button', { name: 'Industry News' }).click();
    await expect(cards).toHaveCount(0);
    await expect(page.getByText('No articles found matching your criteria.')).toBeVisible();
    await expect(page).toHaveURL(/\/blog\?q=inbox&category=Industry\+News$/);

    await page.getByRole('link', { name: 'Clear Filters' }).click();
    await expect(search).toHaveValue('');
    await expect(group.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await expect(cards).toHaveCount(total);
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('filter state round-trips through the URL (direct link and reload)', async ({ page }) => {
    await page.goto('/blog?category=Tutorials&q=schedule');
    const cards = page.locator('#articles article');
    await expect(page.getByRole('button', { name: 'Tutorials', pressed: true })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('schedule');
    await expect(cards).toHaveCount(1);
    await expect(cards.getByRole('heading')).toHaveText('Schedule a Month of Posts in One Afternoon with Bulk Scheduling');
    await page.reload();
    await expect(cards).toHaveCount(1);
  });

  test('filters work from the keyboard alone', async ({ page }) => {
    await page.goto('/blog');
    await page.getByRole('searchbox', { name: 'Search articles' }).focus();
    await page.keyboard.press('Tab'); // All
    await page.keyboard.press('Tab'); // Social Media
    await page.keyboard.press('Tab'); // Marketing
    await expect(page.getByRole('button', { name: 'Marketing' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#articles article')).toHaveCount(2);
    await expect(page).toHaveURL(/category=Marketing/);
  });

  test('without JavaScript the filters are a form the server answers: Enter, a category, the empty state and Clear Filters', async ({ browser }) => {
    const page = await pageWithoutJs(browser);
    await page.goto('/blog');
    const cards = page.locator('#articles article');
    const titles = cards.getByRole('heading', { level: 3 });
    const search = page.getByRole('searchbox', { name: 'Search articles' });
    const group = page.getByRole('group', { name: 'Category' });
    const status = page.locator('#articles').getByRole('status');
    await expect(cards).toHaveCount(articles.length);

    await search.fill('Canva');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/blog\?q=Canva#articles$/);
    expect(expected('canva', 'All').length).toBeGreaterThan(1);
    await expect(titles).toHaveText(expected('canva', 'All'));
    await expect(status).toHaveText(`Showing ${expected('canva', 'All').length} of ${articles.length} articles`);
    await expect(search).toHaveValue('Canva');

    await group.getByRole('button', { name: 'Tutorials' }).click();
    await expect(page).toHaveURL(/\?q=Canva&category=Tutorials#articles$/);
    await expect(titles).toHaveText(expected('canva', 'Tutorials'));
    await expect(status).toHaveText(`Showing ${expected('canva', 'Tutorials').length} of ${articles.length} articles`);
    await expect(group.getByRole('button', { name: 'Tutorials' })).toHaveAttribute('aria-pressed', 'true');
    await expect(search).toHaveValue('Canva');

    // Enter keeps the category; markup typed is shown as text.
    await search.fill('<script>x</script>');
    await search.press('Enter');
    await expect(page).toHaveURL(/\?q=%3Cscript%3Ex%3C%2Fscript%3E&category=Tutorials#articles$/);
    await expect(page.getByText('No articles found matching your criteria.')).toBeVisible();
    await expect(status).toHaveText(`Showing 0 of ${articles.length} articles`);
    await expect(search).toHaveValue('<script>x</script>');
    await expect(group.getByRole('button', { name: 'Tutorials' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('link', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/blog#articles$/);
    await expect(cards).toHaveCount(articles.length);
    await expect(status).toHaveText(`${articles.length} articles`);
    await page.context().close();
  });

  test('a filtered address hydrates as served (no console error) and then filters as you type, without loading a page', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/blog?q=s&category=Tutorials', { waitUntil: 'networkidle' });
    const titles = page.locator('#articles article').getByRole('heading', { level: 3 });
    const search = page.getByRole('searchbox', { name: 'Search articles' });
    await expect(titles).toHaveText(expected('s', 'Tutorials'));
    await expect(page.getByRole('button', { name: 'Tutorials', pressed: true })).toBeVisible();
    await expect(search).toHaveValue('s');

    const sameDocument = await markDocument(page);
    await search.press('End');
    await search.pressSequentially('chedule');
    await expect(titles).toHaveText(['Schedule a Month of Posts in One Afternoon with Bulk Scheduling']);
    await expect(page).toHaveURL(/\/blog\?q=schedule&category=Tutorials$/);
    await page.getByRole('button', { name: 'All' }).click();
    await expect(titles).toHaveText(expected('schedule', 'All'));
    expect(await sameDocument()).toBe(true);
    expect(errors).toEqual([]);
  });

  test('every card opens its article page, with Article JSON-LD, canonical link, cover image and its own share image', async ({ page, request }) => {
    await page.goto('/blog');
    await page.locator('#articles article').nth(1).getByRole('link').click();
    await expect(page).toHaveURL(/\/blog\/best-times-to-post$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Best Times to Post on Every Platform, and How to Find Your Own');
    await expect(page).toHaveTitle(`The Best Times to Post on Every Platform, and How to Find Your Own | ${site.name}`);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(new URL(canonical!).pathname).toBe('/blog/best-times-to-post');
    await expect(page.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');

    const ld = (await jsonLdOf(page)).find((d) => d['@type'] === 'Article');
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      headline: 'The Best Times to Post on Every Platform, and How to Find Your Own',
      datePublished: '2026-11-11',
      author: { '@type': 'Person', name: 'Priya Shah' },
      publisher: { '@type': 'Organization', name: site.name },
      image: [expect.stringMatching(/\/og\/blog\/best-times-to-post\.png$/), expect.stringMatching(/\/blog\/best-times-to-post\/cover\.svg$/)],
    });
    // Its own share card, not the blog's.
    const share = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(new URL(share!).pathname).toBe('/og/blog/best-times-to-post.png');
    expect(await page.locator('meta[property="og:image:alt"]').getAttribute('content')).toBe('The Best Times to Post on Every Platform, and How to Find Your Own');

    for (const a of articles) {
      const res = await request.get(`/blog/${a.slug}`);
      expect(res.status(), a.slug).toBe(200);
      const img = await request.get(a.image);
      expect(img.status()).toBe(200);
      expect(img.headers()['content-type']).toBe('image/svg+xml');
      const card = await request.get(`/og/blog/${a.slug}.png`);
      expect(card.headers()['content-type'], a.slug).toBe('image/png');
      expect((await card.body()).subarray(1, 4).toString()).toBe('PNG');
    }
    expect((await request.get('/blog/no-such-post')).status()).toBe(404);
  });

  test('the sitemap lists every article page', async ({ request }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    for (const a of articles) expect(xml).toContain(`/blog/${a.slug}</loc>`);
  });

  // /blog as first shown: site-shell.spec.ts checks every public route.
  test('axe: no violations at 1280 and 375 px on /blog in the empty state', async ({ page }) => {
    await page.goto('/blog?q=zzz', { waitUntil: 'networkidle' });
    await expect(page.getByText('No articles found matching your criteria.')).toBeVisible();
    await expectAxeCleanAtBothWidths(page);
  });

  // One test an article (they were one test of some 80 s that the two workers could not share, and that
  // ran out of its 120 s on a loaded machine): every article page, as before.
  for (const a of articles) {
    test(`axe: no violations at 1280 and 375 px on the article page /blog/${a.slug}`, async ({ page }) => {
      await page.goto(`/blog/${a.slug}`, { waitUntil: 'networkidle' });
      await expectAxeCleanAtBothWidths(page);
    });
  }

  test('the featured guide delivers its templates and calendar as tables a screen reader reads, and states its computed read time', async ({ page }) => {
    const guide = articles.find((a) => a.featured)!;
    await page.goto(`/blog/${guide.slug}`);
    await expect(page.getByRole('main').getByText(guide.readTime).first()).toBeVisible();
    expect(Number(guide.readTime.split(' ')[0])).toBeGreaterThanOrEqual(8);
    const calendar = page.getByRole('region', { name: /12-month calendar/ }).getByRole('table');
    await expect(calendar.getByRole('columnheader').first()).toHaveText('Month');
    await expect(calendar.getByRole('rowheader')).toHaveText(['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']);
    // The table scrolls sideways on a phone, inside a region the keyboard reaches.
    await page.setViewportSize({ width: 375, height: 800 });
    const region = page.getByRole('region', { name: /12-month calendar/ });
    await region.focus();
    await expect(region).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
