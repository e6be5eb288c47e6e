import fs from 'node:fs';
import type pg from 'pg';
import { expect, expectNoAxeViolations, test } from './fixtures';
import type { StartedServer } from '../support/start-server';
import { startOwnServer, type OwnServer } from '../support/own-server';
import { createStaff, signIn, type StaffAccount } from '../support/staff-accounts';

/**
 * The insights of our replies (issue 31), as a staff member reads them: leads and replies written with known
 * times, and /staff/insights shows, for the last 7 days, the time to first reply per kind and per staff member
 * (median and 90th percentile), the leads not answered yet, the leads answered on time (by the first-response
 * clock: the team here is open day and night every day, so that its business hours are the calendar's whatever
 * the day the test runs), the replies per lead, the answers on time per member (a reply, or a lead marked answered
 * elsewhere) and each member's open and overdue leads (issue 32), in its tables and in the CSV. Every label of the charts is whole and none overlaps
 * another at 1280 and 375 px, and axe finds nothing. A server and a database of its own: the figures are of
 * every lead of the range, so no other spec's lead may be among them.
 */
// One server for both tests (serial: one worker, one beforeAll).
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let own: OwnServer;
let server: StartedServer;
let db: pg.Pool;
let member: StaffAccount;
let elsewhere: StaffAccount;
const hour = 3_600_000;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  own = await startOwnServer();
  ({ server, db } = own);
  member = createStaff('member', 'Rita Replies', own.databaseUrl);
  elsewhere = createStaff('member', 'Sam Elsewhere', own.databaseUrl);
  const [{ id: rita }] = (await db.query<{ id: string }>('select id from staff_users where email = $1', [member.email])).rows;
  const [{ id: sam }] = (await db.query<{ id: string }>('select id from staff_users where email = $1', [elsewhere.email])).rows;
  // Open day and night, every day: a target of 24 hours is 24 hours from any instant.
  const allDay = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, { open: '00:00', close: '24:00' }]));
  await db.query(`insert into team_calendar (id, time_zone, hours) values (true, 'UTC', $1)`, [JSON.stringify(allDay)]);
  const now = Date.now();
  const lead = async (table: 'partner_applications' | 'contact_messages', type: string, agoHours: number, replies: number[], owner?: string) => {
    const createdAt = new Date(now - agoHours * hour);
    const sql =
      table === 'partner_applications'
        ? `insert into partner_applications (first_name, last_name, email, company, partnership_type, message, created_at) values ('Pat', 'Partner', $1, 'P Ltd', 'technology', 'We would like to work together.', $2) returning id`
        : `insert into contact_messages (name, email, subject, message, created_at) values ('Cory Contact', $1, 'A question', 'Hello there.', $2) returning id`;
    const [{ id }] = (await db.query<{ id: string }>(sql, [`${crypto.randomUUID()}@e2e.example`, createdAt])).rows;
    if (owner) await db.query(`insert into lead_triage (lead_type, lead_id, status, owner_id) values ($1, $2, 'new', $3)`, [type, id, owner]);
    for (const after of replies) {
      await db.query(
        `insert into lead_messages (lead_type, lead_id, direction, message_id, from_address, to_address, subject, body_text, author_id, created_at)
         values ($1, $2, 'out', $3, 'team@e2e.example', 'lead@e2e.example', 'Re: your message', 'Thank you.', $4, $5)`,
        [type, id, `${crypto.randomUUID()}@e2e.example`, rita, new Date(createdAt.getTime() + after * hour)],
      );
    }
    return { type, id, createdAt };
  };
  // Partner applications (promised 48 hours), three days old: first replies after 2, 6 and 50 hours (the one
  // after 6 hours had a second reply), and one not answered (overdue).
  await lead('partner_applications', 'partner', 72, [2]);
  await lead('partner_applications', 'partner', 72, [6, 20]);
  await lead('partner_applications', 'partner', 72, [50]);
  await lead('partner_applications', 'partner', 72, [], rita);
  // Contact messages (24 hours): one answered after 30 hours (late), one an hour old and not answered (not yet due),
  // both Rita's; one Sam answered by phone after 3 hours, marked "answered elsewhere" (no reply from its page).
  await lead('contact_messages', 'contact', 40, [30]);
  await lead('contact_messages', 'contact', 1, [], rita);
  const phoned = await lead('contact_messages', 'contact', 10, []);
  await db.query(`insert into lead_status_history (lead_type, lead_id, from_status, to_status, changed_by, created_at, answered) values ('contact', $1, 'new', 'new', $2, $3, true)`, [
    phoned.id,
    sam,
    new Date(phoned.createdAt.getTime() + 3 * hour),
  ]);
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
  // The contact message answered by phone has no reply: not answered in this panel, which is about replies.
  await expect(row('Time to first reply by kind', 'Contact')).toHaveText(/Contact\s*3\s*1\s*2\s*30\.0 h\s*30\.0 h\s*24 hours/);
  // In all: 2, 6, 30 and 50 hours: median 18 h, 90th percentile 30 + 0.7 * 20 = 44 h.
  await expect(row('Time to first reply by kind', 'All')).toHaveText(/All\s*7\s*4\s*3\s*18\.0 h\s*44\.0 h/);
  await expect(page.getByRole('region', { name: 'Time to first reply', exact: true }).getByText('3 not answered yet.')).toBeVisible();

  await expect(row('First replies and their time by staff member', member.name)).toHaveText(new RegExp(`${member.name}\\s*4\\s*18\\.0 h\\s*44\\.0 h`));

  // By the clock: in time, late, overdue, not yet due, closed without an answer, and the share in time of those
  // settled. The contact message answered by phone is answered, in time.
  await expect(row('Leads answered on time by kind', 'Partner')).toHaveText(/Partner\s*48 hours\s*2\s*1\s*1\s*0\s*0\s*50 %/);
  await expect(row('Leads answered on time by kind', 'Contact')).toHaveText(/Contact\s*24 hours\s*1\s*1\s*0\s*1\s*0\s*50 %/);

  // Per member who answered: Rita by her replies, Sam by the lead he marked answered elsewhere.
  await expect(row('Leads answered on time by member', member.name)).toHaveText(new RegExp(`${member.name}\\s*4\\s*2\\s*2\\s*0\\s*50 %`));
  await expect(row('Leads answered on time by member', elsewhere.name)).toHaveText(new RegExp(`${elsewhere.name}\\s*1\\s*1\\s*0\\s*1\\s*100 %`));
  // Open and overdue per owner now: Rita owns the overdue partner application and the contact not yet due.
  const load = 'Open and overdue leads per member now, and the leads the rules assigned each in this range';
  await expect(row(load, member.name)).toHaveText(new RegExp(`${member.name}\\s*2\\s*1\\s*0\\s*—`));
  await expect(row(load, elsewhere.name)).toHaveText(new RegExp(`${elsewhere.name}\\s*0\\s*0\\s*0\\s*—`));
  await expect(row(load, 'Nobody \\(unassigned')).toHaveText(/Nobody \(unassigned\)\s*5\s*0\s*—\s*—/);

  // Replies per lead: partners 1, 2, 1 and 0; contacts 1 and 0.
  await expect(row('Replies per lead by kind', 'Partner')).toHaveText(/Partner\s*4\s*1\.00\s*1\s*2\s*1\s*0/);
  await expect(row('Replies per lead by kind', 'All')).toHaveText(/All\s*7\s*0\.71\s*3\s*3\s*1\s*0/);

  // The CSVs of the time to first reply and of the answers per member, as the staff member downloads them.
  const csvOf = async (link: string) => {
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: link }).click();
    return fs
      .readFileSync(await (await download).path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
  };
  expect(await csvOf('CSV of time to first reply')).toEqual([
    'Kind,Leads,Answered,Not answered yet,Median (hours),90th percentile (hours),Promised',
    'Partner,4,3,1,6.00,41.20,48 hours',
    'Contact,3,1,2,30.00,30.00,24 hours',
    'All,7,4,3,18.00,44.00,',
  ]);
  expect(await csvOf('CSV of leads answered on time by member')).toEqual([
    'Member,Answered,Answered in time,Answered late,Answered elsewhere,Share in time',
    `${member.name},4,2,2,0,0.5000`,
    `${elsewhere.name},1,1,0,1,1.0000`,
    'All,5,3,2,1,0.6000',
  ]);

  // Every label of the charts whole and apart, and axe clean, at both widths.
  await expect(page.locator('figure svg[role="img"]'), 'the daily chart, the four of the replies, the answers per member and the two of the assignment').toHaveCount(8);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await labelProblems(page), `labels at ${width} px`).toEqual([]);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`insights-${width}.png`), fullPage: true });
    for (const panel of ['Answered on time', 'Answered on time by member', 'Assignment']) {
      await page.getByRole('region', { name: panel, exact: true }).screenshot({ path: test.info().outputPath(`${panel.toLowerCase().replaceAll(' ', '-')}-${width}.png`) });
    }
  }
});

test('a range without leads says so in each of the reply panels', async ({ page }) => {
  await page.goto(`${server.url}/staff/sign-in`);
  await signIn(page, member, { expectPath: /\/staff$/ });
  await page.goto(`${server.url}/staff/insights?from=2020-01-01&to=2020-01-31`);
  for (const panel of ['Time to first reply', 'Answered on time', 'Replies per lead']) {
    await expect(page.getByRole('region', { name: panel, exact: true }).getByText('No leads to answer in this range.')).toBeVisible();
  }
  for (const panel of ['First replies by staff member', 'Answered on time by member']) {
    await expect(page.getByRole('region', { name: panel, exact: true }).getByText('No lead of this range has been answered yet.')).toBeVisible();
  }
  await expectNoAxeViolations(page);
});
