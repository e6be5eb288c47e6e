import pg from 'pg';
import { test, expect } from './fixtures';
import { waitFor } from '../support/notify-receivers';
import type { StartedServer } from '../support/start-server';
import { desktopChrome, startOwnServer, type OwnServer } from '../support/own-server';
import { fillForm, leadForms, outcome, uniqueEmail, uniqueIp } from '../support/lead-forms';
import { createStaff, signIn, type StaffAccount } from '../support/staff-accounts';
import { routes } from '../../src/lib/config/routes';

/**
 * Cookieless page counts and the insights' conversion, end to end (issue 20): views of `/partners` are
 * counted without a cookie (a crawler's, a HEAD and a prefetch are not), a partner application sent from
 * that page in Chromium is a lead of it, and `/staff/insights` shows the views, the lead and the rate for the
 * page, its campaign source and its campaign. A server and a PostgreSQL database of its own, so that every
 * view and lead it counts is one this test made.
 */
test.describe.configure({ timeout: 180_000 });

const partner = leadForms.find((f) => f.kind === 'partner')!;
const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
let own: OwnServer;
let server: StartedServer;
let db: pg.Pool;
let admin: StaffAccount;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  own = await startOwnServer({ PAGE_VIEWS_FLUSH_MS: '200' });
  ({ server, db } = own);
  admin = createStaff('admin', 'Ines Insights', own.databaseUrl);
});

test.afterAll(async () => {
  await own?.stop();
});

test('views of /partners are counted without a cookie, a crawler is not, and the insights show the conversion of the views and the lead made', async ({ browser, request }) => {
  const campaign = `insight-${Date.now().toString(36)}`;
  const tagged = `${server.url}/partners?utm_source=news&utm_campaign=${campaign}`;
  for (let i = 0; i < 3; i++) {
    const res = await request.get(tagged, { headers: { 'User-Agent': desktopChrome, Referer: 'https://news.example/issue' } });
    expect(res.status()).toBe(200);
    expect(res.headers()['set-cookie']).toBeUndefined();
  }
  // Not views: a crawler, a HEAD, a browser's prefetch.
  expect((await request.get(tagged, { headers: { 'User-Agent': googlebot } })).status()).toBe(200);
  expect((await request.head(tagged, { headers: { 'User-Agent': desktopChrome } })).status()).toBe(200);
  expect((await request.get(tagged, { headers: { 'User-Agent': desktopChrome, 'Sec-Purpose': 'prefetch' } })).status()).toBe(200);
  // No public page sets a cookie (every other route of the site, a filtered list, and the 404 page; /partners above),
  // nor one reached through a link whose affiliate code is not one (tests/e2e/referral-cookie.spec.ts: a valid one).
  for (const path of [...routes.map((r) => r.path).filter((p) => p !== '/partners'), '/blog?q=social', '/no-such-page', '/pricing?ref=%3Cb%3E']) {
    const res = await request.get(`${server.url}${path}`, { headers: { 'User-Agent': desktopChrome } });
    expect(res.status(), path).toBe(path === '/no-such-page' ? 404 : 200);
    expect(res.headers()['set-cookie'], path).toBeUndefined();
  }

  // A visitor reads the page in Chromium (the fourth view) and applies: the one lead of this page.
  const context = await browser.newContext({ userAgent: desktopChrome, extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() } });
  const page = await context.newPage();
  await page.goto(tagged);
  await fillForm(page, partner, partner.valid(uniqueEmail('insights')));
  await page.getByRole('button', { name: partner.submit }).click();
  await expect(outcome(page, partner.formId, 'status')).toContainText(partner.success.title);
  expect((await context.cookies()).filter((c) => c.domain.includes('127.0.0.1') || c.domain.includes('localhost'))).toEqual([]);
  await context.close();

  const views = async () =>
    Number((await db.query(`select coalesce(sum(views), 0)::int as n from page_views where path = '/partners'`)).rows[0].n);
  await waitFor(async () => (await views()) >= 4, 20_000, 'the four views of /partners written');
  // Flushed every 200 ms: a count still on its way would show up by now.
  await new Promise((r) => setTimeout(r, 1_000));
  expect(await views()).toBe(4);
  const tags = (await db.query(`select referrer_host, source, campaign, sum(views)::int as views from page_views where path = '/partners' group by 1, 2, 3 order by 1 desc`)).rows;
  expect(tags).toEqual([
    { referrer_host: 'news.example', source: 'news', campaign, views: 3 },
    { referrer_host: '', source: 'news', campaign, views: 1 },
  ]);

  const staff = await browser.newPage();
  await staff.goto(`${server.url}/staff/sign-in`);
  await signIn(staff, admin, { expectPath: /\/staff$/ });
  await staff.goto(`${server.url}/staff/insights?days=7`);
  // 4 views, 1 lead: 25 %.
  const table = (name: string) => staff.getByRole('table', { name: `Views, leads and conversion of each ${name}` });
  await expect(table('form page').getByRole('row', { name: /^\/partners\b/ })).toHaveText(/\/partners\s*4\s*1\s*25 %/);
  await expect(table('campaign source').getByRole('row', { name: /^news\b/ })).toHaveText(/news\s*4\s*1\s*25 %/);
  await expect(table('campaign').getByRole('row', { name: new RegExp(`^${campaign}`) })).toHaveText(new RegExp(`${campaign}\\s*4\\s*1\\s*25 %`));
  await staff.close();
});
