import { randomUUID } from 'node:crypto';
import { staffExpect as expect, test } from './fixtures';
import { replyAddress, replyToken, replyTokenKey } from '../../src/lib/conversations/reply-token';
import { startDovecot, type Dovecot } from '../support/dovecot';
import { gmailReply, outlookReply, plainMail, postInbound, signedHeaders } from '../support/inbound-mail';
import { startOwnServer, type OwnServer } from '../support/own-server';
import { createStaff, signIn } from '../support/staff-accounts';
import { decodeHeader, startSmtp, waitFor } from '../support/notify-receivers';

/**
 * Answers coming back to a partner lead we wrote to (docs/conversations.md, "Answers coming back"): one
 * delivered into the team's mailbox (a real Dovecot, watched by the server's IMAP watcher) and one posted
 * by an email-routing worker to the signed webhook are in the lead's thread within 10 s, trimmed, and the
 * lead counts two unread replies; an answer from someone else does not join it; unsigned and forged
 * posts are refused. A server of its own, with IMAP_URL and INBOUND_WEBHOOK_SECRET set.
 */
test.describe.configure({ mode: 'serial' });

const secret = `whsec_${Buffer.alloc(32, 5).toString('base64')}`;
let dovecot: Dovecot;
let own: OwnServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dovecot = await startDovecot();
  smtp = await startSmtp();
  own = await startOwnServer({ SMTP_URL: smtp.url, NOTIFY_POLL_MS: '200', IMAP_URL: dovecot.url, INBOUND_WEBHOOK_SECRET: secret, REPLY_INBOUND_ADDRESS: 'replies@postcraft.example', LOG_LEVEL: 'warn' });
});

test.afterAll(async () => {
  await own?.stop();
  await dovecot?.remove();
  await smtp?.close();
});

test('a reply by IMAP and one by the webhook join the partner lead, trimmed and unread; another sender does not', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 8);
  const email = `ann-${tag}@example.com`;
  const admin = createStaff('admin', 'Sam Partnerships', own.databaseUrl);
  const [{ id: leadId }] = (
    await own.db.query(
      `insert into partner_applications (first_name, last_name, email, company, partnership_type, message) values ('Ann', 'Lee', $1, 'Lee Design', 'technology', 'We would like to partner with you.') returning id`,
      [email],
    )
  ).rows as { id: string }[];
  // Our reply, as the composer stores it (the outbox sends it; here it is set up directly).
  const outId = `${randomUUID()}@postcraft.example`;
  const quoted = 'Hello Ann,\n\nThank you for your application. Would Tuesday suit you for a call?\n\nBest,\nSam';
  await own.db.query(
    `insert into lead_messages (lead_type, lead_id, direction, message_id, from_address, to_address, subject, body_text, author_id)
     values ('partner', $1, 'out', $2, 'partners@postcraft.example', $3, 'Your partner application', $4, (select id from staff_users where email = $5))`,
    [leadId, outId, email, quoted, admin.email],
  );
  const tokenAddress = replyAddress('replies@postcraft.example', replyToken(await replyTokenKey(own.db), 'partner', leadId));

  // One answer is delivered into the team's mailbox (Gmail, to the reply address), one posted by a routing worker (Outlook, a new subject, References kept).
  const sent = Date.now();
  await dovecot.deliver(gmailReply({ from: `Ann Lee <${email}>`, to: tokenAddress, inReplyTo: outId, references: [outId] }, 'Yes, Tuesday works for us.\n\nThanks,\nAnn', quoted));
  const outlook = outlookReply({ from: `Ann Lee <${email}>`, to: 'partners@postcraft.example', subject: 'Pricing for agencies', inReplyTo: 'AM0PR07MB1@eurprd07.prod.outlook.com', references: [outId] }, 'And what do the agency plans cost?\n\nAnn', quoted);
  expect(await postInbound(own.server.url, outlook, signedHeaders(secret, outlook))).toMatchObject({ status: 200, json: { outcome: 'joined' } });
  // Someone else answers the same thread: it does not join the lead.
  const bob = plainMail({ from: `Bob <bob-${tag}@example.com>`, to: tokenAddress, inReplyTo: outId }, 'I am not Ann.');
  expect(await postInbound(own.server.url, bob, signedHeaders(secret, bob))).toMatchObject({ status: 200, json: { outcome: 'unmatched' } });
  // Unsigned and forged posts are refused.
  expect((await postInbound(own.server.url, bob, {})).status).toBe(401);
  expect((await postInbound(own.server.url, bob, signedHeaders(`whsec_${Buffer.alloc(32, 6).toString('base64')}`, bob))).status).toBe(401);

  const thread = async () =>
    (
      await own.db.query(`select channel, subject, shown_text, body_text, from_address from lead_messages where lead_type = 'partner' and lead_id = $1 and direction = 'in' order by channel`, [leadId])
    ).rows as { channel: string; subject: string; shown_text: string | null; body_text: string; from_address: string }[];
  await expect.poll(async () => (await thread()).length, { timeout: 10_000, intervals: [200] }).toBe(2);
  expect(Date.now() - sent).toBeLessThan(10_000);
  const [byImap, byWebhook] = await thread();
  expect(byImap).toMatchObject({ channel: 'imap', subject: 'Re: Your partner application', shown_text: 'Yes, Tuesday works for us.\n\nThanks,\nAnn', from_address: email });
  expect(byImap!.body_text).toContain('> Thank you for your application.');
  expect(byWebhook).toMatchObject({ channel: 'webhook', subject: 'Pricing for agencies', shown_text: 'And what do the agency plans cost?\n\nAnn' });
  const index = (await own.db.query(`select unread_replies, awaiting_since from lead_index where lead_type = 'partner' and lead_id = $1`, [leadId])).rows[0];
  expect(index.unread_replies).toBe(2);
  expect(index.awaiting_since).not.toBeNull();
  const unmatched = (await own.db.query(`select lead_id, notices from lead_messages where from_address = $1`, [`bob-${tag}@example.com`])).rows;
  expect(unmatched).toEqual([{ lead_id: null, notices: ['It was sent to a lead’s reply address, but its sender is not that lead’s email address.'] }]);

  // Staff see it: the lead is in "Unread replies" with two new replies; its page shows both answers, trimmed, New.
  await page.goto(`${own.server.url}/staff/sign-in`);
  await signIn(page, admin, { expectPath: /\/staff$/ });
  await page.goto(`${own.server.url}/staff?view=unread&q=${tag}`);
  const row = page.getByRole('table', { name: 'Leads with unread replies, newest first' }).locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('2 new replies');
  await row.getByRole('link', { name: 'Ann Lee' }).click();
  // Opened from the inbox, the lead's page carries the list it came from (keyboard triage's next and previous).
  await expect(page).toHaveURL(new RegExp(`/staff/leads/partner/${leadId}(\\?list=[^#]*)?$`));
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByText('2 new emails')).toBeVisible();
  const gmail = timeline.getByRole('article').filter({ hasText: 'Yes, Tuesday works for us.' });
  const outlookCard = timeline.getByRole('article').filter({ hasText: 'And what do the agency plans cost?' });
  for (const card of [gmail, outlookCard]) {
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(`Email from Ann Lee <${email}>`);
    await expect(card.getByText('New', { exact: true })).toBeVisible();
  }
  await expect(outlookCard).toContainText('Subject: Pricing for agencies');
  // The quoted history is trimmed, and there on request.
  await expect(gmail.getByText('Thank you for your application. Would Tuesday suit you for a call?')).toBeHidden();
  await gmail.getByText('Show the whole message').click();
  await expect(gmail.getByText(/Thank you for your application\. Would Tuesday suit you for a call\?/)).toBeVisible();
  expect((await own.db.query(`select unread_replies from lead_index where lead_type = 'partner' and lead_id = $1`, [leadId])).rows[0].unread_replies).toBe(0);

  // The other sender's answer waits for an admin on the Unmatched email page, with why it did not join.
  await page.goto(`${own.server.url}/staff/unmatched`);
  const stray = page.getByRole('article').filter({ hasText: `bob-${tag}@example.com` });
  await expect(stray).toContainText('I am not Ann.');
  await expect(stray).toContainText('It was sent to a lead’s reply address, but its sender is not that lead’s email address.');
});

test('the webhook is not there when INBOUND_WEBHOOK_SECRET is not set', async ({ request }) => {
  // The suite's own server runs without the secret.
  const res = await request.post('/api/inbound-email', { headers: { 'Content-Type': 'message/rfc822' }, data: 'From: a@example.com\r\n\r\nhi' });
  expect(res.status()).toBe(404);
  expect(await res.json()).toEqual({ error: 'Not found.' });
});

test('the whole round: a reply typed on the lead page is sent threaded, and the answers to that very email come back into its thread', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 8);
  const email = `cleo-${tag}@example.com`;
  const member = createStaff('member', 'Rui Round', own.databaseUrl);
  const [{ id: leadId }] = (
    await own.db.query(
      `insert into partner_applications (first_name, last_name, email, company, partnership_type, message) values ('Cleo', 'Marsh', $1, 'Marsh Media', 'reseller', 'Can we resell Postcraft?') returning id`,
      [email],
    )
  ).rows as { id: string }[];
  await page.goto(`${own.server.url}/staff/sign-in`);
  await signIn(page, member, { expectPath: /\/staff$/ });
  await page.goto(`${own.server.url}/staff/leads/partner/${leadId}`);
  const composer = page.getByRole('form', { name: 'Reply to the lead' });
  await composer.getByLabel('Message').click();
  await page.keyboard.type('Hello Cleo, yes: which markets do you serve?');
  await composer.getByRole('button', { name: 'Send reply' }).click();
  await expect(composer.getByRole('status')).toContainText(`Reply queued for ${email}`);

  // The email as it left: its Message-ID and the Reply-To that carries the lead's token.
  await waitFor(() => smtp.messages.some((m) => m.rcptTo.includes(email)), 15_000, 'the reply at the SMTP server');
  const mail = smtp.messages.find((m) => m.rcptTo.includes(email))!;
  const header = (name: string) => mail.headers.filter(([n]) => n === name).map(([, v]) => decodeHeader(v))[0]!;
  const messageId = header('message-id').replace(/^<|>$/g, '');
  const replyTo = header('reply-to');
  expect(replyTo).toMatch(/^replies\+partner-[a-z2-7]+-[a-z2-7]+@postcraft\.example$/);
  const quoted = 'Hello Cleo, yes: which markets do you serve?';

  // Cleo's mail program answers to the Reply-To without In-Reply-To (the token alone), into the mailbox; then
  // she writes again from another program to the team's plain address with a new subject, threaded by In-Reply-To.
  const sent = Date.now();
  await dovecot.deliver(gmailReply({ from: `Cleo Marsh <${email}>`, to: replyTo, subject: `Re: ${header('subject')}` }, 'The Nordics and Germany.', quoted));
  const second = outlookReply({ from: `Cleo Marsh <${email}>`, to: 'partners@postcraft.example', subject: 'Volume pricing', inReplyTo: messageId }, 'Also: is there volume pricing?', quoted);
  expect(await postInbound(own.server.url, second, signedHeaders(secret, second))).toMatchObject({ status: 200, json: { outcome: 'joined' } });
  await expect
    .poll(async () => Number((await own.db.query(`select count(*) from lead_messages where lead_type = 'partner' and lead_id = $1 and direction = 'in'`, [leadId])).rows[0].count), {
      timeout: 10_000,
      intervals: [200],
    })
    .toBe(2);
  expect(Date.now() - sent).toBeLessThan(10_000);

  // The thread on the page: our reply, then both answers, trimmed of the quoted reply.
  await page.goto(`${own.server.url}/staff/leads/partner/${leadId}`);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  const cards = timeline.getByRole('article');
  const ours = cards.filter({ has: page.getByRole('heading', { name: /^Reply by Rui Round/ }) });
  await expect(ours).toHaveCount(1);
  for (const text of ['The Nordics and Germany.', 'Also: is there volume pricing?']) {
    const card = cards.filter({ hasText: text });
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(`Email from Cleo Marsh <${email}>`);
    await expect(card.getByText(quoted)).toBeHidden();
  }
});
