import path from 'node:path';
import { emailPreviews, renderEmail } from '@/lib/notify/emails';
import { expect, expectNoAxeViolations, test } from './fixtures';

// The transactional emails (src/lib/notify/emails) as a mail client shows them: each preview rendered here (not
// through the site), loaded with page.setContent at the width of a desktop client's reading pane (600 px)
// and of a phone (375 px). Nothing may be wider than the window, the links must be visible, and the
// colours must pass the WCAG AA rules. Screenshots: test-results/emails/<name>-<width>.png (also attached).

const widths = [600, 375];

/** The links each email must show, by accessible name. */
const expectedLinks: Record<string, (string | RegExp)[]> = {
  'contact-acknowledgement': ['Postcraft', 'hello@postcraft.example', /Visit Postcraft/, 'postcraft.example'],
  'newsletter-confirm': ['Postcraft', 'Confirm my subscription', /\/newsletter\/confirm\?token=/, 'Unsubscribe', 'postcraft.example'],
};

test('every preview has its list of expected links', () => {
  expect(Object.keys(emailPreviews).sort()).toEqual(Object.keys(expectedLinks).sort());
});

for (const [name, make] of Object.entries(emailPreviews)) {
  for (const width of widths) {
    test(`${name} at ${width} px: no horizontal overflow, links visible, AA`, async ({ page, consoleMessages }, testInfo) => {
      const { html } = await renderEmail(make());
      await page.setViewportSize({ width, height: 900 });
      await page.setContent(html, { waitUntil: 'load' });

      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.scrollingElement!.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, 'document width').toBeLessThanOrEqual(innerWidth);

      for (const linkName of expectedLinks[name]) {
        const link = page.getByRole('link', { name: linkName, exact: typeof linkName === 'string' });
        await expect(link).toBeVisible();
        const box = await link.boundingBox();
        expect(box, `${linkName} box`).not.toBeNull();
        expect(box!.x, `${linkName} left`).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, `${linkName} right`).toBeLessThanOrEqual(innerWidth);
      }

      if (name === 'newsletter-confirm') {
        const button = page.getByRole('link', { name: 'Confirm my subscription', exact: true });
        const box = (await button.boundingBox())!;
        // A button-sized target (WCAG 2.5.8 asks for 24 px; this one is a comfortable tap).
        expect(box.height).toBeGreaterThanOrEqual(44);
        await expect(button).toHaveCSS('background-color', 'rgb(124, 58, 237)');
      }
      if (name === 'contact-acknowledgement') {
        // The visitor's markup is shown as text, line breaks kept.
        await expect(page.getByText('<script>alert(1)</script>', { exact: false })).toBeVisible();
        expect(await page.locator('script').count()).toBe(0);
        const message = page.locator('[data-text="verbatim"]').last();
        expect((await message.boundingBox())!.height).toBeGreaterThan(24 * 5);
      }

      await expectNoAxeViolations(page);

      const file = path.join('test-results', 'emails', `${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(`${name}-${width}`, { path: file, contentType: 'image/png' });
      expect(consoleMessages).toEqual([]);
    });
  }
}
