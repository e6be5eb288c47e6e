import type { Browser, Page } from '@playwright/test';

// For the filtered lists of /blog, /careers and /templates: without JavaScript they are GET forms whose
// page answers with its list rendered for the query (Astro renders it on request: src/pages/on-request).

/** A page in a browser context with JavaScript off; close its context when done. */
export async function pageWithoutJs(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return context.newPage();
}

/**
 * Collects the page's errors: console errors (React reports a hydration mismatch there) and uncaught
 * exceptions (and `reportError`, which React's recoverable errors go through).
 */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** Marks the current document: `stillSameDocument` is true until the page is loaded again. */
export async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  return () => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}
