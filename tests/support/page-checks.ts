import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../e2e/fixtures';

/** The JSON-LD blocks of a page, parsed. */
export async function jsonLdOf(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b));
}

/**
 * axe at desktop width, then at 375 px (reloaded so the layout is the phone one, unless `reload` is false: a
 * page that answered a POST, whose reload would post the form again), where nothing may scroll sideways.
 */
export async function expectAxeCleanAtBothWidths(page: Page, { reload = true }: { reload?: boolean } = {}) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  if (reload) await page.reload({ waitUntil: 'networkidle' });
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no horizontal scrolling at 375 px').toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** True when focus is on the element with this id or inside it. */
export function focusIsIn(page: Page, id: string) {
  return page.evaluate((target) => {
    const el = document.getElementById(target);
    return Boolean(el && document.activeElement && el.contains(document.activeElement));
  }, id);
}

/** Clicks a scroll-to-form link and checks the form section is on screen and holds focus. */
export async function expectScrollsToForm(page: Page, link: ReturnType<Page['getByRole']>, id: string) {
  await expect(link).toHaveAttribute('href', `#${id}`);
  await expect(page.locator(`#${id}`)).not.toBeInViewport();
  await link.click();
  await expect(page.locator(`#${id}`)).toBeInViewport();
  await expect.poll(() => focusIsIn(page, id)).toBe(true);
}
