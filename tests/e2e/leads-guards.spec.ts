import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures';
import { expectValues, fillForm, formOf, invalidSummary, leadForms, postRaw, rateLimitedText, rowsFor, screeningOf, uniqueEmail, visitorContext } from '../support/lead-forms';
import { quickKeyDelayMs, typeInto } from '../support/person';

// What protects the lead forms at the HTTP level, posted raw as a script (or a no-JavaScript browser)
// would: cross-origin posts, oversized bodies, the per-address rate limit, the honeypot and control
// characters. Each test has its own client address (X-Forwarded-For; the e2e server trusts the proxy).

const contact = leadForms.find((f) => f.kind === 'contact')!;
const partner = leadForms.find((f) => f.kind === 'partner')!;

test.describe('lead form guards', () => {
  test.describe.configure({ timeout: 60_000 });
  let ctx: Awaited<ReturnType<typeof visitorContext>>;
  test.beforeEach(async ({ browser }) => {
    ctx = await visitorContext(browser, false);
  });
  test.afterEach(async () => ctx.close());

  test('a post from another origin (Origin, Origin: null, or only a foreign Referer) is refused with 403 and nothing is stored', async ({ baseURL }) => {
    const page = await ctx.newPage();
    const cases: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      { Origin: '', Referer: 'https://evil.example/phish.html' },
      { Origin: 'http://127.0.0.1.evil.example' },
    ];
    for (const headers of cases) {
      const email = uniqueEmail('cross-origin');
      const res = await postRaw(page, partner, partner.valid(email), headers);
      expect(res.status(), JSON.stringify(headers)).toBe(403);
      expect(res.headers()['content-type']).toContain('text/html');
      const html = await res.text();
      expect(html).toMatch(/<h1[^>]*>Form not accepted<\/h1>/);
      expect(html).toContain('This form was sent from another website, so it was not accepted.');
      expect(await rowsFor(partner.table, email)).toHaveLength(0);
    }
    // The site's own origin, and a same-site Referer without an Origin, are accepted.
    const accepted: Record<string, string>[] = [{ Origin: new URL(baseURL!).origin }, { Origin: '', Referer: `${baseURL}/partners` }];
    for (const headers of accepted) {
      const own = uniqueEmail('same-origin');
      const ok = await postRaw(page, partner, partner.valid(own), headers);
      expect(ok.status(), JSON.stringify(headers)).toBe(200);
      expect(await ok.text()).toContain('Application Submitted!');
      expect(await rowsFor(partner.table, own)).toHaveLength(1);
    }
  });

  test('a form posted from another site shows the refusal in the site’s own page: accessible at 1280 and 375 px, a way on to our contact form', async ({ browser, baseURL }) => {
    const withScripts = await visitorContext(browser, true);
    for (const width of [1280, 375]) {
      const page = await withScripts.newPage();
      await page.setViewportSize({ width, height: 800 });
      // A page of another site whose form posts to ours, as a browser would send it (Origin: null for about:blank).
      await page.setContent(`<form method="post" action="${baseURL}${contact.path}?form=contact"><input name="email" value="x@example.com"><button>Send</button></form>`);
      const answer = page.waitForResponse((r) => r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Send' }).click();
      expect((await answer).status()).toBe(403);
      await expect(page.getByRole('heading', { level: 1, name: 'Form not accepted' })).toBeVisible();
      await expect(page).toHaveTitle('Form not accepted | Postcraft');
      await expect(page.getByRole('navigation', { name: width === 1280 ? 'Main' : 'Footer' })).toBeVisible();
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `no horizontal scrolling at ${width} px`).toBeLessThanOrEqual(width);
      await page.getByRole('link', { name: 'Go to our contact form' }).click();
      await expect(page).toHaveURL(`${baseURL}/contact`);
      await page.close();
    }
    await withScripts.close();
  });

  test('a body over 64 kB is refused with 413 and a clear page', async () => {
    const page = await ctx.newPage();
    const email = uniqueEmail('huge');
    const res = await postRaw(page, contact, { ...contact.valid(email), message: 'z'.repeat(70 * 1024) });
    expect(res.status()).toBe(413);
    const html = await res.text();
    expect(html).toContain('Form too large');
    expect(html).toContain('larger than 64 kB');
    expect(await rowsFor(contact.table, email)).toHaveLength(0);
  });

  test('without JavaScript, a form over 64 kB shows the refusal, and the Back button it points to brings the form back as typed', async () => {
    const page = await ctx.newPage();
    await page.goto(contact.path);
    const values = { ...contact.valid(uniqueEmail('huge-back')), message: 'z'.repeat(70 * 1024) };
    await fillForm(page, contact, values);
    const answer = page.waitForResponse((r) => r.request().method() === 'POST');
    await formOf(page, contact).getByRole('button', { name: contact.submit }).click();
    expect((await answer).status()).toBe(413);
    await expect(page.getByRole('heading', { level: 1, name: 'Form too large' })).toBeVisible();
    await expect(page.getByText('Please go back with your browser’s Back button, shorten your text and send it again.', { exact: false })).toBeVisible();
    await page.goBack();
    await expectValues(page, contact, values);
  });

  test('over the rate limit, a no-JavaScript post gets 429 and the message, with what was typed', async () => {
    const page = await ctx.newPage();
    // 5 submissions of one form per minute per address are accepted (defaults)...
    for (let i = 0; i < 5; i++) {
      const res = await postRaw(page, contact, contact.valid(uniqueEmail(`limit-${i}`)));
      expect(res.status(), `submission ${i + 1}`).toBe(200);
      expect(await res.text()).toContain('Message Sent!');
    }
    // ...the sixth is not, and is not stored.
    const email = uniqueEmail('limited');
    const res = await postRaw(page, contact, contact.valid(email));
    expect(res.status()).toBe(429);
    const html = await res.text();
    expect(html).toContain(rateLimitedText);
    expect(html).toContain(`value="${email}"`);
    expect(await rowsFor(contact.table, email)).toHaveLength(0);

    // A browser without JavaScript sees the message in the page.
    await page.goto(contact.path);
    await typeInto(page.locator(`form#${contact.formId}`).getByRole('textbox', { name: 'Name', exact: true }), 'Blocked Visitor', quickKeyDelayMs);
    const answer = page.waitForResponse((r) => r.request().method() === 'POST');
    await page.locator(`form#${contact.formId}`).getByRole('button', { name: contact.submit }).click();
    expect((await answer).status()).toBe(429);
    await expect(page.locator(`#${contact.formId}-status`).getByRole('alert')).toHaveText(rateLimitedText);
  });

  test('a filled honeypot gets a normal-looking success; the lead is held as spam and nothing is sent', async () => {
    const page = await ctx.newPage();
    const email = uniqueEmail('bot');
    const res = await postRaw(page, partner, { ...partner.valid(email), faxNumber: '+1 555 0100' });
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain('Application Submitted!');
    const rows = await rowsFor(partner.table, email);
    expect(rows).toHaveLength(1);
    expect(await screeningOf('partner', String(rows[0].id))).toEqual({ status: 'spam', reasons: ['honeypot', 'no-javascript'], queued: 0 });
  });

  test('control characters (NUL included) are refused with a message, never a 500', async () => {
    const page = await ctx.newPage();
    const email = uniqueEmail('nul');
    const res = await postRaw(page, contact, { ...contact.valid(email), name: 'Eve\u0000', subject: 'Hi\u0007there' });
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(invalidSummary);
    expect(html).toContain('Name contains characters that are not allowed');
    expect(html).toContain('Subject contains characters that are not allowed');
    expect(await rowsFor(contact.table, email)).toHaveLength(0);
  });

  test('a replayed post (same submission token) stores one row and answers like the first', async () => {
    const page = await ctx.newPage();
    const email = uniqueEmail('replay');
    const values = { ...partner.valid(email), submissionToken: 'replay-token-' + Date.now().toString(36) + 'abcdef' };
    const first = await postRaw(page, partner, values);
    const second = await postRaw(page, partner, values);
    expect([first.status(), second.status()]).toEqual([200, 200]);
    expect(await second.text()).toContain('Application Submitted!');
    expect(await rowsFor(partner.table, email)).toHaveLength(1);
  });
});
