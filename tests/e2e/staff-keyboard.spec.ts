import type { Page } from '@playwright/test';
import { expectNoAxeViolations, staffAccounts, staffExpect as expect, test } from './fixtures';
import { createStaff, insertLead, marker, signIn, sql } from '../support/staff-accounts';
import { keyDelayMs } from '../support/person';

/**
 * Keyboard triage (docs/speed-to-lead.md): a staff member goes through a searched list of leads with the
 * keyboard alone (next, assign to me, status, next), shortcuts never fire while typing, a member can turn
 * them off, and the next and previous links (and "Archive and next") work without JavaScript.
 */
const staff = staffAccounts('Kim Keys');

/** Ten contact leads named after `m`, newest first: Lead 01 (newest) to Lead 10. */
async function tenLeads(m: string) {
  const ids: string[] = [];
  for (let i = 1; i <= 10; i++)
    ids.push(await insertLead({ kind: 'contact', name: `Lead ${String(i).padStart(2, '0')} ${m}`, email: `l${i}-${m}@e2e.example`, createdAt: new Date(Date.now() - i * 60_000).toISOString() }));
  return ids;
}

/** Waits until the inbox's keys listen: the search box announces its key (/) only then. */
async function inboxKeysReady(page: Page) {
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('aria-keyshortcuts', '/');
}

/** Waits until the lead page's keys listen (their hints are shown only then). */
async function keysReady(page: Page) {
  await expect(page.getByRole('navigation', { name: 'Leads in this list' }).locator('[aria-keyshortcuts]').first()).toBeVisible();
}

test('a staff member triages ten leads with the keyboard only (next, assign to me, status, next), with axe clean', async ({ page }) => {
  test.setTimeout(180_000);
  const m = marker();
  const ids = await tenLeads(m);
  await signIn(page, staff.member);
  // / goes to the search box; what is typed there is text, not shortcuts.
  await inboxKeysReady(page);
  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: 'Search' });
  await expect(search).toBeFocused();
  await page.keyboard.type(m, { delay: keyDelayMs });
  await expect(search).toHaveValue(m);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${m}`));
  await expect(page.getByText('10 leads match the filter.')).toBeVisible();
  await expectNoAxeViolations(page);

  // j moves down the rows, k back up; Enter opens the lead with its list.
  await inboxKeysReady(page);
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(page.getByRole('link', { name: `Lead 02 ${m}` })).toBeFocused();
  await page.keyboard.press('k');
  await expect(page.getByRole('link', { name: `Lead 01 ${m}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/staff/leads/contact/${ids[0]}\\?list=q%3D${m}$`));

  for (let i = 0; i < 10; i++) {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Lead ${String(i + 1).padStart(2, '0')} ${m}`);
    await keysReady(page);
    if (i === 0) {
      await expectNoAxeViolations(page);
      await page.keyboard.press('?');
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    await page.keyboard.press('a');
    await expect(page.getByText('Owner assigned.')).toBeVisible();
    await expect(page.getByText(`Owner: ${staff.member.name}`)).toBeVisible();
    await keysReady(page);
    await page.keyboard.press('s');
    const menu = page.getByRole('dialog', { name: 'Change the status' });
    await expect(menu.getByRole('button', { name: 'New (current)' })).toBeFocused();
    if (i === 0) await expectNoAxeViolations(page);
    await page.keyboard.press('2');
    await expect(page.getByText('Status set to Contacted.')).toBeVisible();
    await keysReady(page);
    if (i < 9) {
      await page.keyboard.press('j');
      await expect(page).toHaveURL(new RegExp(`/staff/leads/contact/${ids[i + 1]}\\?list=q%3D${m}$`));
    }
  }
  await expect(page.getByText('No next lead')).toBeVisible();
  const rows = await sql<{ status: string; owner: string }>(
    `select i.status, u.email as owner from lead_index i left join staff_users u on u.id = i.owner_id where i.lead_id = any($1::uuid[])`,
    [ids],
  );
  expect(rows).toHaveLength(10);
  expect(rows.every((r) => r.status === 'contacted' && r.owner === staff.member.email)).toBe(true);
  // u goes back to the list it came from.
  await page.keyboard.press('u');
  await expect(page).toHaveURL(new RegExp(`/staff\\?q=${m}$`));
});

test('shortcuts do nothing while typing in the search box or a note', async ({ page }) => {
  const m = marker();
  const ids = await tenLeads(m);
  await signIn(page, staff.admin, { expectPath: /\/staff(\?.*)?$/ });
  await page.goto(`/staff/leads/contact/${ids[0]}?list=q%3D${m}`);
  await keysReady(page);
  const note = page.getByRole('textbox', { name: 'New note' });
  await note.click();
  // Every key of the page, typed into the note: it holds them all, and nothing else happened.
  await page.keyboard.type('jkeasru? done', { delay: keyDelayMs });
  await expect(note).toHaveValue('jkeasru? done');
  await expect(page).toHaveURL(new RegExp(`/staff/leads/contact/${ids[0]}\\?list=q%3D${m}$`));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect((await sql<{ status: string; owner_id: string | null }>(`select status, owner_id from lead_index where lead_id = $1`, [ids[0]]))[0]).toEqual({ status: 'new', owner_id: null });

  await page.goto(`/staff?q=${m}`);
  await inboxKeysReady(page);
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' jkox/?', { delay: keyDelayMs });
  await expect(search).toHaveValue(`${m} jkox/?`);
  await expect(search).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(0);
});

test('a member turns single-key shortcuts off in the shortcuts dialog: the keys then do nothing and no hint shows', async ({ page }) => {
  const own = createStaff('member', 'Olli Off');
  const m = marker();
  const ids = await tenLeads(m);
  await signIn(page, own);
  await page.goto(`/staff/leads/contact/${ids[0]}?list=q%3D${m}`);
  await keysReady(page);
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  const box = dialog.getByRole('checkbox', { name: 'Use single-key shortcuts' });
  await expect(box).toBeChecked();
  // The keyboard: Tab through the dialog to the box, Space, then to Save and Enter.
  for (let i = 0; i < 10 && !(await box.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByText('Single-key shortcuts are off.', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('astro-island:not([ssr])').getByRole('button', { name: 'Keyboard shortcuts' })).toBeVisible();
  await expect(page.locator('[aria-keyshortcuts]')).toHaveCount(0);
  for (const key of ['j', 'a', 's', 'e', '?']) await page.keyboard.press(key);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/staff/leads/contact/${ids[0]}\\?list=q%3D${m}$`));
  expect((await sql<{ status: string; owner_id: string | null }>(`select status, owner_id from lead_index where lead_id = $1`, [ids[0]]))[0]).toEqual({ status: 'new', owner_id: null });
  // The buttons still work, and the dialog still opens from its button.
  await page.getByRole('link', { name: /^Next/ }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/leads/contact/${ids[1]}\\?`));
  expect((await sql<{ shortcuts: boolean }>(`select shortcuts from staff_users where email = $1`, [own.email]))[0].shortcuts).toBe(false);
});

test('the next and previous links and "Archive and next" work without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const m = marker();
  const ids = await tenLeads(m);
  await signIn(page, staff.admin);
  await page.goto(`/staff?q=${m}`);
  await page.getByRole('link', { name: `Lead 01 ${m}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Lead 01 ${m}`);
  await page.getByRole('link', { name: new RegExp(`^Next\\W+Lead 02 ${m}$`) }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Lead 02 ${m}`);
  await page.getByRole('link', { name: new RegExp(`^Previous\\W+Lead 01 ${m}$`) }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/leads/contact/${ids[0]}\\?list=q%3D${m}$`));
  await page.getByRole('button', { name: 'Archive and next' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Lead 02 ${m}`);
  expect((await sql<{ status: string }>(`select status from lead_index where lead_id = $1`, [ids[0]]))[0].status).toBe('archived');
  // The archived lead has left the open list: the previous link of Lead 02 is gone, and the list has nine.
  await expect(page.getByText('No previous lead')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the inbox' }).click();
  await expect(page.getByText('9 leads match the filter.')).toBeVisible();
  await context.close();
});
