import { staffAccounts, staffExpect as expect, test } from './fixtures';
import { insertLead, leadUrl, marker, signIn, sql } from '../support/staff-accounts';

const staff = staffAccounts('Nell Newsletter');

test('staff see where each newsletter subscription stands, and that emails are off on this server', async ({ page }) => {
  const m = marker();
  const ids: Record<string, string> = {};
  for (const [i, status] of ['pending', 'confirmed', 'unsubscribed'].entries()) {
    ids[status] = await insertLead({ kind: 'newsletter', email: `${status}-${m}@e2e.example`, createdAt: new Date(Date.now() - i * 60_000).toISOString() });
  }
  await sql(`update newsletter_subscriptions set status = 'confirmed', confirmed_at = now() where id = $1`, [ids.confirmed]);
  await sql(`update newsletter_subscriptions set status = 'unsubscribed', unsubscribed_at = now(), unsubscribed_via = 'one-click' where id = $1`, [ids.unsubscribed]);

  await signIn(page, staff.member);
  // The e2e server has no SMTP_URL: staff are told what that means for sign-ups.
  await expect(page.getByRole('note').filter({ hasText: 'Emails are off' })).toContainText('Emails are off: SMTP_URL is not set on the server');
  await page.goto(`/staff?q=${m}`);
  const rows = page.getByRole('table', { name: 'Leads, newest first' }).locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Pending confirmation');
  await expect(rows.nth(1)).toContainText('Confirmed');
  await expect(rows.nth(2)).toContainText('Unsubscribed');

  await page.goto(leadUrl('newsletter', ids.unsubscribed));
  const fields = page.locator('dl').first();
  await expect(fields).toContainText('SubscriptionUnsubscribed');
  await expect(fields).toContainText('Unsubscribed throughone-click');
});
