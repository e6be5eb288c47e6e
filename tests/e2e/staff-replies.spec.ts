import type { Browser, Page } from '@playwright/test';
import { readReplyToken, tokenOfAddress } from '@/lib/conversations/reply-token';
import { expectNoAxeViolations, staffExpect as expect, test } from './fixtures';
import { decodeBody, decodeHeader, startSmtp, waitFor, type ReceivedEmail } from '../support/notify-receivers';
import { startOwnServer, type OwnServer } from '../support/own-server';
import { problemsOf } from '../support/html-checks';
import { expectAxeCleanAtBothWidths } from '../support/page-checks';
import { createStaff, signIn, type StaffAccount } from '../support/staff-accounts';

/**
 * Replying to a lead from its page (docs/conversations.md, "Replying to a lead"), end to end: a server of its
 * own with SMTP_URL at an SMTP server in this test. An admin keeps the saved replies; a member replies to a
 * partner application with JavaScript (the saved reply inserted at the cursor at once) and, as a follow-up,
 * without it (Insert posts the draft and the page comes back with the saved reply added); each email arrives
 * with its Message-ID, a Reply-To whose signed token names the lead, and the follow-up's In-Reply-To and
 * References. Errors keep what was typed; a form posted twice sends once.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const tokenSecret = 'e2e reply token secret of at least 32 characters';
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let own: OwnServer;
let admin: StaffAccount;
let member: StaffAccount;
const lead = { id: '', email: `ann.${crypto.randomUUID().slice(0, 8)}@example.com` };
const snippetTitle = 'Thanks, next steps';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  smtp = await startSmtp();
  own = await startOwnServer({
    SMTP_URL: smtp.url,
    NOTIFY_POLL_MS: '200',
    REPLY_FROM: 'Postcraft Partnerships <partners@postcraft.example>',
    REPLY_INBOUND_ADDRESS: 'replies@inbound.postcraft.example',
    REPLY_TOKEN_SECRET: tokenSecret,
  });
  admin = createStaff('admin', 'Ada Admin', own.databaseUrl);
  member = createStaff('member', 'Max Member', own.databaseUrl);
  const { rows } = await own.db.query(
    `insert into partner_applications (first_name, last_name, email, company, partnership_type, message) values ('Ann', 'Lee', $1, 'Lee Ltd', 'technology', 'We would like to resell Postcraft.') returning id`,
    [lead.email],
  );
  lead.id = rows[0].id as string;
});

test.afterAll(async () => {
  await own?.stop();
  await smtp?.close();
});

const leadPage = () => `${own.server.url}/staff/leads/partner/${lead.id}`;
const header = (m: ReceivedEmail, name: string) => m.headers.filter(([n]) => n === name).map(([, v]) => decodeHeader(v));
const mailsToLead = () => smtp.messages.filter((m) => m.rcptTo.includes(lead.email));
const sentRows = async () =>
  (await own.db.query(`select id, message_id, subject, body_text, author_id from lead_messages where lead_id = $1 and direction = 'out' order by created_at`, [lead.id])).rows as {
    id: string;
    message_id: string;
    subject: string;
    body_text: string;
  }[];

async function signInTo(page: Page, account: StaffAccount) {
  await page.goto(`${own.server.url}/staff/sign-in`);
  await signIn(page, account, { expectPath: /\/staff$/ });
}

async function expectValidHtml(page: Page, name: string) {
  expect(await problemsOf(name, await page.content())).toEqual([]);
}

/** Types into a field with real key events, as the staff member does (clicking into it first). */
async function typeIn(page: Page, label: string, text: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.keyboard.type(text);
}

test('an admin keeps the saved replies; a member cannot', async ({ page }) => {
  await signInTo(page, admin);
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Saved replies' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saved replies' })).toBeVisible();
  await expect(page.getByText('No saved replies yet.')).toBeVisible();
  const add = page.getByRole('form', { name: 'Add a saved reply' });
  // A text without a title is refused, the text kept.
  await add.getByLabel('Text').click();
  await page.keyboard.type('Hello {firstName},');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('thanks for applying. I will call you this week.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('{myName}');
  await add.getByRole('button', { name: 'Add saved reply' }).click();
  await expect(add.getByRole('status')).toHaveText('Give the saved reply a title.');
  await expect(add.getByLabel('Title')).toBeFocused();
  await expect(add.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  await expect(add.getByLabel('Text')).toHaveValue('Hello {firstName},\n\nthanks for applying. I will call you this week.\n{myName}');
  await expectNoAxeViolations(page);
  await expectValidHtml(page, 'saved replies with an error');
  await page.keyboard.type('Thanks');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Saved reply “Thanks” added.' })).toBeVisible();

  // Edited: a new title, saved.
  const saved = page.getByRole('form', { name: 'Saved reply: Thanks' });
  await saved.getByLabel('Title').click();
  await page.keyboard.press('End');
  await page.keyboard.type(', next steps');
  await saved.getByRole('button', { name: /^Save/ }).click();
  await expect(page.getByRole('form', { name: `Saved reply: ${snippetTitle}` }).getByRole('status')).toHaveText('Saved.');
  // A second one, then deleted again.
  await add.getByLabel('Title').click();
  await page.keyboard.type('Not now');
  await add.getByLabel('Text').click();
  await page.keyboard.type('Not this year, {firstName}.');
  await add.getByRole('button', { name: 'Add saved reply' }).click();
  await expect(page.getByRole('form', { name: 'Saved reply: Not now' })).toBeVisible();
  await expectAxeCleanAtBothWidths(page, { reload: false });
  await expectValidHtml(page, 'saved replies');
  await page.getByRole('form', { name: 'Saved reply: Not now' }).getByRole('button', { name: /^Delete/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved reply “Not now” deleted.' })).toBeVisible();
  await expect(page.getByRole('form', { name: /^Saved reply: / })).toHaveCount(1);

  await page.context().clearCookies();
  await signInTo(page, member);
  await expect(page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Saved replies' })).toHaveCount(0);
  const refused = await page.request.get(`${own.server.url}/staff/saved-replies`);
  expect(refused.status()).toBe(403);
});

test('a member replies with JavaScript: a saved reply goes in at the cursor at once, the email arrives threaded and signed, the lead is contacted', async ({ page }) => {
  await signInTo(page, member);
  await page.goto(leadPage());
  const reply = page.getByRole('form', { name: 'Reply to the lead' });
  await expect(reply.getByText(`${lead.email}`)).toBeVisible();
  await expect(reply.getByText('Postcraft Partnerships <partners@postcraft.example>')).toBeVisible();
  await expect(reply.getByLabel('Subject')).toHaveValue('Your partner application');

  // Nothing typed: refused, the subject kept, the message focused and described by the error.
  await reply.getByRole('button', { name: 'Send reply' }).click();
  await expect(reply.getByRole('status')).toHaveText('Write a message first.');
  await expect(reply.getByLabel('Message')).toBeFocused();
  await expect(reply.getByLabel('Message')).toHaveAccessibleDescription(/Write a message first\./);
  await expect(reply.getByLabel('Subject')).toHaveValue('Your partner application');
  await expectAxeCleanAtBothWidths(page, { reload: false });
  await expectValidHtml(page, 'reply composer with an error');
  await reply.getByLabel('Message').click();

  // The message, then the saved reply put in where the cursor is (the blank line), without a round trip.
  await page.keyboard.type('Hi Ann,');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Best wishes');
  await page.keyboard.press('ArrowUp');
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST') posts++;
  });
  await reply.getByLabel('Saved reply').selectOption({ label: snippetTitle });
  await reply.getByRole('button', { name: 'Insert' }).click();
  await expect(reply.getByRole('status')).toHaveText(`Inserted “${snippetTitle}”.`);
  const filled = `Hello Ann,\n\nthanks for applying. I will call you this week.\n${member.name}`;
  await expect(reply.getByLabel('Message')).toHaveValue(`Hi Ann,\n${filled}\nBest wishes`);
  await expect(reply.getByLabel('Message')).toBeFocused();
  expect(posts).toBe(0);
  await expectNoAxeViolations(page);

  await reply.getByRole('button', { name: 'Send reply' }).click();
  await expect(reply.getByRole('status')).toHaveText(`Reply queued for ${lead.email}: it goes out now. The lead is now Contacted.`);
  // The form afresh: the next reply follows this one.
  await expect(reply.getByLabel('Subject')).toHaveValue('Re: Your partner application');
  await expect(reply.getByLabel('Message')).toHaveValue('');

  await waitFor(() => mailsToLead().length === 1, 15_000, 'the reply at the SMTP server');
  const [stored] = await sentRows();
  const mail = mailsToLead()[0]!;
  expect(header(mail, 'message-id')).toEqual([`<${stored!.message_id}>`]);
  expect(stored!.message_id).toMatch(/@inbound\.postcraft\.example$/);
  expect(header(mail, 'from')).toEqual(['Postcraft Partnerships <partners@postcraft.example>']);
  expect(header(mail, 'subject')).toEqual(['Your partner application']);
  expect(header(mail, 'in-reply-to')).toEqual([]);
  expect(decodeBody(mail)).toBe(`Hi Ann,\n${filled}\nBest wishes\n`);
  const [replyTo] = header(mail, 'reply-to');
  expect(replyTo).toMatch(/^replies\+partner-[a-z2-7]+-[a-z2-7]+@inbound\.postcraft\.example$/);
  expect(readReplyToken(Buffer.from(tokenSecret), tokenOfAddress(replyTo!)!)).toEqual({ kind: 'partner', id: lead.id });

  // The page: contacted by the member, and the reply listed as sent.
  await page.goto(leadPage());
  await expect(page.getByText('Contacted', { exact: true }).first()).toBeVisible();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText(`${member.name} changed the status: New → Contacted`);
  const sent = timeline.getByRole('article').filter({ has: page.getByRole('heading', { name: new RegExp(`^Reply by ${member.name}`) }) });
  await expect(sent).toHaveCount(1);
  await expect(sent.getByText('Sent', { exact: true })).toBeVisible();
});

async function noScriptPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signInTo(page, member);
  return page;
}

test('a member replies without JavaScript: Insert adds the saved reply to what was typed, a follow-up threads under the first, a form posted twice sends once', async ({ browser }) => {
  const page = await noScriptPage(browser);
  await page.goto(leadPage());
  const reply = page.getByRole('form', { name: 'Reply to the lead' });
  await expect(reply.getByLabel('Subject')).toHaveValue('Re: Your partner application');
  await typeIn(page, 'Message', 'Hello again, {firstName}.');
  await reply.getByLabel('Saved reply').selectOption({ label: snippetTitle });
  await reply.getByRole('button', { name: 'Insert' }).click();
  await expect(reply.getByRole('status')).toHaveText(`Inserted “${snippetTitle}”.`);
  const filled = `Hello Ann,\n\nthanks for applying. I will call you this week.\n${member.name}`;
  await expect(reply.getByLabel('Message')).toHaveValue(`Hello again, {firstName}.\n\n${filled}`);
  await expect(reply.getByLabel('Message')).toBeFocused();
  await expect(reply.getByLabel('Subject')).toHaveValue('Re: Your partner application');
  await expectValidHtml(page, 'reply composer after Insert without JavaScript');
  // axe runs in the page: this state's HTML is checked in a page with JavaScript, at this server's address.
  const html = await page.content();
  const checker = await browser.newPage();
  await checker.goto(`${own.server.url}/staff/sign-in`);
  await checker.setContent(html, { waitUntil: 'load' });
  await expectAxeCleanAtBothWidths(checker, { reload: false });
  await checker.close();

  // A subject emptied: refused, the message kept as it was.
  await reply.getByLabel('Subject').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await reply.getByRole('button', { name: 'Send reply' }).click();
  await expect(reply.getByRole('status')).toHaveText('Write a subject.');
  await expect(reply.getByLabel('Subject')).toBeFocused();
  await expect(reply.getByLabel('Message')).toHaveValue(`Hello again, {firstName}.\n\n${filled}`);
  await page.keyboard.type('Re: Your partner application');

  // Sent, then the answer reloaded (the browser posts the form again): its token makes the second post send nothing more.
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST') posts++;
  });
  await reply.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Reply queued for ${lead.email}` })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: `Reply queued for ${lead.email}` })).toBeVisible();
  expect(posts).toBe(2);
  await waitFor(() => mailsToLead().length >= 2, 15_000, 'the follow-up at the SMTP server');
  await page.waitForTimeout(1500); // a second email, if one were queued, would be out by now
  const rows = await sentRows();
  expect(rows).toHaveLength(2);
  expect(mailsToLead()).toHaveLength(2);
  const [first, follow] = rows;
  expect(follow!.body_text).toBe(`Hello again, Ann.\n\n${filled}`);
  const mail = mailsToLead().find((m) => header(m, 'message-id')[0] === `<${follow!.message_id}>`)!;
  expect(mail).toBeDefined();
  expect(header(mail, 'subject')).toEqual(['Re: Your partner application']);
  expect(header(mail, 'in-reply-to')).toEqual([`<${first!.message_id}>`]);
  expect(header(mail, 'references')).toEqual([`<${first!.message_id}>`]);
  expect(readReplyToken(Buffer.from(tokenSecret), tokenOfAddress(header(mail, 'reply-to')[0]!)!)).toEqual({ kind: 'partner', id: lead.id });
  await page.context().close();
});

test('no composer where no reply belongs: a newsletter subscription, a data request for a member, a lead marked spam', async ({ page }) => {
  const insert = async (sql: string, params: unknown[]) => ((await own.db.query(sql, params)).rows[0] as { id: string }).id;
  const tag = crypto.randomUUID().slice(0, 8);
  const subscriber = await insert(`insert into newsletter_subscriptions (email, source) values ($1, 'blog') returning id`, [`sub-${tag}@example.com`]);
  const request = await insert(`insert into data_requests (email, type) values ($1, 'export') returning id`, [`req-${tag}@example.com`]);
  const spam = await insert(
    `insert into partner_applications (first_name, last_name, email, company, partnership_type, message) values ('Spam', 'Bot', $1, 'Spam Ltd', 'technology', 'Buy cheap things now please.') returning id`,
    [`spam-${tag}@example.com`],
  );
  await own.db.query(`insert into lead_triage (lead_type, lead_id, status) values ('partner', $1, 'spam')`, [spam]);
  await signInTo(page, member);
  await page.goto(`${own.server.url}/staff/leads/newsletter/${subscriber}`);
  await expect(page.getByRole('region', { name: 'Notes' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Reply' })).toHaveCount(0);
  await page.goto(`${own.server.url}/staff/leads/data_request/${request}`);
  await expect(page.getByRole('region', { name: 'Reply' })).toHaveText(/Only admins can reply to a data request\./);
  await page.goto(`${own.server.url}/staff/leads/partner/${spam}`);
  await expect(page.getByRole('region', { name: 'Reply' })).toHaveText(/This lead is marked Spam: change its status first to reply to it\./);
  await expect(page.getByRole('form', { name: 'Reply to the lead' })).toHaveCount(0);
});
