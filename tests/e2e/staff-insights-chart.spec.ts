import type pg from 'pg';
import { test, expect } from './fixtures';
import type { StartedServer } from '../support/start-server';
import { startOwnServer, type OwnServer } from '../support/own-server';
import { createStaff, signIn, type StaffAccount } from '../support/staff-accounts';

/**
 * The daily chart of /staff/insights shows every axis label whole: a day with 10,000 leads (the longest
 * count label of a realistic range) and a range whose last day is labelled at the chart's right edge, at
 * 1280 and 375 px. A server and database of its own: 10,000 leads must not show in another spec's inbox.
 */
test.describe.configure({ timeout: 240_000 });

let own: OwnServer;
let server: StartedServer;
let db: pg.Pool;
let admin: StaffAccount;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const daysAgo = (n: number) => isoDay(new Date(Date.now() - n * 86_400_000));

test.beforeAll(async () => {
  test.setTimeout(240_000);
  own = await startOwnServer();
  ({ server, db } = own);
  admin = createStaff('admin', 'Charlie Chart', own.databaseUrl);
  // 10,000 contact messages on one day three days ago, and one on a few other days.
  await db.query(
    `insert into contact_messages (name, email, subject, message, created_at)
     select 'Count ' || i, 'count-' || i || '@e2e.example', 'A question', 'Hello.', $1::date + interval '12 hours'
     from generate_series(1, 10000) as i`,
    [daysAgo(3)],
  );
  for (const n of [1, 20, 50]) {
    await db.query(`insert into contact_messages (name, email, subject, message, created_at) values ('Other', $1, 'A question', 'Hello.', $2::date + interval '12 hours')`, [`other-${n}@e2e.example`, daysAgo(n)]);
  }
});

test.afterAll(async () => {
  await own?.stop();
});

/** The labels of the daily chart whose box is not inside the chart's own box, with how far out they are. */
async function labelsOutside(page: import('@playwright/test').Page) {
  const chart = page.getByRole('region', { name: 'Chart of leads per day' }).locator('svg');
  await expect(chart).toBeVisible();
  return chart.evaluate((svg) => {
    const box = svg.getBoundingClientRect();
    const labels = [...svg.querySelectorAll('text')].map((t) => ({ text: t.textContent ?? '', r: t.getBoundingClientRect() }));
    if (labels.length < 4) return [`only ${labels.length} labels`];
    return labels
      .filter(({ r }) => r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)
      .map(({ text, r }) => `"${text}" at ${Math.round(r.left - box.left)}..${Math.round(r.right - box.left)} of ${Math.round(box.width)} px`);
  });
}

test('every axis label of the daily chart is whole at 1280 and 375 px, with 10,000 leads on a day', async ({ page }) => {
  await page.goto(`${server.url}/staff/sign-in`);
  await signIn(page, admin, { expectPath: /\/staff$/ });
  // The 30 last days (the day of 10,000 in it), and 57 days: its last day is labelled, at the right edge.
  const ranges = ['/staff/insights?days=30', `/staff/insights?from=${daysAgo(56)}&to=${daysAgo(0)}`];
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const range of ranges) {
      await page.goto(`${server.url}${range}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
      const chart = page.getByRole('region', { name: 'Chart of leads per day' }).locator('svg');
      await expect(chart.locator('text', { hasText: /^10,000$/ })).toHaveCount(1);
      expect(await labelsOutside(page), `${range} at ${width} px`).toEqual([]);
    }
  }
});
