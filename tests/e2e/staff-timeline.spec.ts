import { staffAccounts, staffExpect as expect, test } from './fixtures';
import { insertLead, leadUrl, marker, signIn, sql } from '../support/staff-accounts';
import { insertIncoming, insertLongThread, insertNote, insertReply, insertRichThread, staffIdOf } from '../support/lead-thread';

// The lead page's timeline (docs/conversations.md, "The timeline and the person"): a partner lead with a
// thread set up in the database (our reply, an answer with quoted history trimmed, an HTML-only answer, a
// note), then a status change made with the keyboard and an owner change on the page: everything in time
// order; unread answers new for the one who reads them for the team, read from then on; the original as inert
// plain text; the person's other leads.
const staff = staffAccounts();
const hour = 3_600_000;

test('the timeline of a lead: every event in order, new replies for their reader, the original, the same person', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const m = marker();
  const email = `ann-${m}@e2e.example`;
  const start = new Date(Date.now() - 48 * hour);
  const id = await insertLead({ kind: 'partner', firstName: 'Ann', lastName: `Lee ${m}`, email, company: 'Lee Ltd', message: 'We resell design tools to agencies.', createdAt: start.toISOString() });
  const newsletter = await insertLead({ kind: 'newsletter', email: email.toUpperCase(), createdAt: '2026-03-03T09:00:00Z' });
  const lead = { type: 'partner', id };
  const adminId = await staffIdOf(staff.admin);
  const thread = await insertRichThread(lead, { email, authorId: adminId, start });
  await insertNote(lead, adminId, `Ann prefers mornings ${m}.`, new Date(start.getTime() + 4 * hour));
  const unreadCount = async () => (await sql<{ n: number }>(`select unread_replies as n from lead_index where lead_type = 'partner' and lead_id = $1`, [id]))[0].n;
  expect(await unreadCount()).toBe(2);

  // The lead has no owner: the first staff member to open it reads its answers for the team.
  await signIn(page, staff.admin);
  await page.goto(leadUrl('partner', id));
  const timeline = page.getByRole('region', { name: 'Timeline' });
  const events = timeline.getByRole('list').first().locator(':scope > li');
  await expect(timeline.getByText('2 new emails')).toBeVisible();
  const trimmed = timeline.getByRole('article').filter({ hasText: 'Tuesday works for us.' });
  const html = timeline.getByRole('article').filter({ hasText: 'Our plan, in bold.' });
  await expect(trimmed.getByText('New', { exact: true })).toBeVisible();
  await expect(html.getByText('New', { exact: true })).toBeVisible();
  expect(await unreadCount()).toBe(0);

  // Who wrote, when; the quoted history trimmed and there on request; what did not come as it was.
  await expect(trimmed.getByRole('heading', { level: 3 })).toHaveText(`Email from Ann Lee <${email}>`);
  await expect(trimmed.getByText('On Monday, Ada wrote:')).toBeHidden();
  await trimmed.getByText('Show the whole message').click();
  await expect(trimmed.getByText('On Monday, Ada wrote:')).toBeVisible();
  await expect(trimmed).toContainText('partner-deck.pdf · application/pdf · 240 kB');
  await expect(html).toContainText('The message had only an HTML part');
  const reply = timeline.getByRole('article').filter({ has: page.getByRole('heading', { name: /^Reply by/ }) });
  await expect(reply.getByRole('heading', { level: 3 })).toHaveText(`Reply by ${staff.admin.name} to ${email}`);
  await expect(reply.getByText('Sent', { exact: true })).toBeVisible();

  // The next visit: read, nothing new.
  await page.reload();
  await expect(trimmed).toBeVisible();
  await expect(timeline.getByText('New', { exact: true })).toHaveCount(0);
  await expect(timeline.getByText(/new emails?/)).toHaveCount(0);

  // A status change with the keyboard: the select focused, "c" for Contacted, Tab to its button, Enter.
  await page.getByLabel('Status', { exact: true }).focus();
  await page.keyboard.press('c');
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('contacted');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Save status' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Status set to Contacted.')).toBeVisible();
  // The owner: the member.
  await page.getByLabel('Owner', { exact: true }).selectOption({ label: staff.member.name });
  await page.getByRole('button', { name: 'Save owner' }).click();
  await expect(page.getByText('Owner assigned.')).toBeVisible();

  // Everything, oldest first.
  const expected = [
    /^Partner application received.*We resell design tools to agencies\./,
    new RegExp(`^Reply by ${staff.admin.name} to ${email}.*Hello Ann,`),
    /^Email from Ann Lee.*Tuesday works for us\./,
    /^Email from Ann Lee.*Our plan, in bold\./,
    new RegExp(`^Note by ${staff.admin.name}.*Ann prefers mornings ${m}\\.`),
    new RegExp(`^${staff.admin.name} changed the status: New → Contacted`),
    new RegExp(`^Assigned to ${staff.member.name} by ${staff.admin.name}`),
  ];
  await expect(events).toHaveCount(expected.length);
  const texts = (await events.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  texts.forEach((text, i) => expect(text).toMatch(expected[i]));
  // The notifications panel and the timeline agree on the reply's outcome; the header names the owner.
  await expect(page.getByText(`Owner: ${staff.member.name}`)).toBeVisible();

  // A new answer now waits for the owner: others see it unread, and opening the page does not read it.
  await insertIncoming(lead, { from: email, fromName: 'Ann Lee', body: `One more thing ${m}.`, at: new Date() });
  await page.reload();
  const third = timeline.getByRole('article').filter({ hasText: `One more thing ${m}.` });
  await expect(third.getByText(`Unread by ${staff.member.name}`)).toBeVisible();
  expect(await unreadCount()).toBe(1);
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerPage, staff.member);
  await ownerPage.goto(leadUrl('partner', id));
  const ownerTimeline = ownerPage.getByRole('region', { name: 'Timeline' });
  await expect(ownerTimeline.getByRole('article').filter({ hasText: `One more thing ${m}.` }).getByText('New', { exact: true })).toBeVisible();
  await expect(ownerTimeline.getByText('New', { exact: true })).toHaveCount(1);
  await expect(ownerTimeline.getByText('1 new email')).toBeVisible();
  expect(await unreadCount()).toBe(0);
  await ownerPage.reload();
  await expect(ownerTimeline.getByText(`One more thing ${m}.`)).toBeVisible();
  await expect(ownerTimeline.getByText('New', { exact: true })).toHaveCount(0);
  await ownerContext.close();

  // The original of the HTML answer: plain text, nothing of it runs or loads.
  const original = page.waitForResponse((r) => r.url().endsWith(`/staff/messages/${thread.html}/original`));
  await html.getByRole('link', { name: 'View the original' }).click();
  const answer = await original;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('text/plain; charset=utf-8');
  expect(answer.headers()['x-content-type-options']).toBe('nosniff');
  expect(answer.headers()['content-security-policy']).toMatch(/(^|;\s*)sandbox(;|$)/);
  expect(answer.headers()['content-disposition']).toMatch(/^inline/);
  await expect(page.locator('body')).toContainText('<script>alert(2)</script>');
  await expect(page.locator('body')).toContainText('Content-Type: text/html; charset=utf-8');
  expect(await page.evaluate(() => ({ scripts: document.scripts.length, images: document.images.length }))).toEqual({ scripts: 0, images: 0 });
  // Signed out: to sign in first.
  const signedOut = await request.get(`/staff/messages/${thread.html}/original`, { maxRedirects: 0 });
  expect(signedOut.status()).toBe(307);
  expect(signedOut.headers().location).toContain('/staff/sign-in');
  await page.goto(leadUrl('partner', id));

  // The same person: the newsletter sign-up of the same address (another letter case), both ways.
  const also = page.getByRole('list', { name: 'Also from this address:' });
  await also.getByRole('link', { name: /Newsletter sign-up, 3 Mar 2026/ }).click();
  await expect(page).toHaveURL(leadUrl('newsletter', newsletter));
  await expect(page.getByRole('list', { name: 'Also from this address:' }).getByRole('link', { name: /Partner application/ })).toHaveAttribute('href', leadUrl('partner', id));
});

test('a long thread shows the form post and the newest 50 events, and all of them on request', async ({ page }) => {
  const m = marker();
  const email = `long-${m}@e2e.example`;
  const id = await insertLead({ kind: 'partner', firstName: 'Long', lastName: `Thread ${m}`, email, company: 'Long Ltd', message: 'Where it started.', createdAt: new Date(Date.now() - 100 * hour).toISOString() });
  await insertLongThread({ type: 'partner', id }, email, 60);
  await signIn(page, staff.member);
  await page.goto(leadUrl('partner', id));
  const timeline = page.getByRole('region', { name: 'Timeline' });
  const items = timeline.getByRole('list').first().locator(':scope > li');
  // The form post, the link to the 10 earlier answers, the newest 50 (Answer 11 to Answer 60).
  await expect(items).toHaveCount(52);
  await expect(items.first()).toContainText('Where it started.');
  await expect(items.nth(2)).toContainText('Answer 11');
  await expect(items.last()).toContainText('Answer 60');
  await expect(timeline.getByText('Answer 10', { exact: true })).toHaveCount(0);
  await timeline.getByRole('link', { name: 'Show the 10 earlier events' }).click();
  await expect(page).toHaveURL(`${leadUrl('partner', id)}?timeline=all#panel-timeline`);
  await expect(items).toHaveCount(61);
  await expect(items.nth(1)).toContainText('Answer 1');
  await timeline.getByRole('link', { name: 'Show only the newest 50' }).click();
  await expect(items).toHaveCount(52);
});

test('a reply that did not go says why, and Send again answers in its own card', async ({ page }) => {
  const m = marker();
  const email = `failed-${m}@e2e.example`;
  const id = await insertLead({ kind: 'partner', firstName: 'Fay', lastName: `Led ${m}`, email, company: 'Fay Ltd', createdAt: new Date(Date.now() - 5 * hour).toISOString() });
  await insertReply({ type: 'partner', id }, { to: email, authorId: await staffIdOf(staff.admin), body: `Our answer ${m}.`, at: new Date(Date.now() - 4 * hour), delivery: { status: 'failed', error: 'SMTP 554: rejected' } });
  // Archived since: nothing is sent about it until its status changes back.
  await sql(`insert into lead_triage (lead_type, lead_id, status) values ('partner', $1, 'archived')`, [id]);
  await signIn(page, staff.admin);
  await page.goto(leadUrl('partner', id));
  const reply = page.getByRole('region', { name: 'Timeline' }).getByRole('article').filter({ hasText: `Our answer ${m}.` });
  await expect(reply.getByText('Failed', { exact: true })).toBeVisible();
  await expect(reply).toContainText('Not delivered after 5 attempts: SMTP 554: rejected');
  await reply.getByRole('button', { name: /^Send again/ }).click();
  const answered = page.getByRole('region', { name: 'Timeline' }).getByRole('article').filter({ hasText: `Our answer ${m}.` });
  await expect(answered.getByRole('status')).toHaveText('Not sent: this lead is marked Archived. Change its status first.');
  expect(await sql(`select count(*)::int as n from notification_outbox where lead_id = $1`, [id])).toEqual([{ n: 1 }]);
});
