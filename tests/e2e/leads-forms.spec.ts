import { expect, test } from '@playwright/test';
import {
  control,
  expectAxeClean,
  expectEmpty,
  expectFieldErrors,
  expectValues,
  failInsertsFor,
  fillForm,
  firstField,
  formOf,
  invalidSummary,
  leadForms,
  outcome,
  postRaw,
  rowsFor,
  uniqueEmail,
  visitorContext,
} from '../support/lead-forms';

// The partner, affiliate, agency and contact forms, each with and without JavaScript: what a visitor
// sees (the exact messages of docs/leads.md), what assistive technology is told, and what the database holds.

for (const form of leadForms) {
  for (const js of [true, false]) {
    test.describe(`${form.kind} form ${js ? 'with' : 'without'} JavaScript`, () => {
      // Each no-JavaScript answer is a page rendered on request, and axe runs on whole pages.
      test.describe.configure({ timeout: 60_000 });
      let ctx: Awaited<ReturnType<typeof visitorContext>>;
      test.beforeEach(async ({ browser }) => {
        ctx = await visitorContext(browser, js);
      });
      test.afterEach(async () => ctx.close());

      const submitButton = (page: import('@playwright/test').Page) => formOf(page, form).getByRole('button', { name: form.submit });

      test('an empty submit shows every message, tied to its field, announced, focus on the first; axe clean', async () => {
        const page = await ctx.newPage();
        await page.goto(form.path);
        await submitButton(page).click();
        await expect(formOf(page, form).getByRole('alert')).toHaveText(invalidSummary);
        await expectFieldErrors(page, form, form.emptyMessages);
        await expect(control(page, form, firstField(form, form.emptyMessages))).toBeFocused();
        await expectAxeClean(page, js);
      });

      test('a valid submission shows the success text, resets the form and stores exactly the fields', async () => {
        const page = await ctx.newPage();
        await page.goto(form.path);
        const email = uniqueEmail(`${form.kind}-ok`);
        const values = form.valid(email);
        await fillForm(page, form, values);
        await submitButton(page).click();
        const status = outcome(page, form.formId, 'status');
        await expect(status).toContainText(form.success.title);
        await expect(status).toContainText(form.success.text);
        await expectEmpty(page, form);
        const rows = await rowsFor(form.table, email);
        expect(rows).toHaveLength(1);
        for (const field of form.fields) expect(rows[0][field.column], field.column).toBe(values[field.name]);
        expect(Math.abs(Date.now() - new Date(rows[0].created_at as string).getTime())).toBeLessThan(120_000);
        await expectAxeClean(page, js);
      });

      test('a double click and an Enter pressed twice store one row each', async () => {
        const page = await ctx.newPage();
        await page.goto(form.path);
        const clicked = uniqueEmail(`${form.kind}-dbl`);
        await fillForm(page, form, form.valid(clicked));
        await submitButton(page).dblclick();
        await expect(outcome(page, form.formId, 'status')).toContainText(form.success.title);
        await expect.poll(async () => (await rowsFor(form.table, clicked)).length).toBe(1);

        await page.goto(form.path);
        const entered = uniqueEmail(`${form.kind}-enter`);
        await fillForm(page, form, form.valid(entered));
        const email = control(page, form, form.fields.find((f) => f.name === 'email')!);
        await email.focus();
        await page.keyboard.press('Enter');
        await page.keyboard.press('Enter');
        await expect(outcome(page, form.formId, 'status')).toContainText(form.success.title);
        // Give a second request time to land, then count.
        await page.waitForTimeout(500);
        expect(await rowsFor(form.table, entered)).toHaveLength(1);
        expect(await rowsFor(form.table, clicked)).toHaveLength(1);
      });

      test('when the database refuses the insert: Submission Failed, the values are kept, a retry stores once', async () => {
        const page = await ctx.newPage();
        await page.goto(form.path);
        const email = uniqueEmail(`${form.kind}-fail`);
        const values = form.valid(email);
        const restore = await failInsertsFor(form.table, email);
        try {
          await fillForm(page, form, values);
          await submitButton(page).click();
          const alert = outcome(page, form.formId, 'alert');
          await expect(alert).toContainText(form.failure.title);
          await expect(alert).toContainText(form.failure.text);
          await expectValues(page, form, values);
          expect(await rowsFor(form.table, email)).toHaveLength(0);
          await expectAxeClean(page, js);
        } finally {
          await restore();
        }
        await submitButton(page).click();
        await expect(outcome(page, form.formId, 'status')).toContainText(form.success.title);
        expect(await rowsFor(form.table, email)).toHaveLength(1);
      });

      test('oversized fields are refused with a clear message and nothing is stored', async () => {
        const page = await ctx.newPage();
        await page.goto(form.path);
        const email = uniqueEmail(`${form.kind}-big`);
        const values = form.valid(email);
        const big = Object.fromEntries(Object.entries(form.oversized).map(([name, [value]]) => [name, value]));
        const messages = Object.fromEntries(Object.entries(form.oversized).map(([name, [, message]]) => [name, message]));
        await fillForm(page, form, { ...values, ...big });
        await submitButton(page).click();
        await expect(formOf(page, form).getByRole('alert')).toHaveText(invalidSummary);
        await expectFieldErrors(page, form, messages);
        await expect(control(page, form, firstField(form, messages))).toBeFocused();
        expect(await rowsFor(form.table, email)).toHaveLength(0);
      });

      if (form.select) {
        const select = form.select;
        test('a tampered select value is refused with its message and nothing is stored', async () => {
          const page = await ctx.newPage();
          const email = uniqueEmail(`${form.kind}-tamper`);
          if (js) {
            // Edit the page as a visitor with developer tools could: a value that is not on the list.
            await page.goto(form.path);
            await fillForm(page, form, { ...form.valid(email), [select.name]: '' });
            const field = form.fields.find((f) => f.name === select.name)!;
            await control(page, form, field).evaluate((el) => {
              const option = document.createElement('option');
              option.value = 'platinum';
              option.textContent = 'Platinum';
              el.appendChild(option);
            });
            await control(page, form, field).selectOption('platinum');
            await submitButton(page).click();
            await expectFieldErrors(page, form, { [select.name]: select.message });
          } else {
            // Post the form raw, as a script would, with a value the form never offers.
            const res = await postRaw(page, form, { ...form.valid(email), [select.name]: 'platinum' });
            expect(res.status()).toBe(200);
            const html = await res.text();
            expect(html).toContain(select.message);
            expect(html).toContain(invalidSummary);
          }
          expect(await rowsFor(form.table, email)).toHaveLength(0);
        });
      }

      if (js) {
        test('while submitting, the button is disabled with its pending label', async () => {
          const page = await ctx.newPage();
          await page.goto(form.path);
          let release!: () => void;
          const held = new Promise<void>((resolve) => (release = resolve));
          await page.route(
            // With JavaScript the form posts to its JSON endpoint (/api/leads/...); hold that post.
            (url) => url.pathname === form.path || url.pathname.startsWith('/api/leads/'),
            async (route) => {
              if (route.request().method() !== 'POST') return route.continue();
              await held;
              await route.continue();
            },
          );
          const email = uniqueEmail(`${form.kind}-pending`);
          await fillForm(page, form, form.valid(email));
          await submitButton(page).click();
          const pending = formOf(page, form).getByRole('button', { name: form.pending, exact: true });
          await expect(pending).toBeDisabled();
          await pending.click({ force: true }).catch(() => {});
          release();
          await expect(outcome(page, form.formId, 'status')).toContainText(form.success.title);
          await expect(submitButton(page)).toBeEnabled();
          expect(await rowsFor(form.table, email)).toHaveLength(1);
        });
      }
    });
  }
}
