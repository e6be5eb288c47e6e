import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';

// /pricing: the billing toggle, the plans, the FAQ and the trial and guarantee constants (docs/content.md).

function plan(page: Page, name: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
}

/** The price line of a plan as a sighted user reads it (hidden alternatives are not visible). */
async function visiblePrice(card: Locator) {
  return (await card.locator('[data-testid^="price-"]').innerText()).replace(/\s+/g, '');
}

test.describe('/pricing', () => {
  test('three plans with prices, badges, CTAs and feature lists a screen reader reads out', async ({ page }) => {
    await page.goto('/pricing', { waitUntil: 'networkidle' });
    const free = plan(page, 'Free');
    const pro = plan(page, 'Pro');
    const business = plan(page, 'Business');

    expect(await visiblePrice(free)).toBe('$0');
    expect(await visiblePrice(pro)).toBe('$19/month');
    expect(await visiblePrice(business)).toBe('$49/month');

    await expect(pro.getByText('Most Popular', { exact: true })).toBeVisible();
    await expect(business.getByText('Best Value', { exact: true })).toBeVisible();
    await expect(free.getByText(/Most Popular|Best Value/)).toHaveCount(0);
    await expect(business.getByRole('link', { name: /^Contact Sales/ })).toBeVisible();

    // Included / excluded marks are words for assistive technology, not only icons.
    const items = async (card: Locator) => (await card.locator('ul li').allInnerTexts()).length;
    expect(await items(free)).toBeGreaterThan(0);
    const freeItems = await free.getByRole('listitem').evaluateAll((lis) => lis.map((li) => li.textContent?.trim()));
    expect(freeItems).toEqual(expect.arrayContaining(['Included: 5 posts per month', 'Included: 2 platforms']));
    for (const excluded of ['Template library', 'Team collaboration', 'Advanced analytics', 'Priority support']) {
      expect(freeItems).toContain(`Not included: ${excluded}`);
    }
    const proItems = await pro.getByRole('listitem').evaluateAll((lis) => lis.map((li) => li.textContent?.trim()));
    expect(proItems).toEqual(expect.arrayContaining(['Included: Unlimited posts', 'Not included: Priority support']));
    expect(proItems.some((t) => /^Included: .*5 users/i.test(t ?? ''))).toBe(true);
    const businessItems = await business.getByRole('listitem').evaluateAll((lis) => lis.map((li) => li.textContent?.trim()));
    expect(businessItems).toEqual(expect.arrayContaining(['Included: API access', 'Included: Priority support']));
    expect(businessItems.some((t) => /^Included: Unlimited team/i.test(t ?? ''))).toBe(true);
  });

  test("the Monthly/Yearly control switches prices and suffixes; 'Save 17%'; Free keeps no suffix", async ({ page }) => {
    await page.goto('/pricing', { waitUntil: 'networkidle' });
    const group = page.getByRole('group', { name: 'Billing period' });
    const monthly = group.getByRole('radio', { name: /^Monthly/ });
    const yearly = group.getByRole('radio', { name: /^Yearly/ });
    await expect(yearly).toHaveAccessibleName(/Save 17%/);
    await expect(group.getByText('Save 17%', { exact: true })).toBeVisible();
    await expect(monthly).toBeChecked();
    await expect(yearly).not.toBeChecked();

    await group.getByText('Yearly').click();
    await expect(yearly).toBeChecked();
    await expect(monthly).not.toBeChecked();
    expect(await visiblePrice(plan(page, 'Free'))).toBe('$0');
    expect(await visiblePrice(plan(page, 'Pro'))).toBe('$190/year');
    expect(await visiblePrice(plan(page, 'Business'))).toBe('$490/year');
    // Hidden prices are really hidden (not merely covered), so a screen reader reads one price per plan.
    await expect(plan(page, 'Pro').getByText('$19', { exact: true })).toBeHidden();
    await expectNoAxeViolations(page);

    await group.getByText('Monthly').click();
    await expect(monthly).toBeChecked();
    expect(await visiblePrice(plan(page, 'Free'))).toBe('$0');
    expect(await visiblePrice(plan(page, 'Pro'))).toBe('$19/month');
    expect(await visiblePrice(plan(page, 'Business'))).toBe('$49/month');
    await expect(plan(page, 'Pro').getByText('$190', { exact: true })).toBeHidden();
  });

  test('the billing control works by keyboard as a radio group (Tab in, arrows choose, Space selects)', async ({ page }) => {
    await page.goto('/pricing', { waitUntil: 'networkidle' });
    const monthly = page.getByRole('radio', { name: /^Monthly/ });
    const yearly = page.getByRole('radio', { name: /^Yearly/ });
    // Tab from the page heading's neighbourhood until the group is reached: it is one tab stop.
    await page.getByRole('heading', { level: 1 }).click();
    let guard = 0;
    while (!(await monthly.evaluate((el) => el === document.activeElement)) && guard++ < 40) await page.keyboard.press('Tab');
    await expect(monthly).toBeFocused();
    // The focused option is visibly marked.
    const outline = await monthly.evaluate((el) => getComputedStyle(el.closest('label')!).outlineStyle);
    expect(outline).not.toBe('none');

    await page.keyboard.press('ArrowRight');
    await expect(yearly).toBeFocused();
    await expect(yearly).toBeChecked();
    expect(await visiblePrice(plan(page, 'Pro'))).toBe('$190/year');

    await page.keyboard.press('ArrowLeft');
    await expect(monthly).toBeChecked();
    expect(await visiblePrice(plan(page, 'Pro'))).toBe('$19/month');

    await page.keyboard.press('ArrowDown');
    await expect(yearly).toBeChecked();
    await page.keyboard.press('Space');
    await expect(yearly).toBeChecked();
    expect(await visiblePrice(plan(page, 'Business'))).toBe('$490/year');

    // The group is a single tab stop: the next Tab leaves it for the first plan's link.
    await page.keyboard.press('Tab');
    await expect(monthly).not.toBeFocused();
    await expect(yearly).not.toBeFocused();
  });

  test('the control also works without JavaScript (prices switch with CSS)', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/pricing', { waitUntil: 'networkidle' });
    expect(await visiblePrice(plan(page, 'Pro'))).toBe('$19/month');
    await page.getByRole('group', { name: 'Billing period' }).getByText('Yearly').click();
    await expect(page.getByRole('radio', { name: /^Yearly/ })).toBeChecked();
    expect(await visiblePrice(plan(page, 'Pro'))).toBe('$190/year');
    expect(await visiblePrice(plan(page, 'Free'))).toBe('$0');
    await context.close();
  });

  for (const js of [true, false]) {
    test(`each 'Contact Sales' opens the contact form with what was asked for as its subject (${js ? 'with' : 'without'} JavaScript)`, async ({ browser }) => {
      // Several pages, some rendered on request: slow on a shared machine.
      test.setTimeout(90_000);
      const context = await browser.newContext({ javaScriptEnabled: js });
      const page = await context.newPage();
      // The Business plan's button, then the closing band's.
      for (const [i, subject] of ['Business plan', 'Plans and pricing'].entries()) {
        await page.goto('/pricing');
        const buttons = page.getByRole('link', { name: /^Contact Sales/ });
        await expect(buttons).toHaveCount(2);
        await buttons.nth(i).click();
        await expect(page).toHaveURL(/\/contact\?subject=[a-z-]+#contact-form$/);
        const field = page.getByRole('textbox', { name: 'Subject' });
        await expect(field).toBeVisible();
        await expect(field).toHaveValue(subject);
      }
      await context.close();
    });
  }

  test('the trial and guarantee constants are shown', async ({ page }) => {
    await page.goto('/pricing', { waitUntil: 'networkidle' });
    const list = page.getByRole('list', { name: 'Trial and guarantees' });
    const text = (await list.innerText()).replace(/\s+/g, ' ');
    expect(text).toMatch(/14-day free trial/i);
    expect(text).toMatch(/no credit card/i);
    expect(text).toMatch(/30-day money-back guarantee/i);
    expect(text).toMatch(/account data is kept for 30 days after cancellation/i);
    expect(text).toMatch(/take effect immediately/i);
    expect(text).toMatch(/no setup fees/i);
  });

  test('the FAQ has four questions and works as an accordion by mouse and keyboard', async ({ page }) => {
    await page.goto('/pricing', { waitUntil: 'networkidle' });
    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    const questions = faq.getByRole('button');
    await expect(questions).toHaveCount(4);
    for (const q of await questions.all()) await expect(q).toHaveAttribute('aria-expanded', 'false');

    const first = questions.nth(0);
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    const panelId = (await first.getAttribute('aria-controls'))!;
    await expect(page.locator(`[id="${panelId}"]`)).toBeVisible();
    await expect(page.locator(`[id="${panelId}"]`)).toContainText('14-day free trial');

    // Keyboard: arrow to the next question, Enter opens it (single: the first closes).
    await first.focus();
    await page.keyboard.press('ArrowDown');
    await expect(questions.nth(1)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Space');
    await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'false');

    await questions.nth(2).click();
    await expect(faq).toContainText('30-day money-back guarantee');
    await questions.nth(3).click();
    await expect(faq).toContainText('30 days after cancellation');
    await expectNoAxeViolations(page);
  });

  test('at 375 px: no horizontal scrolling, no axe violations, yearly prices readable', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/pricing', { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByText('Yearly').click();
    expect(await visiblePrice(plan(page, 'Pro'))).toBe('$190/year');
    await expectNoAxeViolations(page);
  });
});
