import { expect as baseExpect, test } from './fixtures';
import { expectAxeCleanAtBothWidths } from '../support/page-checks';
import { createStaff, holdLead, insertLead, leadUrl, marker, signIn, sql, type StaffAccount } from '../support/staff-accounts';

// Sign-in hashes with argon2id (19 MiB): allow for a loaded CI machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 180_000 });

/**
 * The Spam view and "Not spam" (docs/spam.md): leads the screening held stay out of the open inbox, say
 * why, and go back with what was held once staff release them. Both pages pass axe at 1280 and 375 px.
 */
let admin: StaffAccount;
let member: StaffAccount;
test.beforeAll(() => {
  admin = createStaff('admin', 'Sol Spam');
  member = createStaff('member', 'Mo Member');
});

test('a held lead: not in the open inbox, in Spam with its reasons; Not spam on its page brings it back', async ({ page }) => {
  const m = marker();
  const id = await insertLead({ kind: 'partner', firstName: 'Held', lastName: m, email: `held-${m}@e2e.example`, company: 'Held Ltd' });
  await holdLead('partner', id, ['no-javascript']);
  const spam = await insertLead({ kind: 'partner', firstName: 'Spammy', lastName: m, email: `spam-${m}@e2e.example`, company: 'Spam Ltd' });
  await holdLead('partner', spam, ['no-proof', 'many-links'], 'spam');
  await signIn(page, admin);

  await page.goto(`/staff?q=${m}`);
  await expect(page.getByText('No leads match this filter')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: /^Spam \(\d[\d,]* to review\)$/ })).toBeVisible();

  await page.goto(`/staff?status=spam&q=${m}`);
  await expect(page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: /^Spam/ })).toHaveAttribute('aria-current', 'page');
  const rows = page.getByRole('table', { name: 'Leads, newest first' }).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Spammy' })).toContainText('Held: Posted without the proof of work the form sends; More than three web addresses');
  await expect(rows.filter({ hasText: `Held ${m}` })).toContainText('Held for review: Sent without JavaScript');
  await expectAxeCleanAtBothWidths(page);

  await page.goto(leadUrl('partner', id));
  const panel = page.getByRole('region', { name: 'Held for review' });
  await expect(panel).toContainText('Nothing was sent about it');
  await expect(panel).toContainText('Sent without JavaScript, so without the proof of work');
  await expectAxeCleanAtBothWidths(page);
  await panel.getByRole('button', { name: 'Not spam' }).click();
  await expect(page.getByText('Marked not spam: the lead is back in the inbox')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Spam screening' })).toContainText(`Marked not spam by ${admin.name}`);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText('Held for review by the spam screening');
  await expect(timeline).toContainText(`${admin.name} changed the status: Spam → New`);
  await expect(timeline).toContainText(`Marked not spam by ${admin.name}`);
  await expectAxeCleanAtBothWidths(page);

  await page.goto(`/staff?q=${m}`);
  await expect(page.getByRole('table', { name: 'Leads, newest first' }).locator('tbody tr')).toHaveCount(1);
  const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from lead_status_history where lead_id = $1 and from_status = 'spam' and to_status = 'new'`, [id]);
  expect(n).toBe(1);
});

test('a member sees why a data request was held but cannot release it', async ({ page }) => {
  const m = marker();
  const id = await insertLead({ kind: 'dataRequest', email: `dr-${m}@e2e.example`, type: 'erase', details: 'Please.' });
  await holdLead('dataRequest', id, ['no-javascript']);
  await signIn(page, member);
  await page.goto(leadUrl('data_request', id));
  const panel = page.getByRole('region', { name: 'Held for review' });
  await expect(panel).toContainText('Only admins can release a data request.');
  await expect(panel.getByRole('button', { name: 'Not spam' })).toHaveCount(0);
});
