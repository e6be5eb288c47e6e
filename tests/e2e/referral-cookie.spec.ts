import pg from 'pg';
import { test, expect } from './fixtures';
import { startReceiver, waitFor } from '../support/notify-receivers';
import type { StartedServer } from '../support/start-server';
import { desktopChrome, startOwnServer, type OwnServer } from '../support/own-server';
import { outcome, uniqueEmail, uniqueIp } from '../support/lead-forms';
import { createStaff, signIn, type StaffAccount } from '../support/staff-accounts';
import { parseCsv } from '../support/csv-parser';
import { routes } from '../../src/lib/config/routes';
import { referralCookieDays, referralCookieName } from '../../src/lib/leads/referral';

/**
 * The affiliate's cookie, end to end (issue 30, docs/leads.md#referral): no public page sets a cookie, but one
 * reached through an affiliate's link (`?ref=CODE`) sets exactly the referral cookie, for
 * `commercial.affiliateCookieDays` days; a trial a person then types and sends on /signup carries the code into
 * the database, the staff's lead page, the CSV export, the insights and the webhook. A server of its own (its
 * PostgreSQL database, a webhook receiver run by this test).
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const ownPort = '3212';
let hooks: Awaited<ReturnType<typeof startReceiver>>;
let own: OwnServer;
let server: StartedServer;
let db: pg.Pool;
let admin: StaffAccount;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  hooks = await startReceiver();
  own = await startOwnServer({
    PORT: ownPort,
    WEBHOOK_URL: hooks.url,
    WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 5).toString('base64')}`,
    NOTIFY_POLL_MS: '200',
  });
  ({ server, db } = own);
  admin = createStaff('admin', 'Rita Referral', own.databaseUrl);
});

test.afterAll(async () => {
  await own?.stop();
  await hooks?.close();
});

const ours = <C extends { domain: string }>(cookies: C[]) => cookies.filter((c) => c.domain.includes('127.0.0.1') || c.domain.includes('localhost'));

test('no public route sets a cookie, nor an invalid affiliate code', async ({ browser, request }) => {
  const addresses = [...routes.map((r) => r.path), '/signup', '/signup?plan=pro&billing=yearly', '/blog?q=social', '/contact?subject=Business%20plan', '/no-such-page'];
  for (const path of [...addresses, '/pricing?ref=', '/pricing?ref=x', '/pricing?ref=%3Cscript%3E', `/pricing?ref=${'a'.repeat(40)}`]) {
    const res = await request.get(`${server.url}${path}`, { headers: { 'User-Agent': desktopChrome } });
    expect(res.status(), path).toBe(path === '/no-such-page' ? 404 : 200);
    expect(res.headers()['set-cookie'], path).toBeUndefined();
  }
  // A person reading the site in Chromium: nothing is left in the browser.
  const context = await browser.newContext({ userAgent: desktopChrome });
  const page = await context.newPage();
  for (const path of ['/', '/affiliate', '/pricing', '/blog?category=Tutorials', '/signup']) await page.goto(`${server.url}${path}`);
  expect(ours(await context.cookies())).toEqual([]);
  await context.close();
});

test('an affiliate link sets the referral cookie; a trial a person then sends carries its code to the database, the staff, the CSV and the webhook', async ({ browser }) => {
  const code = `jane-${Date.now().toString(36)}`;
  const email = uniqueEmail('referral');
  const context = await browser.newContext({ userAgent: desktopChrome, extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() } });
  const page = await context.newPage();
  await page.goto(`${server.url}/affiliate?ref=${code}`);
  const arrived = Date.now() / 1000;
  const cookies = ours(await context.cookies());
  expect(cookies.map((c) => c.name)).toEqual([referralCookieName]);
  const [cookie] = cookies;
  expect(cookie).toMatchObject({ value: code, path: '/', httpOnly: true, sameSite: 'Lax', secure: false });
  // About ninety days from now (the spec's constant).
  expect(Math.abs(cookie.expires - (arrived + referralCookieDays * 86_400))).toBeLessThan(120);

  // The visitor reads on (no link now: the cookie stays as it is, and no other is set), then asks for a trial.
  await page.goto(`${server.url}/pricing`);
  await page.goto(`${server.url}/signup`);
  const form = page.locator('#trial-request');
  const type = async (label: string, text: string) => {
    await form.getByLabel(label).click();
    await form.getByLabel(label).pressSequentially(text, { delay: 70 });
  };
  await type('Name', 'Grace Hopper');
  await type('Work email', email);
  await type('Company (optional)', 'Harbor Studio');
  await form.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).click();
  await form.getByRole('button', { name: 'Start My Free Trial' }).click();
  await expect(outcome(page, 'trial-request', 'status')).toContainText('Your trial request is in!');
  expect(ours(await context.cookies()).map((c) => [c.name, c.value])).toEqual([[referralCookieName, code]]);
  await context.close();

  // In the database: the code with the lead's attribution, and the lead is not held.
  const stored = (
    await db.query(
      `select a.referral_code, a.page, i.status from trial_requests l join lead_attribution a on a.lead_type = 'trial' and a.lead_id = l.id
       join lead_index i on i.lead_type = 'trial' and i.lead_id = l.id where l.email = $1`,
      [email],
    )
  ).rows;
  expect(stored).toEqual([{ referral_code: code, page: '/signup', status: 'new' }]);

  // Staff: the lead's page, the CSV export and the insights.
  const staff = await browser.newPage();
  await staff.goto(`${server.url}/staff/sign-in`);
  await signIn(staff, admin, { expectPath: /\/staff$/ });
  await staff.goto(`${server.url}/staff?q=${encodeURIComponent(email)}`);
  await staff.getByRole('table', { name: 'Leads, newest first' }).locator('tbody tr').first().getByRole('link').click();
  const source = staff.getByRole('region', { name: 'Source' });
  await expect(source.getByRole('term').filter({ hasText: 'Affiliate code' })).toBeVisible();
  await expect(source).toContainText(code);

  const csv = await staff.request.get(`${server.url}/staff/export?q=${encodeURIComponent(email)}`);
  expect(csv.status()).toBe(200);
  const [header, ...records] = parseCsv((await csv.text()).replace(/^\uFEFF/, ''));
  expect(records).toHaveLength(1);
  expect(records[0][header.indexOf('Email')]).toBe(email);
  expect(records[0][header.indexOf('Affiliate code')]).toBe(code);

  await staff.goto(`${server.url}/staff/insights?days=7`);
  const codes = staff.getByRole('table', { name: 'Leads and trial requests of each affiliate code' });
  await expect(codes.getByRole('row', { name: new RegExp(`^${code}`) })).toHaveText(new RegExp(`${code}\\s*1\\s*1`));
  await staff.close();

  await waitFor(() => hooks.received.some((h) => h.body.includes(email)), 15_000, 'the webhook of the trial');
  const hook = JSON.parse(hooks.received.find((h) => h.body.includes(email))!.body);
  expect(hook).toMatchObject({ type: 'trial', attribution: { page: '/signup', referral: code } });
});
