import { expect as baseExpect, test } from './fixtures';
import { expectAxeCleanAtBothWidths } from '../support/page-checks';
import { createStaff, insertLead, leadUrl, marker, replyTo, signIn, type StaffAccount } from '../support/staff-accounts';

// Sign-in hashes with argon2id (19 MiB): allow for a loaded CI machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 180_000 });

/** The staff pages pass axe (WCAG 2.2 A/AA) at 1280 and 375 px, with leads and messages showing. */
let admin: StaffAccount;
let member: StaffAccount;
test.beforeAll(() => {
  admin = createStaff('admin');
  member = createStaff('member');
});

test('sign-in, with and without an error', async ({ page }) => {
  await page.goto('/staff/sign-in');
  await expectAxeCleanAtBothWidths(page);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter your email')).toBeVisible();
  await expectAxeCleanAtBothWidths(page);
});

test('inbox, lead page, data request, staff accounts', async ({ page }) => {
  const m = marker();
  const id = await insertLead({ kind: 'partner', firstName: 'Axe', lastName: m, email: `axe-${m}@e2e.example`, company: 'Axe Ltd', message: 'A long message.\nWith lines.' });
  const request = await insertLead({ kind: 'dataRequest', email: `axe-${m}@e2e.example`, type: 'export', details: 'All of it.' });
  await signIn(page, admin);
  await page.goto('/staff');
  await expect(page.getByRole('table', { name: 'Leads, newest first' })).toBeVisible();
  await expectAxeCleanAtBothWidths(page);
  await page.goto(`/staff?q=${m}-nothing`);
  await expectAxeCleanAtBothWidths(page);
  await page.goto(leadUrl('partner', id));
  await page.getByLabel('New note').fill('Axe note');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Note added.')).toBeVisible();
  await expectAxeCleanAtBothWidths(page);
  await page.goto(leadUrl('data_request', request));
  await expectAxeCleanAtBothWidths(page);
  await page.goto('/staff/users');
  await expectAxeCleanAtBothWidths(page);
  // A reply to the lead, so that the insights' reply panels show their charts and tables (issue 31).
  await replyTo('partner', id, admin);
  await page.goto('/staff/insights?days=90');
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'First replies and their time by staff member' })).toBeVisible();
  await expectAxeCleanAtBothWidths(page);
  await page.getByText('The numbers, day by day').click();
  await expectAxeCleanAtBothWidths(page);
});

test('the 403 page', async ({ page }) => {
  await signIn(page, member);
  await page.goto('/staff/users');
  await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
  await expectAxeCleanAtBothWidths(page);
});
