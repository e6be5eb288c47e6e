import type { Browser, Locator, Page } from '@playwright/test';
import { staffAccounts, staffExpect as expect, test } from './fixtures';
import { insertLead, leadUrl, marker, signIn, sql } from '../support/staff-accounts';
import { quickKeyDelayMs } from '../support/person';

/**
 * The inbox's conversation views and the admins' unmatched email (docs/conversations.md): a staff member
 * reaches "Awaiting our answer" and "Unread replies" with the keyboard and sees the leads with their unread
 * marks; an admin attaches an unmatched email to the right lead and discards another, with and without
 * JavaScript; a member may not.
 */
const staff = staffAccounts('Vera Views');

let seq = 0;
/** A message of a lead's thread (or, without a lead, an unmatched one), stored as the intake and the composer store them. */
async function message(lead: { kind: string; id: string } | null, direction: 'in' | 'out', minutesAgo: number, extra: { from?: string; subject?: string; body?: string; read?: boolean } = {}) {
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const id = `e2e-${marker()}-${++seq}`;
  const [row] = await sql<{ id: string }>(
    `insert into lead_messages (lead_type, lead_id, direction, message_id, from_address, to_address, subject, body_text, shown_text, dedupe_key, read_at, channel, created_at)
     values ($1, $2, $3, $4, $5, 'team@e2e.example', $6, $7, $8, $9, $10, $11, $12) returning id`,
    [
      lead?.kind ?? null,
      lead?.id ?? null,
      direction,
      `${id}@e2e.example`,
      extra.from ?? 'someone@e2e.example',
      extra.subject ?? 'Re: your application',
      extra.body ?? 'Thanks for the answer.\n\n> What we wrote before',
      direction === 'in' ? (extra.body ?? 'Thanks for the answer.') : null,
      direction === 'in' ? id : null,
      extra.read ? at : null,
      direction === 'in' ? 'webhook' : null,
      at,
    ],
  );
  return row.id;
}

/** Presses Tab (at most 60 times) until `target` has the focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 60; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Moves to the search box with the keyboard, types the marker and sends the filter with Enter. */
async function searchFor(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Search' });
  await tabTo(page, box);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text, { delay: quickKeyDelayMs });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${text}`));
}

test('a staff member opens "Awaiting our answer" and "Unread replies" with the keyboard and sees the right leads with their unread marks', async ({ page }) => {
  const m = marker();
  const hour = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
  // Pia: we replied, she answered twice (unread). Carl: his answer read, not yet answered. Olga: we had the last word.
  // Sam: an unread answer, but marked spam. Wes: won, answered long ago and waiting since then.
  const pia = await insertLead({ kind: 'partner', firstName: 'Pia', lastName: m, email: `pia-${m}@e2e.example`, company: 'Pia Ltd', createdAt: hour(30) });
  const carl = await insertLead({ kind: 'contact', name: `Carl ${m}`, email: `carl-${m}@e2e.example`, createdAt: hour(40) });
  const olga = await insertLead({ kind: 'contact', name: `Olga ${m}`, email: `olga-${m}@e2e.example`, createdAt: hour(50) });
  const sam = await insertLead({ kind: 'contact', name: `Sam ${m}`, email: `sam-${m}@e2e.example`, createdAt: hour(20) });
  const wes = await insertLead({ kind: 'agency', name: `Wes ${m}`, email: `wes-${m}@e2e.example`, businessName: 'Wes Co', createdAt: hour(60) });
  await message({ kind: 'partner', id: pia }, 'out', 600);
  await message({ kind: 'partner', id: pia }, 'in', 120, { from: `pia-${m}@e2e.example` });
  await message({ kind: 'partner', id: pia }, 'in', 60, { from: `pia-${m}@e2e.example` });
  await message({ kind: 'contact', id: carl }, 'in', 300, { from: `carl-${m}@e2e.example`, read: true });
  await message({ kind: 'contact', id: olga }, 'in', 400, { from: `olga-${m}@e2e.example`, read: true });
  await message({ kind: 'contact', id: olga }, 'out', 350);
  await message({ kind: 'contact', id: sam }, 'in', 30, { from: `sam-${m}@e2e.example` });
  await message({ kind: 'agency', id: wes }, 'in', 1000, { from: `wes-${m}@e2e.example`, read: true });
  await sql(`insert into lead_triage (lead_type, lead_id, status) values ('contact', $1, 'spam'), ('agency', $2, 'won')`, [sam, wes]);

  await signIn(page, staff.member);
  const views = page.getByRole('navigation', { name: 'Views' });
  const awaitingLink = views.getByRole('link', { name: /^Awaiting our answer/ });
  await tabTo(page, awaitingLink);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/staff\?view=awaiting$/);
  await expect(awaitingLink).toHaveAttribute('aria-current', 'page');
  await searchFor(page, m);
  await expect(page).toHaveURL(/view=awaiting/);
  // Waiting longest first: Wes (won, 1,000 minutes), Carl, then Pia; not Olga (our answer was last) nor Sam (spam).
  const awaiting = page.getByRole('table', { name: 'Leads awaiting our answer, waiting longest first' }).locator('tbody tr');
  await expect(awaiting).toHaveCount(3);
  await expect(awaiting.nth(0)).toContainText(`Wes ${m}`);
  await expect(awaiting.nth(0)).toContainText('Won');
  await expect(awaiting.nth(1)).toContainText(`Carl ${m}`);
  await expect(awaiting.nth(2)).toContainText(`Pia ${m}`);
  await expect(awaiting.nth(2)).toContainText('2 new replies');
  await expect(awaiting.nth(1)).not.toContainText('new repl');
  for (const row of [0, 1, 2]) await expect(awaiting.nth(row)).toContainText('Awaiting our answer since');
  await expect(page.getByText('3 leads match the filter.')).toBeVisible();

  // The other order, chosen in the filter with the keyboard.
  await tabTo(page, page.getByLabel('Order'));
  await page.keyboard.press('ArrowDown');
  await tabTo(page, page.getByRole('button', { name: 'Apply filters' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sort=newest/);
  const newest = page.getByRole('table', { name: 'Leads awaiting our answer, newest first' }).locator('tbody tr');
  await expect(newest.nth(0)).toContainText(`Pia ${m}`);
  await expect(newest.nth(2)).toContainText(`Wes ${m}`);

  const unreadLink = views.getByRole('link', { name: /^Unread replies/ });
  await tabTo(page, unreadLink);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/staff\?view=unread$/);
  await searchFor(page, m);
  const unread = page.getByRole('table', { name: 'Leads with unread replies, newest first' }).locator('tbody tr');
  await expect(unread).toHaveCount(1);
  await expect(unread.first()).toContainText(`Pia ${m}`);
  await expect(unread.first()).toContainText('2 new replies');
  // Sam's unread answer is in Spam: shown there when asked for, with its mark.
  await page.goto(`/staff?view=unread&status=spam&q=${m}`);
  await expect(page.getByRole('table', { name: 'Leads with unread replies, newest first' }).locator('tbody tr')).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Leads with unread replies, newest first' })).toContainText('1 new reply');

  // The mark is in the open inbox's rows too.
  await page.goto(`/staff?q=${m}`);
  await expect(page.getByRole('table', { name: 'Leads, newest first' }).locator('tbody tr').filter({ hasText: `Pia ${m}` })).toContainText('2 new replies');
  // And in the People view, one row per person.
  await page.goto(`/staff?view=people&q=${m}`);
  const people = page.getByRole('table', { name: 'People, latest lead first' }).locator('tbody tr');
  await expect(people).toHaveCount(4);
  await expect(people.filter({ hasText: `Pia ${m}` })).toContainText('2 new replies');
  await expect(page.getByRole('link', { name: `Pia ${m}` })).toHaveAttribute('href', leadUrl('partner', pia));
});

/** The article of the unmatched email whose subject is `subject`. */
const emailNamed = (page: Page, subject: string) => page.getByRole('article', { name: subject });

async function attachAndDiscard(browser: Browser, js: boolean) {
  const m = marker();
  const address = `ann-${m}@e2e.example`;
  const partner = await insertLead({ kind: 'partner', firstName: 'Ann', lastName: m, email: address, company: 'Ann Ltd', createdAt: new Date(Date.now() - 3600_000).toISOString() });
  const contact = await insertLead({ kind: 'contact', name: `Ann ${m}`, email: address.toUpperCase() });
  const other = await insertLead({ kind: 'agency', name: `Otto ${m}`, email: `otto-${m}@e2e.example`, businessName: 'Otto GmbH' });
  const mine = `Hello again ${m}`;
  const fromElsewhere = `From my other address ${m}`;
  const junk = `Cheap offer ${m}`;
  await message(null, 'in', 5, { from: address, subject: mine, body: 'I forgot to mention our team size: 40.' });
  await message(null, 'in', 4, { from: `otto.private-${m}@e2e.example`, subject: fromElsewhere, body: 'Otto here, from home.' });
  await message(null, 'in', 3, { from: `offers-${m}@e2e.example`, subject: junk, body: 'Buy now.' });

  const context = await browser.newContext({ javaScriptEnabled: js });
  const page = await context.newPage();
  await signIn(page, staff.admin);
  // The inbox tells an admin there is unmatched email, and the staff navigation leads to it.
  await expect(page.getByRole('link', { name: /\d[\d,]*\+? unmatched emails?/ })).toBeVisible();
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Unmatched email' }).click();
  await expect(page).toHaveURL(/\/staff\/unmatched$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Unmatched email' })).toBeVisible();

  // Ann's email offers Ann's two leads (the contact's address differs only in case); the admin picks the partner lead.
  const ann = emailNamed(page, mine);
  await expect(ann.getByRole('definition').first()).toHaveText(address);
  await expect(ann).toContainText('I forgot to mention our team size: 40.');
  const partnerChoice = ann.getByRole('radio', { name: /^Partner Ann/ });
  await expect(ann.getByRole('radio')).toHaveCount(2);
  await partnerChoice.check();
  await ann.getByRole('button', { name: 'Attach' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Attached to Ann ${m}'s partner lead` })).toBeVisible();
  await expect(emailNamed(page, mine)).toHaveCount(0);
  const [attached] = await sql<{ lead_type: string; lead_id: string }>(`select lead_type, lead_id from lead_messages where subject = $1`, [mine]);
  expect(attached).toEqual({ lead_type: 'partner', lead_id: partner });

  // Otto wrote from another address: no lead offered; the admin pastes the address of Otto's lead page, with a typo first.
  const otto = emailNamed(page, fromElsewhere);
  await expect(otto).toContainText(`No lead has the address otto.private-${m}@e2e.example`);
  const paste = otto.getByLabel('Paste the address or id of a lead');
  await paste.fill(`http://127.0.0.1/staff/leads/agency/${partner}`);
  await otto.getByRole('button', { name: 'Attach' }).click();
  await expect(emailNamed(page, fromElsewhere).getByRole('alert')).toContainText('No lead has that address or id');
  await expect(emailNamed(page, fromElsewhere).getByLabel('Paste the address or id of a lead')).toHaveAttribute('aria-invalid', 'true');
  await emailNamed(page, fromElsewhere).getByLabel('Paste the address or id of a lead').fill(new URL(leadUrl('agency', other), page.url()).href);
  await emailNamed(page, fromElsewhere).getByRole('button', { name: 'Attach' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Attached to Otto ${m}'s agency lead` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the lead' })).toHaveAttribute('href', leadUrl('agency', other));

  // Discard asks first: the button is inside "Discard…".
  const spam = emailNamed(page, junk);
  await expect(spam.getByRole('button', { name: 'Discard for good' })).toBeHidden();
  await spam.getByText('Discard…').click();
  await spam.getByRole('button', { name: 'Discard for good' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Email discarded.' })).toBeVisible();
  await expect(emailNamed(page, junk)).toHaveCount(0);
  expect(await sql(`select 1 from lead_messages where subject = $1`, [junk])).toHaveLength(0);

  // The attached emails are unread replies of their leads: the inbox marks them, in "Unread replies" too.
  await page.goto(`/staff?view=unread&q=${m}`);
  const rows = page.getByRole('table', { name: 'Leads with unread replies, newest first' }).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: `Ann ${m}` })).toContainText('1 new reply');
  await expect(rows.filter({ hasText: `Otto ${m}` })).toContainText('1 new reply');
  expect((await sql<{ n: number }>(`select unread_replies as n from lead_index where lead_id = $1`, [contact]))[0].n).toBe(0);
  await context.close();
}

test('an admin attaches unmatched email to the right lead and discards another, with JavaScript', async ({ browser }) => {
  await attachAndDiscard(browser, true);
});

test('an admin attaches unmatched email to the right lead and discards another, without JavaScript', async ({ browser }) => {
  await attachAndDiscard(browser, false);
});

test('a member has no access to unmatched email, and is not told of it', async ({ page }) => {
  await signIn(page, staff.member);
  await expect(page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Unmatched email' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /unmatched email/ })).toHaveCount(0);
  const res = await page.goto('/staff/unmatched');
  expect(res?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
});
