import type { Page } from '@playwright/test';
import { templates } from '../../src/content/templates';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { collectErrors, markDocument, pageWithoutJs } from '../support/no-script-pages';

// /templates: search and category filters, Preview and Use Template (docs/content.md).

const chips = ['All', 'Instagram Post', 'Instagram Story', 'LinkedIn Post', 'Facebook Post', 'X (Twitter)', 'Pinterest', 'YouTube Thumbnail', 'TikTok'];

/** The filter rule (case-insensitive title search AND category), written here independently of lib/filters.ts. */
function expected(q: string, category: string) {
  return templates
    .filter((t) => (category === 'All' || t.category === category) && t.title.toLowerCase().includes(q.trim().toLowerCase()))
    .map((t) => t.title);
}

function gallery(page: Page) {
  return page.getByRole('region', { name: 'Template gallery' });
}
function cards(page: Page) {
  return gallery(page).getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
}
async function shownTitles(page: Page) {
  return cards(page).getByRole('heading', { level: 3 }).allTextContents();
}
function search(page: Page) {
  return page.getByRole('searchbox', { name: 'Search templates by title' });
}
function chip(page: Page, name: string) {
  return page.getByRole('group', { name: 'Category' }).getByRole('button', { name, exact: true });
}

test.describe('/templates', () => {
  test('search box, the nine category chips, at least 24 cards with title, category, likes, Pro badge and a local image', async ({ page, request }) => {
    await page.goto('/templates', { waitUntil: 'networkidle' });
    await expect(search(page)).toBeVisible();
    await expect(page.getByRole('group', { name: 'Category' }).getByRole('button')).toHaveText(chips);
    await expect(chip(page, 'All')).toHaveAttribute('aria-pressed', 'true');

    const all = cards(page);
    const count = await all.count();
    expect(count).toBeGreaterThanOrEqual(24);
    expect(count).toBe(templates.length);
    await expect(page.getByRole('status').filter({ hasText: 'templates' })).toHaveText(`Showing all ${count} templates`);

    // Spread over the categories: every category chip has at least one template.
    const categories = await all.evaluateAll((lis) => lis.map((li) => li.querySelector('h3 + p > span')?.textContent));
    for (const c of chips.slice(1)) expect(categories, c).toContain(c);

    for (const t of templates) {
      const card = all.filter({ has: page.getByRole('heading', { level: 3, name: t.title, exact: true }) });
      await expect(card.getByText(t.category, { exact: true })).toBeVisible();
      await expect(card).toContainText(`${t.likes.toLocaleString('en-US')} likes`);
      await expect(card.getByText('Pro', { exact: true })).toHaveCount(t.isPro ? 1 : 0);
      const img = card.getByRole('img');
      await expect(img).toHaveAttribute('alt', /\S/);
      const src = (await img.getAttribute('src'))!;
      expect(src.startsWith('/'), `${t.title}: served locally`).toBe(true);
      const res = await request.get(src);
      expect(res.status(), src).toBe(200);
      expect(res.headers()['content-type']).toMatch(/^image\//);
    }
    // The first images are loaded and decoded (none broken).
    const broken = await page.locator('img[src^="/templates/"]').evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).filter((i) => i.complete && i.naturalWidth === 0).map((i) => i.src),
    );
    expect(broken).toEqual([]);
  });

  test('search is case-insensitive on the title, ANDed with the category; All matches everything', async ({ page }) => {
    await page.goto('/templates', { waitUntil: 'networkidle' });
    await search(page).fill('THUMBNAIL');
    await expect.poll(() => shownTitles(page)).toEqual(expected('thumbnail', 'All'));
    expect(expected('thumbnail', 'All').length).toBeGreaterThan(1);
    await expect(page).toHaveURL(/\/templates\?q=THUMBNAIL$/);

    await search(page).fill('tutorial');
    const both = expected('tutorial', 'All');
    expect(both.length).toBeGreaterThan(1);
    await expect.poll(() => shownTitles(page)).toEqual(both);
    await expect(page.getByRole('status').filter({ hasText: 'templates' })).toHaveText(`Showing ${both.length} of ${templates.length} templates`);

    await chip(page, 'Pinterest').click();
    await expect(chip(page, 'Pinterest')).toHaveAttribute('aria-pressed', 'true');
    await expect(chip(page, 'All')).toHaveAttribute('aria-pressed', 'false');
    const and = expected('tutorial', 'Pinterest');
    expect(and.length).toBeGreaterThan(0);
    expect(and.length).toBeLessThan(both.length);
    await expect.poll(() => shownTitles(page)).toEqual(and);
    await expect(page).toHaveURL(/\/templates\?q=tutorial&category=Pinterest$/);

    // Category alone.
    await search(page).fill('');
    await expect.poll(() => shownTitles(page)).toEqual(expected('', 'Pinterest'));
    for (const c of await cards(page).all()) await expect(c).toContainText('Pinterest');

    // 'All' matches everything again.
    await chip(page, 'All').click();
    await expect(cards(page)).toHaveCount(templates.length);
    await expect(page).toHaveURL(/\/templates$/);
  });

  test("empty state 'No templates found matching your criteria.' and Clear Filters resets both filters", async ({ page }) => {
    await page.goto('/templates', { waitUntil: 'networkidle' });
    await chip(page, 'LinkedIn Post').click();
    await search(page).fill('Recipe');
    expect(expected('recipe', 'LinkedIn Post')).toEqual([]);
    await expect(page.getByText('No templates found matching your criteria.', { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'templates' })).toHaveText(`Showing 0 of ${templates.length} templates`);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Clear Filters' }).click();
    await expect(search(page)).toHaveValue('');
    await expect(chip(page, 'All')).toHaveAttribute('aria-pressed', 'true');
    await expect(chip(page, 'LinkedIn Post')).toHaveAttribute('aria-pressed', 'false');
    await expect(cards(page)).toHaveCount(templates.length);
    await expect(page).toHaveURL(/\/templates$/);
    await expect(page.getByText('No templates found matching your criteria.')).toHaveCount(0);
  });

  test('the filters live in the URL: a shared link, reload and back show the same view', async ({ page }) => {
    // A shared link.
    await page.goto('/templates?q=story&category=Instagram%20Story', { waitUntil: 'networkidle' });
    await expect(search(page)).toHaveValue('story');
    await expect(chip(page, 'Instagram Story')).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => shownTitles(page)).toEqual(expected('story', 'Instagram Story'));

    // Reload keeps it.
    await page.reload();
    await expect(search(page)).toHaveValue('story');
    await expect(chip(page, 'Instagram Story')).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => shownTitles(page)).toEqual(expected('story', 'Instagram Story'));

    // A new category is a new history entry; Back returns to the previous view.
    await chip(page, 'TikTok').click();
    await expect(page).toHaveURL(/\?q=story&category=TikTok$/);
    await expect.poll(() => shownTitles(page)).toEqual(expected('story', 'TikTok'));
    await page.goBack();
    await expect(page).toHaveURL(/\?q=story&category=Instagram(\+|%20)Story$/);
    await expect(chip(page, 'Instagram Story')).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => shownTitles(page)).toEqual(expected('story', 'Instagram Story'));
    await page.goForward();
    await expect(chip(page, 'TikTok')).toHaveAttribute('aria-pressed', 'true');

    // Back to a view with a different search text adopts that text.
    await page.goto('/templates?q=pin', { waitUntil: 'networkidle' });
    await page.goto('/templates?q=launch', { waitUntil: 'networkidle' });
    await expect(search(page)).toHaveValue('launch');
    await page.goBack();
    await expect(search(page)).toHaveValue('pin');
    await expect.poll(() => shownTitles(page)).toEqual(expected('pin', 'All'));

    // An unknown category reads as All.
    await page.goto('/templates?category=Nonsense', { waitUntil: 'networkidle' });
    await expect(chip(page, 'All')).toHaveAttribute('aria-pressed', 'true');
    await expect(cards(page)).toHaveCount(templates.length);
  });

  test('without JavaScript the page lists every template and Preview links to the image', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/templates', { waitUntil: 'networkidle' });
    await expect(cards(page)).toHaveCount(templates.length);
    // Preview falls back to a link to the full-size image.
    const first = templates[0];
    await expect(page.getByRole('link', { name: `Preview: ${first.title}` })).toHaveAttribute('href', first.image);
    await context.close();
  });

  test('without JavaScript the filters are a form the server answers: Enter, a chip, the empty state and Clear Filters', async ({ browser }) => {
    const page = await pageWithoutJs(browser);
    await page.goto('/templates');
    const status = page.getByRole('status').filter({ hasText: 'templates' });
    await expect(cards(page)).toHaveCount(templates.length);

    await search(page).fill('story');
    await search(page).press('Enter');
    await expect(page).toHaveURL(/\/templates\?q=story#gallery-title$/);
    await expect.poll(() => shownTitles(page)).toEqual(expected('story', 'All'));
    await expect(status).toHaveText(`Showing ${expected('story', 'All').length} of ${templates.length} templates`);
    await expect(search(page)).toHaveValue('story');

    await chip(page, 'Instagram Story').click();
    await expect(page).toHaveURL(/\?q=story&category=Instagram\+Story#gallery-title$/);
    await expect.poll(() => shownTitles(page)).toEqual(expected('story', 'Instagram Story'));
    await expect(chip(page, 'Instagram Story')).toHaveAttribute('aria-pressed', 'true');
    await expect(chip(page, 'All')).toHaveAttribute('aria-pressed', 'false');
    await expect(search(page)).toHaveValue('story');

    // Enter keeps the chosen category.
    await search(page).fill('Recipe');
    await search(page).press('Enter');
    expect(expected('recipe', 'Instagram Story')).toEqual([]);
    await expect(page).toHaveURL(/\?q=Recipe&category=Instagram\+Story#gallery-title$/);
    await expect(page.getByText('No templates found matching your criteria.', { exact: true })).toBeVisible();
    await expect(status).toHaveText(`Showing 0 of ${templates.length} templates`);
    await page.getByRole('link', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/templates#gallery-title$/);
    await expect(cards(page)).toHaveCount(templates.length);
    await expect(status).toHaveText(`Showing all ${templates.length} templates`);
    await page.context().close();
  });

  test('a filtered address hydrates as served (no console error) and then filters as you type, without loading a page', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/templates?q=s&category=Instagram+Story', { waitUntil: 'networkidle' });
    await expect.poll(() => shownTitles(page)).toEqual(expected('s', 'Instagram Story'));
    await expect(chip(page, 'Instagram Story')).toHaveAttribute('aria-pressed', 'true');
    await expect(search(page)).toHaveValue('s');
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeHidden();

    const sameDocument = await markDocument(page);
    await search(page).press('End');
    await search(page).pressSequentially('tory');
    await expect.poll(() => shownTitles(page)).toEqual(expected('story', 'Instagram Story'));
    await expect(page).toHaveURL(/\/templates\?q=story&category=Instagram\+Story$/);
    // Enter does not reset the category (the form's first submit button is the hidden Search button, not a chip).
    await search(page).press('Enter');
    await expect(chip(page, 'Instagram Story')).toHaveAttribute('aria-pressed', 'true');
    await chip(page, 'All').click();
    await expect.poll(() => shownTitles(page)).toEqual(expected('story', 'All'));
    expect(await sameDocument()).toBe(true);
    expect(errors).toEqual([]);
  });

  test('Preview and Use Template are revealed on keyboard focus and on hover', async ({ page }) => {
    await page.goto('/templates', { waitUntil: 'networkidle' });
    const first = cards(page).first();
    const title = (await first.getByRole('heading', { level: 3 }).textContent())!;
    const actions = first.getByTestId('template-actions');
    const opacity = () => actions.evaluate((el) => getComputedStyle(el).opacity);
    await expect.poll(opacity).toBe('0');

    // Keyboard: Tab from the search box through the chips reaches the first card's Preview.
    await search(page).focus();
    const preview = first.getByRole('button', { name: `Preview: ${title}` });
    let guard = 0;
    while (!(await preview.evaluate((el) => el === document.activeElement)) && guard++ < 20) await page.keyboard.press('Tab');
    await expect(preview).toBeFocused();
    await expect.poll(opacity).toBe('1');
    await expect(preview).toBeVisible();
    await page.keyboard.press('Tab');
    const use = first.getByRole('link', { name: `Use Template: ${title}` });
    await expect(use).toBeFocused();
    await expect.poll(opacity).toBe('1');
    // Leaving the card hides them again.
    await page.keyboard.press('Tab');
    await expect.poll(opacity).toBe('0');

    // Hover.
    await cards(page).nth(1).hover();
    await expect.poll(() => cards(page).nth(1).getByTestId('template-actions').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');

    // Use Template goes to /pricing.
    await first.hover();
    await use.click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('on a touch screen the buttons are always visible', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto('/templates', { waitUntil: 'networkidle' });
    const actions = cards(page).first().getByTestId('template-actions');
    await expect.poll(() => actions.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await context.close();
  });

  test('Preview opens a dialog with the larger image and details, traps focus, closes on Escape and returns focus', async ({ page, consoleMessages }) => {
    await page.goto('/templates', { waitUntil: 'networkidle' });
    const t = templates.find((x) => x.isPro)!;
    await search(page).fill(t.title);
    const card = cards(page).filter({ has: page.getByRole('heading', { level: 3, name: t.title, exact: true }) });
    const trigger = card.getByRole('button', { name: `Preview: ${t.title}` });
    const small = (await card.locator('img').boundingBox())!;
    await trigger.focus();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: t.title });
    await expect(dialog).toBeVisible();
    // Modal: the rest of the page is inert while it is open (no focus, no clicks; assistive technology
    // sees the dialog alone), and does not scroll behind it.
    expect(await search(page).evaluate((el) => (el.focus(), document.activeElement === el))).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    await expect(dialog).toContainText(t.category);
    await expect(dialog).toContainText(t.likes.toLocaleString('en-US'));
    await expect(dialog).toContainText('Pro');
    const img = dialog.getByRole('img');
    await expect(img).toHaveAttribute('src', t.image);
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    // Larger than the card's image.
    const big = (await img.boundingBox())!;
    expect(big.width * big.height).toBeGreaterThan(small.width * small.height);

    // Focus starts inside and stays inside the dialog.
    const inside = () => dialog.evaluate((d) => d.contains(document.activeElement));
    expect(await inside()).toBe(true);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await inside()).toBe(true);
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await inside()).toBe(true);
    }
    await expect(dialog.getByRole('link', { name: 'Use Template' })).toHaveAttribute('href', '/pricing');
    await expectNoAxeViolations(page);
    // Nothing the page's CSP refuses (a scroll lock that injects a <style> element was).
    expect(consoleMessages.filter((m) => /Content Security Policy/i.test(m))).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');

    // The close button works too and also returns focus.
    await trigger.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    // Use Template inside the dialog goes to /pricing.
    await trigger.click();
    await dialog.getByRole('link', { name: 'Use Template' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('axe: no violations at 375 px with the Preview dialog open; no horizontal scrolling', async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/templates', { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
    const first = cards(page).first();
    await first.getByRole('button', { name: /^Preview/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
  });
});
