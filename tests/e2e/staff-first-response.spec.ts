import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations, staffAccounts, staffExpect as expect, test } from './fixtures';
import { insertLead, leadUrl, marker, signIn, sql } from '../support/staff-accounts';
import { quickKeyDelayMs } from '../support/person';

/**
 * The first-response clock (docs/speed-to-lead.md): a lead's page says when its first answer is due; the
 * inbox's Overdue, Due soon and Mine views list the right leads, soonest due first, reached with the keyboard;
 * an admin sets the team's calendar by keyboard and a wrong zone gets its own message. The team here is open
 * day and night in UTC, so a 24-hour target is due exactly 24 hours after a lead arrives, whatever the day
 * the test runs.
 */
const staff = staffAccounts('Mia Mine');
test.describe.configure({ mode: 'serial' });

const allWeek = JSON.stringify(Object.fromEntries(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'].map((d) => [d, { open: '00:00', close: '24:00' }])));
test.beforeAll(async () => {
  await sql(`insert into team_calendar (id, time_zone, hours) values (true, 'UTC', $1::jsonb) on conflict (id) do update set time_zone = 'UTC', hours = $1::jsonb, holidays = '{}'`, [allWeek]);
});

async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

async function openView(page: Page, name: RegExp, view: string, m: string) {
  const link = page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name });
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`view=${view}`));
  const box = page.getByRole('searchbox', { name: 'Search' });
  await tabTo(page, box);
  await page.keyboard.type(m, { delay: quickKeyDelayMs });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`view=${view}.*q=${m}|q=${m}.*view=${view}`));
}

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();

test('the Overdue, Due soon and Mine views list the right leads soonest due first, and a lead page says when it is due', async ({ page }) => {
  const m = marker();
  const [member] = await sql<{ id: string }>(`select id from staff_users where email = $1`, [staff.member.email]);
  // Due 24 hours after arrival: Olga overdue by 46 h, Otto by 6 h; Dora due in 2 h, Dan in 3 h; Fay in 20 h; Ann answered.
  const olga = await insertLead({ kind: 'contact', name: `Olga ${m}`, email: `olga-${m}@e2e.example`, createdAt: hoursAgo(70) });
  const otto = await insertLead({ kind: 'agency', name: `Otto ${m}`, email: `otto-${m}@e2e.example`, businessName: 'Otto Co', createdAt: hoursAgo(30) });
  await insertLead({ kind: 'contact', name: `Dan ${m}`, email: `dan-${m}@e2e.example`, createdAt: hoursAgo(21) });
  const dora = await insertLead({ kind: 'contact', name: `Dora ${m}`, email: `dora-${m}@e2e.example`, createdAt: hoursAgo(22) });
  await insertLead({ kind: 'contact', name: `Fay ${m}`, email: `fay-${m}@e2e.example`, createdAt: hoursAgo(4) });
  const ann = await insertLead({ kind: 'contact', name: `Ann ${m}`, email: `ann-${m}@e2e.example`, createdAt: hoursAgo(80) });
  await sql(`insert into lead_status_history (lead_type, lead_id, from_status, to_status, answered, created_at) values ('contact', $1, 'new', 'new', true, $2)`, [ann, hoursAgo(79)]);
  await sql(`insert into lead_triage (lead_type, lead_id, status, owner_id) values ('contact', $1, 'new', $4), ('contact', $2, 'contacted', $4), ('agency', $3, 'new', null)`, [olga, ann, otto, member.id]);
  await sql(`insert into lead_triage (lead_type, lead_id, status, owner_id) values ('contact', $1, 'new', $2)`, [dora, member.id]);

  await signIn(page, staff.member);
  await openView(page, /^Overdue/, 'overdue', m);
  const overdue = page.getByRole('table', { name: 'Overdue leads, most overdue first' }).locator('tbody tr');
  await expect(overdue).toHaveCount(2);
  await expect(overdue.nth(0)).toContainText(`Olga ${m}`);
  await expect(overdue.nth(0)).toContainText('overdue by 46 h');
  await expect(overdue.nth(1)).toContainText(`Otto ${m}`);
  await expect(overdue.nth(1)).toContainText('overdue by 6 h');
  await expectNoAxeViolations(page);

  await openView(page, /^Due soon/, 'due-soon', m);
  const soon = page.getByRole('table', { name: 'Leads due soon, soonest first' }).locator('tbody tr');
  await expect(soon).toHaveCount(2);
  await expect(soon.nth(0)).toContainText(`Dora ${m}`);
  await expect(soon.nth(0)).toContainText('due in 2 h');
  await expect(soon.nth(1)).toContainText(`Dan ${m}`);
  await expect(soon.nth(1)).toContainText('due in 3 h');

  await openView(page, /^Mine/, 'mine', m);
  const mine = page.getByRole('table', { name: 'My open leads, soonest due first' }).locator('tbody tr');
  // Unanswered first, soonest due first (Olga overdue, then Dora), then Ann, answered.
  await expect(mine).toHaveCount(3);
  await expect(mine.nth(0)).toContainText(`Olga ${m}`);
  await expect(mine.nth(1)).toContainText(`Dora ${m}`);
  await expect(mine.nth(2)).toContainText(`Ann ${m}`);

  // The lead's page, reached from the row with the keyboard.
  const link = mine.nth(1).getByRole('link', { name: `Dora ${m}` });
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(leadUrl('contact', dora)));
  const due = page.getByTestId('lead-due');
  await expect(due).toContainText(/First answer due \w{3} \d{1,2} \w{3} \d{2}:\d{2} \(UTC\)/);
  await expect(due).toContainText('due in 2 h');
  await expectNoAxeViolations(page);
  await page.goto(leadUrl('contact', ann));
  await expect(page.getByTestId('lead-due')).toContainText('answered in 1 h, on time');
  await expect(page.getByText('answered the lead elsewhere (phone, own mailbox)')).toBeVisible();
});

test('an admin sets the calendar with the keyboard: a wrong zone gets its own message, a right one is saved; members get 403', async ({ page }) => {
  await signIn(page, staff.admin);
  await page.goto('/staff/settings/calendar');
  await expect(page.getByRole('heading', { name: 'Team calendar', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'First-response target per kind of lead' })).toContainText('48 hours, business hours');
  const zone = page.getByLabel('Time zone');
  await tabTo(page, zone);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Europe/Berln', { delay: quickKeyDelayMs });
  // Saturday's closing time taken away: an opening without a closing.
  await tabTo(page, page.getByLabel('Saturday closing time'));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Enter');
  const error = page.locator('#calendar-zone-error');
  await expect(error).toHaveText('"Europe/Berln" is not a time zone (use an IANA name such as Europe/Berlin)');
  await expect(page.getByLabel('Time zone')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Time zone')).toHaveValue('Europe/Berln');
  // Saturday's opening without a closing time is refused too, under its day; what was typed stays.
  await expect(page.locator('#calendar-sat-error')).toHaveText('sat: give both an opening and a closing time, or neither (closed)');
  await expectNoAxeViolations(page);

  await tabTo(page, page.getByLabel('Time zone'));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('UTC', { delay: quickKeyDelayMs });
  await tabTo(page, page.getByLabel('Saturday closing time'));
  await page.keyboard.type('24:00', { delay: quickKeyDelayMs });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Calendar saved.' })).toBeVisible();
  await expect(page.getByLabel('Time zone')).toHaveValue('UTC');

  await page.context().clearCookies();
  await signIn(page, staff.member);
  const answer = await page.goto('/staff/settings/calendar');
  expect(answer?.status()).toBe(403);
});
