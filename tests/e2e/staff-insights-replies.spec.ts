import fs from 'node:fs';
import type pg from 'pg';
import { expect, expectNoAxeViolations, test } from './fixtures';
import type { StartedServer } from '../support/start-server';
import { startOwnServer, type OwnServer } from '../support/own-server';
import { createStaff, signIn, type StaffAccount } from '../support/staff-accounts';

/**
 * The insights of our replies (issue 31), as a staff member reads them: leads and replies written with known
 * times, and /staff/insights shows, for the last 7 days, the time to first reply per kind and per staff member
 * (median and 90th percentile), the leads not answered yet, the leads answered within the promised time, and
 * the replies per lead, in its tables and in the CSV. Every label of the charts is whole and none overlaps
 * another at 1280 and 375 px, and axe finds nothing. A server and a database of its own: the figures are of
 * every lead of the range, so no other spec's lead may be among them.
 */
// One server for both tests (serial: one worker, one beforeAll).
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let own: OwnServer;
let server: StartedServer;
let db: pg.Pool;
let member: StaffAccount;
const hour = 3_600_000;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  own = await startOwnServer();
  ({ server, db } = own);
  member = createStaff('member', 'Rita Replies', own.databaseUrl);
  const [{ id: rita }] = (await db.query<{ id: string }>('select id from staff_users where email = $1', [member.email])).rows;
  const now = Date.now();
  const lead = async (table: 'partner_applications' | 'contact_messages', type: string, agoHours: number, replies: number[]) => {
    const createdAt = new Date(now - agoHours * hour);
    const sql =
      table === 'partner_applications'
        ? `insert into partner_applications (first_name, last_name, email, company, partnership_type, message, created_at) values ('Pat', 'Partner', $1, 'P Ltd', 'technology', 'We would like to work together.', $2) returning id`
        : `insert into contact_messages (name, email, subject, message, created_at) values ('Cory Contact', $1, 'A question', 'Hello there.', $2) returning id`;
    const [{ id }] = (await db.query<{ id: string }>(sql, [`${crypto.randomUUID()}@e2e.example`, createdAt])).rows;
    for (const after of replies) {
      await db.query(
        `insert into lead_messages (lead_type, lead_id, direction, message_id, from_address, to_address, subject, body_text, author_id, created_at)
         values ($1, $2, 'out', $3, 'team@e2e.example', 'lead@e2e.example', 'Re: your message', 'Thank you.', $4, $5)`,
        [type, id, `${crypto.randomUUID()}@e2e.example`, rita, new Date(createdAt.getTime() + after * hour)],
      );
    }
  };
  // Partner applications (promised 48 hours), three days old: first replies after 2, 6 and 50 hours (the one
  // after 6 hours had a second reply), and one not answered (overdue).
  await lead('partner_applications', 'partner', 72, [2]);
  await lead('partner_applications', 'partner', 72, [6, 20]);
  await lead('partner_applications', 'partner', 72, [50]);
  await lead('partner_applications', 'partner', 72, []);
  // Contact messages (24 hours): one answered after 30 hours (late), one an hour old and not answered (not yet due).
  await lead('contact_messages', 'contact', 40, [30]);
  await lead('contact_messages', 'contact', 1, []);
});

test.afterAll(async () => {
  await own?.stop();
});

/** The text of the charts' labels that stick out of their chart or overlap another label of it. */
async function labelProblems(page: import('@playwright/test').Page) {
  return page.locator('figure svg[role="img"]').evaluateAll((charts) =>
    charts.flatMap((svg) => {
      const box = svg.getBoundingClientRect();
      const labels = [...svg.querySelectorAll('text')].map((t) => ({ text: t.textContent ?? '', r: t.getBoundingClientRect() }));
      const out = labels.filter(({ r }) => r.left < box.left - 0.5 || r.right > box.right + 0.5).map(({ text }) => `"${text}" sticks out`);
      const overlaps = labels.flatMap((a, i) =>
        labels
          .slice(i + 1)
          .filter((b) => a.r.left < b.r.right - 0.5 && b.r.left < a.r.right - 0.5 && a.r.top < b.r.bottom - 0.5 && b.r.top < a.r.bottom - 0.5)
          .map((b) => `"${a.text}" overlaps "${b.text}"`),
      );
      return [...out, ...overlaps];
    }),
  );
}

test('a staff member reads the time to first reply, the leads answered in time and the replies per lead, in the tables and the CSV', async ({ page }) => {
  await page.goto(`${server.url}/staff/sign-in`);
  await signIn(page, member, { expectPath: /\/staff$/ });
  await page.getByRole('link', { name: 'Insights' }).click();
  await page.getByRole('link', { name: '7 days' }).click();
  await expect(page).toHaveURL(/\/staff\/insights\?days=7$/);

  const table = (name: string) => page.getByRole('table', { name });
  const row = (tableName: string, name: string) => table(tableName).getByRole('row', { name: new RegExp(`^${name}\\b`) });
  // Partners: 2, 6 and 50 hours: median 6 h; 90th percentile 6 + 0.8 * 44 = 41.2 h. One not answered.
  await expect(row('Time to first reply by kind', 'Partner')).toHaveText(/Partner\s*4\s*3\s*1\s*6\.0 h\s*41\.2 h\s*48 hours/);
  await expect(row('Time to first reply by kind', 'Contact')).toHaveText(/Contact\s*2\s*1\s*1\s*30\.0 h\s*30\.0 h\s*24 hours/);
  // In all: 2, 6, 30 and 50 hours: median 18 h, 90th percentile 30 + 0.7 * 20 = 44 h.
  await expect(row('Time to first reply by kind', 'All')).toHaveText(/All\s*6\s*4\s*2\s*18\.0 h\s*44\.0 h/);
  await expect(page.getByRole('region', { name: 'Time to first reply', exact: true }).getByText('2 not answered yet.')).toBeVisible();

  await expect(row('First replies and their time by staff member', member.name)).toHaveText(new RegExp(`${member.name}\\s*4\\s*18\\.0 h\\s*44\\.0 h`));

  // In time, late, overdue, not yet due, and the share in time of those settled.
  await expect(row('Leads answered within the promised time by kind', 'Partner')).toHaveText(/Partner\s*48 hours\s*2\s*1\s*1\s*0\s*50 %/);
  await expect(row('Leads answered within the promised time by kind', 'Contact')).toHaveText(/Contact\s*24 hours\s*0\s*1\s*0\s*1\s*0\.0 %/);

  // Replies per lead: partners 1, 2, 1 and 0; contacts 1 and 0.
  await expect(row('Replies per lead by kind', 'Partner')).toHaveText(/Partner\s*4\s*1\.00\s*1\s*2\s*1\s*0/);
  await expect(row('Replies per lead by kind', 'All')).toHaveText(/All\s*6\s*0\.83\s*2\s*3\s*1\s*0/);

  // The CSV of the time to first reply, as the staff member downloads it.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'CSV of time to first reply' }).click();
  const csv = fs.readFileSync(await (await download).path(), 'utf8');
  expect(
    csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/),
  ).toEqual([
    'Kind,Leads,Answered,Not answered yet,Median (hours),90th percentile (hours),Promised',
    'Partner,4,3,1,6.00,41.20,48 hours',
    'Contact,2,1,1,30.00,30.00,24 hours',
    'All,6,4,2,18.00,44.00,',
  ]);

  // Every label of the charts whole and apart, and axe clean, at both widths.
  await expect(page.locator('figure svg[role="img"]'), 'the daily chart and the four of the replies').toHaveCount(5);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await labelProblems(page), `labels at ${width} px`).toEqual([]);
    await expectNoAxeViolations(page);
  }
});

test('a range without leads says so in each of the reply panels', async ({ page }) => {
  await page.goto(`${server.url}/staff/sign-in`);
  await signIn(page, member, { expectPath: /\/staff$/ });
  await page.goto(`${server.url}/staff/insights?from=2020-01-01&to=2020-01-31`);
  for (const panel of ['Time to first reply', 'Answered within the promised time', 'Replies per lead']) {
    await expect(page.getByRole('region', { name: panel, exact: true }).getByText('No leads to answer in this range.')).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'First replies by staff member', exact: true }).getByText('No lead of this range has been answered yet.')).toBeVisible();
  await expectNoAxeViolations(page);
});
