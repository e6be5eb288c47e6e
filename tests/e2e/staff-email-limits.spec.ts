import type { Page } from '@playwright/test';
import { expectNoAxeViolations, staffExpect as expect, test } from './fixtures';
import { startSmtp, textOf, waitFor } from '../support/notify-receivers';
import { startOwnServer, type OwnServer } from '../support/own-server';
import { createStaff, signIn } from '../support/staff-accounts';
import { solvedProof } from '../support/proof';

/**
 * An email to a visitor that a limit kept back, as staff meet it on the lead's page (docs/notifications.md):
 * "Not sent" with the reason, the data request's panel true to it (no "link we emailed"), and "Send again"
 * by keyboard, refused aloud while the limit holds and delivered once it has passed. A server of its own
 * with an SMTP server in this test and a budget of one verification email an hour.
 */
test.describe.configure({ mode: 'serial' });

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let own: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  smtp = await startSmtp();
  own = await startOwnServer({
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL_TO: 'leads@postcraft.example',
    NOTIFY_POLL_MS: '200',
    NOTIFY_NEEDED_EMAILS_PER_HOUR: '1',
    LEADS_RATE_LIMIT_PER_FORM: '0',
    LEADS_RATE_LIMIT_TOTAL: '0',
    SPAM_MIN_FILL_SECONDS: '0',
  });
});

test.afterAll(async () => {
  await own?.stop();
  await smtp?.close();
});

/** A data request as the /gdpr form's script posts it, from `ip`; resolves with the stored request's id. */
async function askForData(email: string, ip: string): Promise<string> {
  const url = own.server.url;
  const res = await fetch(`${url}/api/leads/data-request`, {
    method: 'POST',
    headers: { Origin: url, Accept: 'application/json', 'X-Forwarded-For': ip },
    body: new URLSearchParams({ email, type: 'export', details: '', submissionToken: crypto.randomUUID(), proof: await solvedProof(url) }),
  });
  expect(res.status).toBe(200);
  const { rows } = await own.db.query(`select id from data_requests where email = $1`, [email]);
  return rows[0].id as string;
}

/** Presses Tab (Shift+Tab backwards) until `name`'s button has the focus, as a keyboard user does. */
async function tabTo(page: Page, name: RegExp, backwards = false) {
  const button = page.getByRole('button', { name });
  for (let i = 0; i < 80 && !(await button.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  await expect(button).toBeFocused();
}

/** The button's name: its text and, for screen readers, which notification (a separate, absolutely positioned span: read with a space). */
const sendAgain = /^Send again\s*: Acknowledgement to the sender$/;

test('an email a limit kept back shows as "Not sent" with its reason; "Send again" says why it is still refused, then sends it', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = crypto.randomUUID().slice(0, 8);
  await askForData(`first-${tag}@example.com`, '192.0.2.40');
  const person = `person-${tag}@example.com`;
  const id = await askForData(person, '198.51.100.40');
  const admin = createStaff('admin', 'Lena Limits', own.databaseUrl);
  await page.goto(`${own.server.url}/staff/sign-in`);
  await signIn(page, admin, { expectPath: /\/staff$/ });
  const leadPage = `${own.server.url}/staff/leads/data_request/${id}`;
  await page.goto(leadPage);

  const request = page.getByRole('region', { name: 'Data request' });
  await expect(request.getByText(/^Not verified: the requester has not confirmed the request yet: the email with the link was not sent/)).toBeVisible();
  await expect(request).not.toContainText('the link we emailed');
  const notifications = page.getByRole('region', { name: 'Notifications' });
  const kept = notifications.getByRole('listitem').filter({ hasText: 'Acknowledgement to the sender' });
  await expect(kept).toContainText('Not sent');
  await expect(kept).toContainText('Not sent: the hourly limit of verification and confirmation emails to visitors (1) was reached. Nobody was emailed');
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Send again, by keyboard, while the hour's budget is still spent: refused, and the refusal is announced and focused.
  await tabTo(page, sendAgain);
  await page.keyboard.press('Enter');
  const refusal = kept.getByRole('alert');
  await expect(refusal).toHaveText('Still not sent: the hourly limit of verification and confirmation emails to visitors (1) was reached. Try again later.');
  await expect(refusal).toBeFocused();
  expect(smtp.messages.filter((m) => m.rcptTo.includes(person))).toHaveLength(0);

  // An hour on, it goes.
  await own.db.query(`update notification_outbox set created_at = created_at - interval '61 minutes'`);
  await tabTo(page, sendAgain, true);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Queued again: a new delivery goes out now.' })).toBeVisible();
  await waitFor(() => smtp.messages.some((m) => m.rcptTo.includes(person)), 15_000, 'the verification email');
  expect(textOf(smtp.messages.find((m) => m.rcptTo.includes(person))!)).toMatch(/\/data-request\/verify\?token=/);
  // The SMTP server has the email a moment before the loop records it as sent: the page says so once it has,
  // so the staff member looks again (as a person reloads) until it does.
  await expect(async () => {
    await page.goto(leadPage);
    await expect(request.getByText('Not verified: the requester has not confirmed the request from the link we emailed.', { exact: false })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(notifications.getByRole('listitem').filter({ hasText: 'Acknowledgement to the sender' }).first()).toContainText('Sent');
});
