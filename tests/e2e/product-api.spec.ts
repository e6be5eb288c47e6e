import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';

// /api: the sample tabs (Posts by default) with their fixed field names and endpoints, and the API plans
// (docs/content.md).

function tablist(page: Page) {
  return page.getByRole('tablist', { name: 'API examples' });
}
function panel(page: Page) {
  return page.getByRole('tabpanel');
}

/** The JSON of the visible code block titled "<Tab> response". */
async function responseJson(scope: Locator, tab: string) {
  const block = scope.locator('figure').filter({ hasText: `${tab} response` });
  return JSON.parse(await block.locator('pre').innerText());
}
async function requestText(scope: Locator, tab: string) {
  return scope.locator('figure').filter({ hasText: `${tab} request` }).locator('pre').innerText();
}

/** The JSON body of a curl -d '...' request. */
function curlBody(text: string) {
  const m = text.match(/-d '([\s\S]*)'/);
  expect(m, 'request has a JSON body').not.toBeNull();
  return JSON.parse(m![1]);
}

test.describe('/api', () => {
  test('tabs Posts (default), Analytics, Campaigns follow the ARIA tabs pattern, by mouse', async ({ page }) => {
    await page.goto('/api', { waitUntil: 'networkidle' });
    const tabs = tablist(page).getByRole('tab');
    await expect(tabs).toHaveText(['Posts', 'Analytics', 'Campaigns']);
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'false');
    await expect(panel(page)).toHaveCount(1);
    await expect(panel(page)).toHaveAccessibleName('Posts');

    // Posts: POST /api/v1/posts with exactly the fixed fields.
    const posts = panel(page);
    await expect(posts).toContainText('POST');
    await expect(posts).toContainText('/api/v1/posts');
    const postReq = curlBody(await requestText(posts, 'Posts'));
    expect(Object.keys(postReq)).toEqual(['content', 'platforms', 'schedule_time', 'media_urls', 'hashtags']);
    const postRes = await responseJson(posts, 'Posts');
    expect(Object.keys(postRes)).toEqual(['id', 'status', 'platforms', 'scheduled_for', 'created_at']);
    expect(postRes.status).toBe('scheduled');
    expect(Object.values(postRes.platforms).length).toBeGreaterThan(0);
    for (const s of Object.values(postRes.platforms)) expect(s).toBe('pending');

    // Analytics by mouse.
    await tabs.nth(1).click();
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'false');
    await expect(panel(page)).toHaveAccessibleName('Analytics');
    const analytics = panel(page);
    await expect(analytics).toContainText('GET');
    await expect(analytics).toContainText('/api/v1/analytics');
    const url = new URL((await requestText(analytics, 'Analytics')).match(/"(https?:[^"]+)"/)![1]);
    expect(url.pathname).toBe('/api/v1/analytics');
    expect([...url.searchParams.keys()]).toEqual(['start_date', 'end_date', 'platform']);
    const analyticsRes = await responseJson(analytics, 'Analytics');
    expect(Object.keys(analyticsRes.metrics)).toEqual(['total_posts', 'total_reach', 'total_engagement', 'engagement_rate']);
    expect(Array.isArray(analyticsRes.posts)).toBe(true);
    for (const p of analyticsRes.posts) expect(Object.keys(p)).toEqual(['id', 'reach', 'likes', 'comments', 'shares']);

    // Campaigns by mouse.
    await tabs.nth(2).click();
    await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true');
    const campaigns = panel(page);
    await expect(campaigns).toHaveAccessibleName('Campaigns');
    await expect(campaigns).toContainText('/api/v1/campaigns');
    const campReq = curlBody(await requestText(campaigns, 'Campaigns'));
    expect(Object.keys(campReq)).toEqual(['name', 'description', 'start_date', 'end_date', 'posts']);
    const campRes = await responseJson(campaigns, 'Campaigns');
    expect(Object.keys(campRes)).toEqual(['id', 'name', 'status', 'posts_count', 'created_at']);
    expect(campRes.status).toBe('active');
    expect(campRes.posts_count).toBe(campReq.posts.length);
    await expectNoAxeViolations(page);
  });

  test('tabs work by keyboard: arrows move and select, Home/End, Tab goes into the panel', async ({ page }) => {
    await page.goto('/api', { waitUntil: 'networkidle' });
    const tabs = tablist(page).getByRole('tab');
    await tabs.nth(0).focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(1)).toBeFocused();
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(panel(page)).toHaveAccessibleName('Analytics');
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true');
    // Wraps around.
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(0)).toBeFocused();
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true');
    await expect(panel(page)).toHaveAccessibleName('Campaigns');

    // Only the selected tab is a tab stop; Tab leaves the tab list for the panel.
    await expect(tabs.nth(0)).toHaveAttribute('tabindex', '-1');
    await page.keyboard.press('Tab');
    const inPanel = await panel(page).evaluate((p) => p === document.activeElement || p.contains(document.activeElement));
    expect(inPanel).toBe(true);
  });

  test("copy buttons put the exact code on the clipboard and say 'Copied'", async ({ page, context }) => {
    // The suite runs in Chromium, where these permissions let the page read the clipboard back.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/api', { waitUntil: 'networkidle' });
    const posts = panel(page);
    const requestBlock = posts.locator('figure').filter({ hasText: 'Posts request' });
    const copy = requestBlock.getByRole('button');
    await expect(copy).toHaveAccessibleName('Copy Posts request');
    await copy.click();
    await expect(copy).toContainText('Copied');
    await expect(copy).toHaveAccessibleName(/^Copied!? Posts request$/);
    // Announced to screen readers through a status region.
    await expect(posts.getByRole('status').filter({ hasText: 'copied' })).toHaveText('Posts request copied to clipboard');
    const clip = await page.evaluate(() => navigator.clipboard.readText());
    expect(clip).toBe(await requestBlock.locator('pre').innerText());
    expect(clip).toContain('/api/v1/posts');
    // The label returns to Copy after a moment.
    await expect(copy).toHaveAccessibleName('Copy Posts request', { timeout: 5_000 });

    // The response of another tab.
    await tablist(page).getByRole('tab', { name: 'Analytics' }).click();
    const analyticsResponse = panel(page).locator('figure').filter({ hasText: 'Analytics response' });
    await analyticsResponse.getByRole('button').click();
    await expect(analyticsResponse.getByRole('button')).toContainText('Copied');
    const json = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    expect(Object.keys(json)).toEqual(['metrics', 'posts']);
  });

  test('API pricing: Starter $29, Professional $99 with webhooks, Enterprise custom and unlimited', async ({ page }) => {
    await page.goto('/api', { waitUntil: 'networkidle' });
    const pricing = page.getByRole('region', { name: 'API pricing' });
    const card = (name: string) => pricing.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
    const text = async (name: string) => (await card(name).innerText()).replace(/\s+/g, ' ');

    const starter = await text('Starter');
    expect(starter).toContain('$29');
    expect(starter).toContain('10,000 requests/month');
    expect(starter).toContain('100/hour');

    const pro = await text('Professional');
    expect(pro).toContain('$99');
    expect(pro).toContain('100,000 requests/month');
    expect(pro).toMatch(/1,?000\/hour/);
    expect(pro).toMatch(/webhooks/i);

    const enterprise = await text('Enterprise');
    expect(enterprise).toMatch(/custom/i);
    expect(enterprise).toMatch(/unlimited/i);
    expect(enterprise.match(/no rate limits/gi), 'said once on the card').toHaveLength(1);
  });

  for (const js of [true, false]) {
    test(`every 'Get API Key' and 'Contact Sales' opens the contact form with what was asked for as its subject (${js ? 'with' : 'without'} JavaScript)`, async ({ browser }) => {
      // Several pages, some rendered on request: slow on a shared machine.
      test.setTimeout(90_000);
      const context = await browser.newContext({ javaScriptEnabled: js });
      const page = await context.newPage();
      // In the page's order: the hero, the three plans, the closing band.
      const expected = ['API key', 'API Starter plan', 'API Professional plan', 'API Enterprise plan', 'API key'];
      const buttons = page.getByRole('link', { name: /^(Get API Key|Contact Sales)/ });
      for (const [i, subject] of expected.entries()) {
        await page.goto('/api');
        await expect(buttons).toHaveCount(expected.length);
        await buttons.nth(i).click();
        await expect(page).toHaveURL(/\/contact\?subject=[a-z-]+#contact-form$/);
        const field = page.getByRole('textbox', { name: 'Subject' });
        await expect(field).toBeVisible();
        await expect(field).toHaveValue(subject);
      }
      await context.close();
    });
  }

  test('at 375 px: no horizontal page scrolling, code scrolls inside its block, no axe violations', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/api', { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
    await tablist(page).getByRole('tab', { name: 'Campaigns' }).click();
    await expectNoAxeViolations(page);
  });
});
