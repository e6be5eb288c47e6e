import { expect as baseExpect, expectNoAxeViolations, test } from './fixtures';
import { expectAxeCleanAtBothWidths } from '../support/page-checks';
import { insertLongThread, insertRichLead, staffIdOf } from '../support/lead-thread';
import { createStaff, insertLead, leadUrl, marker, replyTo, signIn, sql, type StaffAccount } from '../support/staff-accounts';

// Sign-in hashes with argon2id (19 MiB): allow for a loaded CI machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 180_000 });

/** The staff pages pass axe (WCAG 2.2 A/AA) at 1280 and 375 px, with leads and messages showing. */
let admin: StaffAccount;
let member: StaffAccount;
test.beforeAll(() => {
  admin = createStaff('admin');
  member = createStaff('member');
});

test('sign-in, with and without an error', async ({ page }) => {
  await page.goto('/staff/sign-in');
  await expectAxeCleanAtBothWidths(page);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter your email')).toBeVisible();
  await expectAxeCleanAtBothWidths(page);
});

test('inbox, lead page, data request, staff accounts', async ({ page }) => {
  const m = marker();
  const id = await insertLead({ kind: 'partner', firstName: 'Axe', lastName: m, email: `axe-${m}@e2e.example`, company: 'Axe Ltd', message: 'A long message.\nWith lines.' });
  const request = await insertLead({ kind: 'dataRequest', email: `axe-${m}@e2e.example`, type: 'export', details: 'All of it.' });
  await signIn(page, admin);
  await page.goto('/staff');
  await expect(page.getByRole('table', { name: 'Leads, newest first' })).toBeVisible();
  await expectAxeCleanAtBothWidths(page);
  await page.goto(`/staff?q=${m}-nothing`);
  await expectAxeCleanAtBothWidths(page);
  await page.goto(leadUrl('partner', id));
  // This server has no SMTP_URL: the Reply panel says so (the composer's states: staff-replies.spec.ts).
  await expect(page.getByRole('region', { name: 'Reply' })).toContainText('Replies cannot be sent until SMTP_URL is set on the server.');
  await page.getByLabel('New note').fill('Axe note');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Note added.')).toBeVisible();
  await expectAxeCleanAtBothWidths(page);
  await page.goto(leadUrl('data_request', request));
  await expectAxeCleanAtBothWidths(page);
  await page.goto('/staff/users');
  await expectAxeCleanAtBothWidths(page);
  // Saved replies: one listed, and the add form refusing an empty title (its error tied to the field).
  await sql(`insert into reply_snippets (title, body) values ($1, 'Hello {firstName},\n\nthanks. {myName}')`, [`Thanks ${m}`]);
  await page.goto('/staff/saved-replies');
  await expect(page.getByRole('textbox', { name: 'Title' }).first()).toBeVisible();
  await expectAxeCleanAtBothWidths(page);
  await page.getByRole('form', { name: 'Add a saved reply' }).getByRole('button', { name: 'Add saved reply' }).click();
  await expect(page.getByRole('form', { name: 'Add a saved reply' }).getByText('Give the saved reply a title.').first()).toBeVisible();
  await expectNoAxeViolations(page);
  // A reply to the lead, so that the insights' reply panels show their charts and tables (issue 31).
  await replyTo('partner', id, admin);
  await page.goto('/staff/insights?days=90');
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'First replies and their time by staff member' })).toBeVisible();
  await expectAxeCleanAtBothWidths(page);
  await page.getByText('The numbers, day by day').click();
  await expectAxeCleanAtBothWidths(page);
});

test('a lead page with a rich timeline: answers unread by their owner, then new, the whole message open, the same person', async ({ page }) => {
  const m = marker();
  const adminId = await staffIdOf(admin);
  const rich = await insertRichLead(m, adminId, await staffIdOf(member));
  await signIn(page, admin);
  await page.goto(leadUrl('partner', rich.id));
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByText(`Unread by ${member.name}`)).toHaveCount(2);
  await expect(page.getByRole('list', { name: 'Also from this address:' })).toBeVisible();
  await expectAxeCleanAtBothWidths(page);
  await timeline.getByText('Show the whole message').click();
  await expectNoAxeViolations(page);
  // The answers new for whoever opens the lead once it has no owner, at both widths.
  for (const width of [1280, 375]) {
    await sql(`update lead_messages set read_at = null where lead_id = $1`, [rich.id]);
    await sql(`update lead_triage set owner_id = null where lead_id = $1`, [rich.id]);
    await page.setViewportSize({ width, height: 800 });
    await page.goto(leadUrl('partner', rich.id));
    await expect(timeline.getByText('New', { exact: true })).toHaveCount(2);
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `no horizontal scrolling at ${width} px`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  // A long thread: the newest events, with the link to the earlier ones; then all of them.
  await insertLongThread({ type: 'partner', id: rich.id }, rich.email, 60);
  await page.goto(leadUrl('partner', rich.id));
  await expect(timeline.getByRole('link', { name: /^Show the \d+ earlier events$/ })).toBeVisible();
  await expectAxeCleanAtBothWidths(page);
  await page.goto(`${leadUrl('partner', rich.id)}?timeline=all`);
  await expect(timeline.getByRole('link', { name: 'Show only the newest 50' })).toBeVisible();
  await expectAxeCleanAtBothWidths(page);
});

test('the conversation views, People, and unmatched email with its answers', async ({ page }) => {
  const m = marker();
  const id = await insertLead({ kind: 'partner', firstName: 'Axe', lastName: m, email: `axe-${m}@e2e.example`, company: 'Axe Ltd' });
  await insertLead({ kind: 'newsletter', email: `AXE-${m}@e2e.example` });
  // Two unread answers of the lead, and an email that matched no lead (with a notice and an attachment listed).
  await sql(
    `insert into lead_messages (lead_type, lead_id, direction, from_address, to_address, subject, body_text, dedupe_key, channel, notices, attachments)
     values ('partner', $1, 'in', $2, 'team@e2e.example', 'Re: hello', 'Thanks!', $3, 'webhook', '{}', '[]'),
            ('partner', $1, 'in', $2, 'team@e2e.example', 'Re: hello', 'One more thing.', $4, 'webhook', '{}', '[]'),
            (null, null, 'in', $2, 'team@e2e.example', $5, $6, $7, 'imap', '{"The message had an HTML part only: it is shown as text."}', '[{"filename":"plan.pdf","contentType":"application/pdf","size":48213}]')`,
    [id, `axe-${m}@e2e.example`, `axe-a-${m}`, `axe-b-${m}`, `Axe loose ${m}`, 'A long line of text that goes on. '.repeat(80), `axe-c-${m}`],
  );
  await signIn(page, admin);
  for (const address of ['/staff?view=unread', '/staff?view=awaiting', `/staff?view=people&q=${m}`, `/staff?view=people&q=${m}-nothing`, `/staff?view=awaiting&q=${m}-nothing`]) {
    await page.goto(address);
    await expectAxeCleanAtBothWidths(page);
  }
  await page.goto('/staff/unmatched');
  const email = page.getByRole('article', { name: `Axe loose ${m}` });
  await expect(email).toBeVisible();
  await expectAxeCleanAtBothWidths(page);
  // A refused attach (an address that names no lead) and the open "Discard…".
  await email.getByLabel('Or paste the address or id of another lead').fill('no such lead');
  await email.getByRole('button', { name: 'Attach' }).click();
  await expect(page.getByRole('article', { name: `Axe loose ${m}` }).getByRole('alert')).toBeVisible();
  await page.getByRole('article', { name: `Axe loose ${m}` }).getByText('Discard…').click();
  await expectAxeCleanAtBothWidths(page);
  // An older page with nothing on it.
  await page.goto(`/staff/unmatched?before=${encodeURIComponent('2000-01-01 00:00:00+00,00000000-0000-4000-8000-000000000000')}`);
  await expect(page.getByText('No older unmatched email')).toBeVisible();
  await expectAxeCleanAtBothWidths(page);
});

test('the 403 page', async ({ page }) => {
  await signIn(page, member);
  // A member has no link to the saved replies, and the page itself is refused.
  await expect(page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Saved replies' })).toHaveCount(0);
  await page.goto('/staff/saved-replies');
  await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
  await page.goto('/staff/users');
  await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
  await expectAxeCleanAtBothWidths(page);
});
