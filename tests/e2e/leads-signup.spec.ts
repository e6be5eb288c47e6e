import { expect as baseExpect, test } from './fixtures';
import { fillForm, leadForms, outcome, rowsFor, uniqueEmail, visitorContext } from '../support/lead-forms';
import { createStaff, signIn, type StaffAccount } from '../support/staff-accounts';

// The trial: the plan buttons of /pricing carry the plan (and, for Pro, the billing period) to /signup,
// which preselects them with and without JavaScript and offers only what /pricing sells with a trial (Free,
// Pro monthly or yearly); Business goes to sales. A request is stored once and shown to staff. The form's
// own journeys (errors, success, failure, limits) run with the other lead forms (leads-forms.spec.ts).

const expect = baseExpect.configure({ timeout: 15_000 });
const trial = leadForms.find((f) => f.kind === 'trial')!;

for (const js of [true, false]) {
  test.describe(`trial buttons ${js ? 'with' : 'without'} JavaScript`, () => {
    test('the pricing plans lead to /signup with their plan and the billing period shown; Business talks to sales', async ({ browser }) => {
      const ctx = await visitorContext(browser, js);
      const page = await ctx.newPage();
      await page.goto('/pricing');
      const start = (plan: string) => page.getByRole('link', { name: `Get Started: ${plan} plan` });
      await expect(start('Free')).toHaveAttribute('href', '/signup?plan=free');
      await expect(start('Pro')).toHaveAttribute('href', '/signup?plan=pro&billing=monthly');
      await expect(page.getByRole('link', { name: 'Contact Sales: Business plan' })).toHaveAttribute('href', '/contact?subject=business#contact-form');

      // The billing switch is CSS only: the yearly links replace the monthly ones; Free has no billing period.
      await page.getByRole('group', { name: 'Billing period' }).getByText('Yearly').click();
      await expect(start('Pro')).toHaveAttribute('href', '/signup?plan=pro&billing=yearly');
      await expect(start('Pro')).toHaveCount(1);
      await expect(start('Free')).toHaveAttribute('href', '/signup?plan=free');

      await start('Pro').click();
      await expect(page).toHaveURL(/\/signup\?plan=pro&billing=yearly$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Start your free trial');
      await expect(page.getByRole('combobox', { name: 'Plan' })).toHaveValue('pro');
      await expect(page.getByRole('combobox', { name: 'Billing' })).toHaveValue('yearly');
      await ctx.close();
    });

    test('/signup offers what /pricing sells, preselects the plan and billing of its address, and falls back to Pro monthly for anything else', async ({ browser }) => {
      const ctx = await visitorContext(browser, js);
      const page = await ctx.newPage();
      const plan = page.getByRole('combobox', { name: 'Plan' });
      const billing = page.getByRole('combobox', { name: 'Billing' });
      await page.goto('/signup?plan=pro&billing=yearly');
      await expect(plan).toHaveValue('pro');
      await expect(billing).toHaveValue('yearly');
      expect(await plan.locator('option').allTextContents()).toEqual(['Choose a plan', 'Free', 'Pro']);
      expect(await billing.locator('option').allTextContents()).toEqual(['Choose billing', 'Monthly', 'Yearly']);
      // Free has no billing period: no choice of one, whatever the address says, and choosing Pro brings it back.
      await page.goto('/signup?plan=free&billing=yearly');
      await expect(plan).toHaveValue('free');
      await expect(billing).toBeHidden();
      await plan.selectOption('pro');
      await expect(billing).toBeVisible();
      await plan.selectOption('free');
      await expect(billing).toBeHidden();
      // An old link to a Business trial: Business is sold by the sales team, so the contact form, subject preset.
      await page.goto('/signup?plan=business&billing=yearly');
      await expect(page).toHaveURL(/\/contact\?subject=business#contact-form$/);
      await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('Business plan');
      await page.goto('/signup?plan=%3Cscript%3E&billing=weekly');
      await expect(plan).toHaveValue('pro');
      await expect(billing).toHaveValue('monthly');
      // /contact with an unknown subject is the plain contact form.
      await page.goto('/contact?subject=%3Cb%3Ehello');
      await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('');
      await ctx.close();
    });
  });
}

test.describe('a trial request reaches staff', () => {
  test.describe.configure({ timeout: 90_000 });
  let member: StaffAccount;
  test.beforeAll(() => {
    member = createStaff('member', 'Tia Trial');
  });

  test('without JavaScript: stored once, held for review in Spam, then Not spam lists it under the Trial type, shown whole on its page', async ({ browser }) => {
    const ctx = await visitorContext(browser, false);
    const page = await ctx.newPage();
    await page.goto('/signup?plan=pro&billing=yearly');
    const email = uniqueEmail('trial-staff');
    await fillForm(page, trial, { name: 'Dorothy Vaughan', email, company: 'West Area Studio', terms: 'yes' });
    await page.getByRole('button', { name: trial.submit }).click();
    await expect(outcome(page, trial.formId, 'status')).toContainText(trial.success.title);
    // The answer's page is the POST: a reload posts the same form (and token) again.
    await page.reload();
    await expect(outcome(page, trial.formId, 'status')).toContainText(trial.success.title);
    const rows = await rowsFor('trial_requests', email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Dorothy Vaughan', company: 'West Area Studio', plan: 'pro', billing: 'yearly', terms_accepted: 'yes' });
    await ctx.close();

    const staff = await browser.newPage();
    await signIn(staff, member);
    // Sent without JavaScript, it carries no proof of work: held for a person's look, not in the open inbox.
    await staff.goto(`/staff?type=trial&q=${encodeURIComponent(email)}`);
    await expect(staff.getByText('No leads match this filter')).toBeVisible();
    await staff.goto(`/staff?type=trial&status=spam&q=${encodeURIComponent(email)}`);
    const held = staff.getByRole('table', { name: 'Leads, newest first' }).locator('tbody tr');
    await expect(held).toHaveCount(1);
    await expect(held).toContainText('Held for review: Sent without JavaScript');
    await held.getByRole('checkbox').check();
    await staff.getByRole('button', { name: 'Not spam' }).click();
    await expect(staff.getByText('1 lead marked not spam and back in the inbox')).toBeVisible();

    await staff.goto(`/staff?type=trial&q=${encodeURIComponent(email)}`);
    const row = staff.getByRole('table', { name: 'Leads, newest first' }).locator('tbody tr');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Trial');
    await expect(row).toContainText('Dorothy Vaughan');
    await expect(row).toContainText('West Area Studio');
    await row.getByRole('link', { name: /Dorothy Vaughan/ }).click();
    await expect(staff.getByRole('heading', { level: 1 })).toContainText('Dorothy Vaughan');
    for (const text of ['Trial request', 'Work email', email, 'Plan', 'Pro', 'Billing', 'Yearly', 'Accepted the terms']) await expect(staff.getByRole('main')).toContainText(text);
    await expect(staff.getByRole('main')).toContainText(`Marked not spam by ${member.name}`);
    await staff.close();
  });

  test('a Free trial is stored without a billing period, even from an address that asks for yearly', async ({ browser }) => {
    const ctx = await visitorContext(browser, false);
    const page = await ctx.newPage();
    await page.goto('/signup?plan=free&billing=yearly');
    const email = uniqueEmail('trial-free');
    await fillForm(page, trial, { name: 'Mary Jackson', email, company: '', terms: 'yes' });
    await page.getByRole('button', { name: trial.submit }).click();
    await expect(outcome(page, trial.formId, 'status')).toContainText(trial.success.title);
    const rows = await rowsFor('trial_requests', email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Mary Jackson', plan: 'free', billing: null });
    await ctx.close();
  });
});
