import { expect, test, type Page } from '@playwright/test';
import { contacts, database, expectAxeClean, failInsertsFor, uniqueEmail, visitorContext } from '../support/lead-forms';
import { quickKeyDelayMs, typeInto } from '../support/person';

// The newsletter sign-ups (docs/leads.md): blog and footer, with and without JavaScript. An address is
// stored once (case-insensitive); a repeat sign-up still answers with success.

const variants = [
  { source: 'blog', path: '/blog', formId: 'newsletter-blog' },
  { source: 'footer', path: '/pricing', formId: 'newsletter-footer' },
] as const;

// Double opt-in: the sign-up waits for the emailed link (leads-emails.spec.ts follows it).
const success = { title: 'Check your inbox', text: 'We sent you a link to confirm your subscription. It works for 7 days; until you click it, you are not subscribed.' };

async function subscriptions(email: string) {
  const { rows } = await database().query('select email, source from newsletter_subscriptions where lower(email) = lower($1)', [email]);
  return rows;
}

for (const v of variants) {
  for (const js of [true, false]) {
    test.describe(`${v.source} newsletter ${js ? 'with' : 'without'} JavaScript`, () => {
      test.describe.configure({ timeout: 60_000 });
      let ctx: Awaited<ReturnType<typeof visitorContext>>;
      test.beforeEach(async ({ browser }) => {
        ctx = await visitorContext(browser, js);
      });
      test.afterEach(async () => ctx.close());

      const form = (page: Page) => page.locator(`form#${v.formId}`);
      const email = (page: Page) => form(page).getByRole('textbox', { name: 'Email address' });
      const subscribe = (page: Page) => form(page).getByRole('button', { name: 'Subscribe' });

      test('an empty or invalid address gets "Please enter a valid email", announced and tied to the field; axe clean', async () => {
        const page = await ctx.newPage();
        await page.goto(v.path);
        await subscribe(page).click();
        await expect(form(page).getByRole('alert')).toHaveText('Please enter a valid email');
        await expect(email(page)).toHaveAttribute('aria-invalid', 'true');
        await expect(email(page)).toHaveAccessibleDescription('Please enter a valid email');
        await expect(email(page)).toBeFocused();
        await expectAxeClean(page, js);

        await typeInto(email(page), 'not-an-address', quickKeyDelayMs);
        await subscribe(page).click();
        await expect(form(page).getByRole('alert')).toHaveText('Please enter a valid email');
        await expect(email(page)).toHaveValue('not-an-address');
      });

      test('a sign-up is stored once with its source; a repeat sign-up answers success and stores nothing new', async () => {
        const page = await ctx.newPage();
        await page.goto(v.path);
        const address = uniqueEmail(`news-${v.source}`);
        await typeInto(email(page), address, quickKeyDelayMs);
        await subscribe(page).click();
        const status = page.locator(`#${v.formId}-status`).getByRole('status');
        await expect(status).toContainText(success.title);
        await expect(status).toContainText(success.text);
        await expect(email(page)).toHaveValue('');
        expect(await subscriptions(address)).toEqual([{ email: address, source: v.source }]);

        await page.goto(v.path);
        await typeInto(email(page), address.toUpperCase(), quickKeyDelayMs);
        await subscribe(page).click();
        await expect(page.locator(`#${v.formId}-status`).getByRole('status')).toContainText(success.title);
        expect(await subscriptions(address)).toHaveLength(1);
      });

      test('when the database refuses the insert: the failure text, the address kept', async () => {
        const page = await ctx.newPage();
        await page.goto(v.path);
        const address = uniqueEmail(`news-fail-${v.source}`);
        const restore = await failInsertsFor('newsletter_subscriptions', address);
        try {
          await typeInto(email(page), address, quickKeyDelayMs);
          await subscribe(page).click();
          const alert = page.locator(`#${v.formId}-status`).getByRole('alert');
          await expect(alert).toContainText('Subscription Failed');
          await expect(alert).toContainText(`Please try again or contact us directly at ${contacts.hello}`);
          await expect(email(page)).toHaveValue(address);
          expect(await subscriptions(address)).toHaveLength(0);
        } finally {
          await restore();
        }
      });

      if (js) {
        test('while subscribing, the button is disabled with "Subscribing..."', async () => {
          const page = await ctx.newPage();
          await page.goto(v.path);
          let release!: () => void;
          const held = new Promise<void>((resolve) => (release = resolve));
          await page.route(
            // With JavaScript the form posts to its JSON endpoint (/api/leads/...); hold that post.
            (url) => url.pathname === v.path || url.pathname.startsWith('/api/leads/'),
            async (route) => {
              if (route.request().method() === 'POST') await held;
              await route.continue();
            },
          );
          await typeInto(email(page), uniqueEmail('news-pending'), quickKeyDelayMs);
          await subscribe(page).click();
          await expect(form(page).getByRole('button', { name: 'Subscribing...', exact: true })).toBeDisabled();
          release();
          await expect(page.locator(`#${v.formId}-status`).getByRole('status')).toContainText(success.title);
        });
      }
    });
  }
}
