import { expect as baseExpect, test } from './fixtures';
import { expectAxeCleanAtBothWidths } from '../support/page-checks';
import { createStaff, signIn, sql, type StaffAccount } from '../support/staff-accounts';

// Sign-in hashes with argon2id (19 MiB): allow for a loaded CI machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

/**
 * "My settings" (/staff/settings): a member opts in to the daily digest by keyboard alone, a wrong time and
 * a wrong zone each get their own message on their field (announced, focus moved there), and the saved
 * setting is what the digest's schedule reads; an admin turns on the weekly summary without JavaScript.
 * Axe-clean at 1280 and 375 px, with and without errors.
 */
let member: StaffAccount;
let admin: StaffAccount;
test.beforeAll(() => {
  member = createStaff('member', 'Sam Settings');
  admin = createStaff('admin', 'Ana Settings');
});

const saved = (email: string) =>
  sql<{ digest_at: string | null; time_zone: string | null; weekly_summary: boolean }>(`select digest_at, time_zone, weekly_summary from staff_users where email = $1`, [email]);

test('a member opts in to the daily digest with the keyboard; a wrong time and zone are refused with their own messages', async ({ page }) => {
  await signIn(page, member);
  await page.getByRole('link', { name: 'My settings' }).click();
  await expect(page.getByRole('heading', { name: 'My settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /weekly summary/ })).toHaveCount(0);
  await expectAxeCleanAtBothWidths(page);
  await page.screenshot({ path: test.info().outputPath('settings-1280.png'), fullPage: true });

  // Tick the digest with Space, then Tab to the time and type a wrong one.
  const digest = page.getByRole('checkbox', { name: 'Send me a daily digest of my open, due and overdue leads' });
  await digest.focus();
  await page.keyboard.press('Space');
  await expect(digest).toBeChecked();
  await page.keyboard.press('Tab');
  const time = page.getByRole('textbox', { name: 'Time of the digest' });
  await expect(time).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('7.30', { delay: 30 });
  await page.keyboard.press('Enter');
  const timeError = '“7.30” is not a time: enter it as HH:MM on the 24-hour clock, for example 08:30 or 17:45.';
  await expect(page.getByRole('status').filter({ hasText: timeError })).toBeVisible();
  await expect(time).toHaveAttribute('aria-invalid', 'true');
  await expect(time).toHaveAccessibleDescription(/HH:MM on the 24-hour clock, for example 08:30\. “7\.30” is not a time/);
  await expect(time).toBeFocused();
  await expect(time).toHaveValue('7.30');
  await expect(digest).toBeChecked();
  await expectAxeCleanAtBothWidths(page, { reload: false });

  // The right time, and a zone with a typo.
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('07:30', { delay: 30 });
  await page.keyboard.press('Tab');
  const zone = page.getByRole('combobox', { name: 'My time zone' });
  await expect(zone).toBeFocused();
  await page.keyboard.type('Europe/Berln', { delay: 30 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: '“Europe/Berln” is not a time zone: enter one such as Europe/Berlin' })).toBeVisible();
  await expect(zone).toBeFocused();
  await expect(zone).toHaveAttribute('aria-invalid', 'true');
  await expect(time).toHaveValue('07:30');
  expect((await saved(member.email))[0].digest_at).toBeNull();

  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Europe/Berlin', { delay: 30 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved. Your daily digest comes at 07:30 (Europe/Berlin).' })).toBeVisible();
  expect(await saved(member.email)).toEqual([{ digest_at: '07:30', time_zone: 'Europe/Berlin', weekly_summary: false }]);
  // The page shows what is saved.
  await page.goto('/staff/settings');
  await expect(page.getByRole('checkbox', { name: /daily digest/ })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Time of the digest' })).toHaveValue('07:30');
  await expect(page.getByRole('combobox', { name: 'My time zone' })).toHaveValue('Europe/Berlin');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath('settings-375.png'), fullPage: true });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('an admin turns on the weekly summary and the digest off', async ({ page }) => {
    await sql(`update staff_users set digest_at = '09:00' where email = $1`, [admin.email]);
    await signIn(page, admin);
    await page.goto('/staff/settings');
    const digest = page.getByRole('checkbox', { name: /daily digest/ });
    await expect(digest).toBeChecked();
    await digest.focus();
    await page.keyboard.press('Space');
    const weekly = page.getByRole('checkbox', { name: /Send me the weekly summary on Mondays/ });
    await weekly.focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Save settings' }).press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved. You get no daily digest. You get the weekly summary on Mondays.' })).toBeVisible();
    expect(await saved(admin.email)).toEqual([{ digest_at: null, time_zone: null, weekly_summary: true }]);
    // (axe runs in the page's JavaScript: the first test checks the same form with it.)
  });
});

test('a member turns single-key shortcuts off in My settings with the keyboard: the inbox then listens to no key, and on again', async ({ page }) => {
  const own = createStaff('member', 'Kim Keys');
  await signIn(page, own);
  await page.goto('/staff/settings');
  const box = page.getByRole('checkbox', { name: "Use single-key shortcuts in the inbox and on a lead's page" });
  await expect(box).toBeChecked();
  await expect(box).toHaveAccessibleDescription(/Turn them off if they get in the way of speech input/);
  await box.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Save shortcuts' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('form', { name: 'Keyboard shortcuts' }).getByRole('status').filter({ hasText: 'Single-key shortcuts are off.' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Use single-key shortcuts/ })).not.toBeChecked();
  expect((await sql<{ shortcuts: boolean }>(`select shortcuts from staff_users where email = $1`, [own.email]))[0].shortcuts).toBe(false);
  await expectAxeCleanAtBothWidths(page, { reload: false });

  // The inbox: no key hint on the search box, and `/` and `?` are no shortcuts.
  await page.goto('/staff');
  await expect(page.locator('astro-island:not([ssr])').getByRole('button', { name: 'Keyboard shortcuts' })).toBeVisible();
  await expect(page.locator('[aria-keyshortcuts]')).toHaveCount(0);
  await page.locator('body').press('?');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // On again from the same place.
  await page.goto('/staff/settings');
  await page.getByRole('checkbox', { name: /Use single-key shortcuts/ }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Save shortcuts' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Single-key shortcuts are on.' })).toBeVisible();
  await page.goto('/staff');
  await expect(page.getByRole('searchbox', { name: 'Search' }).or(page.getByRole('textbox', { name: 'Search' }))).toHaveAttribute('aria-keyshortcuts', '/');
});
