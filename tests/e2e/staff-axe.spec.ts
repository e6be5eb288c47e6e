import { expect as baseExpect, expectNoAxeViolations, test } from './fixtures';
import { expectAxeCleanAtBothWidths } from '../support/page-checks';
import { createStaff, insertLead, leadUrl, marker, signIn, sql, type StaffAccount } from '../support/staff-accounts';

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
  // This server has no SMTP_URL: the Reply panel says so (the composer's states: staff-replies.spec.ts).
  await expect(page.getByRole('region', { name: 'Reply' })).toContainText('Replies cannot be sent until SMTP_URL is set on the server.');
  await page.getByLabel('New note').fill('Axe note');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Note added.')).toBeVisible();
  await expectAxeCleanAtBothWidths(page);
  await page.goto(leadUrl('data_request', request));
  await expectAxeCleanAtBothWidths(page);
  await page.goto('/staff/users');
  await expectAxeCleanAtBothWidths(page);
  // Saved replies: one listed, and the add form refusing an empty title (its error tied to the field).
  await sql(`insert into reply_snippets (title, body) values ($1, 'Hello {firstName},\n\nthanks. {myName}')`, [`Thanks ${m}`]);
  await page.goto('/staff/saved-replies');
  await expect(page.getByRole('textbox', { name: 'Title' }).first()).toBeVisible();
  await expectAxeCleanAtBothWidths(page);
  await page.getByRole('form', { name: 'Add a saved reply' }).getByRole('button', { name: 'Add saved reply' }).click();
  await expect(page.getByRole('form', { name: 'Add a saved reply' }).getByText('Give the saved reply a title.').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/staff/insights?days=90');
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  await expectAxeCleanAtBothWidths(page);
  await page.getByText('The numbers, day by day').click();
  await expectAxeCleanAtBothWidths(page);
});

test('the 403 page', async ({ page }) => {
  await signIn(page, member);
  // A member has no link to the saved replies, and the page itself is refused.
  await expect(page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Saved replies' })).toHaveCount(0);
  await page.goto('/staff/saved-replies');
  await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
  await page.goto('/staff/users');
  await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
  await expectAxeCleanAtBothWidths(page);
});
