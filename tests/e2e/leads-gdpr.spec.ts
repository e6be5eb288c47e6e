import { expect, test, type Page } from '@playwright/test';
import { contacts, database, expectAxeClean, failInsertsFor, uniqueEmail, visitorContext } from '../support/lead-forms';
import { quickKeyDelayMs, typeInto } from '../support/person';

// The four GDPR rights buttons open the data-request form with the request type preset
// (docs/content.md): a dialog with JavaScript, the same form in the page without it.

const buttons = [
  { label: 'Request Data Export', type: 'export' },
  { label: 'Update Information', type: 'rectify' },
  { label: 'Delete Account', type: 'erase' },
  { label: 'Export Data', type: 'portability' },
] as const;

const received = { title: 'Request Received', text: /We'll reply to your request within 30 days/ };

async function requests(email: string) {
  const { rows } = await database().query('select email, type, details from data_requests where lower(email) = lower($1)', [email]);
  return rows;
}

for (const js of [true, false]) {
  test.describe(`GDPR data requests ${js ? 'with' : 'without'} JavaScript`, () => {
    test.describe.configure({ timeout: 60_000 });
    let ctx: Awaited<ReturnType<typeof visitorContext>>;
    test.beforeEach(async ({ browser }) => {
      ctx = await visitorContext(browser, js);
    });
    test.afterEach(async () => ctx.close());

    /** Opens the form of a button and returns it. */
    async function open(page: Page, b: (typeof buttons)[number]) {
      await page.goto('/gdpr');
      if (js) {
        await page.getByRole('button', { name: b.label }).click();
        const dialog = page.getByRole('dialog', { name: b.label });
        await expect(dialog).toBeVisible();
        return { form: dialog.locator('form'), statusId: `data-request-${b.type}-dialog-status` };
      }
      await page.getByRole('link', { name: b.label }).click();
      const form = page.locator(`form#data-request-${b.type}`);
      await expect(form).toBeVisible();
      return { form, statusId: `data-request-${b.type}-status` };
    }

    for (const b of buttons) {
      test(`"${b.label}" opens the form with type ${b.type}; a request is stored and promised a reply within 30 days`, async () => {
        const page = await ctx.newPage();
        const { form, statusId } = await open(page, b);
        await expect(form.getByRole('combobox', { name: 'Request type' })).toHaveValue(b.type);
        const email = uniqueEmail(`gdpr-${b.type}`);
        await typeInto(form.getByRole('textbox', { name: 'Email', exact: true }), email, quickKeyDelayMs);
        await typeInto(form.getByRole('textbox', { name: 'Details (optional)' }), 'Account opened in 2024.', quickKeyDelayMs);
        await form.getByRole('button', { name: 'Send Request' }).click();
        const status = page.locator(`#${statusId}`).getByRole('status');
        await expect(status).toContainText(received.title);
        await expect(status).toContainText(received.text);
        expect(await requests(email)).toEqual([{ email, type: b.type, details: 'Account opened in 2024.' }]);
      });
    }

    test('an empty request shows the email message, announced, focus on the field; axe clean', async () => {
      const page = await ctx.newPage();
      const { form } = await open(page, buttons[2]);
      await form.getByRole('button', { name: 'Send Request' }).click();
      const field = page.locator('form#data-request-erase' + (js ? '-dialog' : '')).getByRole('textbox', { name: 'Email', exact: true });
      await expect(page.locator('form#data-request-erase' + (js ? '-dialog' : '')).getByRole('alert')).toHaveText('Please correct the highlighted fields.');
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription('Please enter a valid email');
      await expect(field).toBeFocused();
      await expect(page.locator('form#data-request-erase' + (js ? '-dialog' : '')).getByRole('combobox', { name: 'Request type' })).toHaveValue('erase');
      await expectAxeClean(page, js);
    });

    test('when the database refuses the insert: Submission Failed with the privacy address, values kept', async () => {
      const page = await ctx.newPage();
      const { form, statusId } = await open(page, buttons[0]);
      const email = uniqueEmail('gdpr-fail');
      const restore = await failInsertsFor('data_requests', email);
      try {
        await typeInto(form.getByRole('textbox', { name: 'Email', exact: true }), email, quickKeyDelayMs);
        await form.getByRole('button', { name: 'Send Request' }).click();
        const alert = page.locator(`#${statusId}`).getByRole('alert');
        await expect(alert).toContainText('Submission Failed');
        await expect(alert).toContainText(`Please try again or contact us directly at ${contacts.privacy}`);
        const kept = page.locator(`form#data-request-export${js ? '-dialog' : ''}`);
        await expect(kept.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
        await expect(kept.getByRole('combobox', { name: 'Request type' })).toHaveValue('export');
        expect(await requests(email)).toHaveLength(0);
      } finally {
        await restore();
      }
    });
  });
}

test('without JavaScript, each of the four request forms in the page is a landmark with its own name', async ({ browser }) => {
  const ctx = await visitorContext(browser, false);
  const page = await ctx.newPage();
  await page.goto('/gdpr');
  const forms = page.locator('form[id^="data-request-"]:not([id$="-dialog"])');
  await expect(forms).toHaveCount(4);
  const names = await forms.evaluateAll((list) =>
    list.map((f) =>
      (f.getAttribute('aria-labelledby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
        .join(' ')
        .trim(),
    ),
  );
  expect(names).toEqual([
    'Your data request: Data export (right of access)',
    'Your data request: Update information (rectification)',
    'Your data request: Delete account (erasure)',
    'Your data request: Export data (portability)',
  ]);
  await ctx.close();
});
