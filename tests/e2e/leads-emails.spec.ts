import pg from 'pg';
import { signLink } from '@/lib/newsletter/links';
import { test, expect } from './fixtures';
import { decodeHeader, htmlOf, startSmtp, textOf, waitFor, type ReceivedEmail } from '../support/notify-receivers';
import type { StartedServer } from '../support/start-server';
import { startOwnServer, type OwnServer } from '../support/own-server';
import { uniqueEmail, uniqueIp } from '../support/lead-forms';
import { createStaff, signIn } from '../support/staff-accounts';
import { solvedProof } from '../support/proof';
import { quickKeyDelayMs, typeInto } from '../support/person';

/**
 * The emails to visitors, end to end: a server of its own (`npm start`) with SMTP_URL at an SMTP
 * server in this test and its own PostgreSQL database, visited in Chromium with and without
 * JavaScript. Newsletter double opt-in by the emailed link, refused links, unsubscribe by the link's
 * page and by the one-click POST of mail clients, acknowledgements sent once per lead, and one
 * recipient's emails limited.
 */
test.describe.configure({ mode: 'serial' });

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let own: OwnServer;
let server: StartedServer;
let db: pg.Pool;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  smtp = await startSmtp();
  own = await startOwnServer({
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL_TO: 'leads@postcraft.example',
    NOTIFY_POLL_MS: '200',
    LEADS_RATE_LIMIT_PER_FORM: '0',
    LEADS_RATE_LIMIT_TOTAL: '0',
  });
  ({ server, db } = own);
});

test.afterAll(async () => {
  await own?.stop();
  await smtp?.close();
});

const mailsTo = (address: string) => smtp.messages.filter((m) => m.rcptTo.includes(address.toLowerCase()) || m.rcptTo.includes(address));
async function mailTo(address: string, count = 1): Promise<ReceivedEmail> {
  await waitFor(() => mailsTo(address).length >= count, 15_000, `email ${count} to ${address}`);
  return mailsTo(address)[count - 1];
}
const subjectOf = (m: ReceivedEmail) => decodeHeader(m.headers.find(([n]) => n === 'subject')![1]);
/** A link of the email, on this test's server (SITE_URL is not set, so the emails name localhost:3000). */
function linkOf(mail: ReceivedEmail, purpose: 'confirm' | 'unsubscribe'): string {
  const match = new RegExp(`https?://[^\\s\\]]+/newsletter/${purpose}\\?token=[A-Za-z0-9_%.-]+`).exec(textOf(mail));
  expect(match, `the ${purpose} link`).toBeTruthy();
  const url = new URL(match![0]);
  return `${server.url}${url.pathname}${url.search}`;
}
const subscription = async (email: string) =>
  (await db.query(`select id, status, confirmed_at, unsubscribed_via from newsletter_subscriptions where lower(email) = lower($1)`, [email])).rows[0] as
    | { id: string; status: string; confirmed_at: Date | null; unsubscribed_via: string | null }
    | undefined;

for (const js of [true, false]) {
  test(`newsletter ${js ? 'with' : 'without'} JavaScript: pending, then confirmed by the emailed link`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: js, extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() } });
    const page = await context.newPage();
    const email = uniqueEmail(`optin-${js ? 'js' : 'nojs'}`);
    await page.goto(`${server.url}/blog`);
    const form = page.locator('form#newsletter-blog');
    await typeInto(form.getByLabel('Email address'), email, quickKeyDelayMs);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText('Check your inbox')).toBeVisible();
    await expect(page.getByText('We sent you a link to confirm your subscription. It works for 7 days; until you click it, you are not subscribed.')).toBeVisible();
    expect((await subscription(email))?.status).toBe('pending');

    if (!js) {
      // Without JavaScript there is no proof of work: the sign-up is held for review and no email goes out
      // until staff say "Not spam" in the Spam view.
      await new Promise((r) => setTimeout(r, 1000));
      expect(mailsTo(email)).toHaveLength(0);
      const admin = createStaff('admin', 'Nia Newsletter', own.databaseUrl);
      const staff = await browser.newPage();
      await staff.goto(`${server.url}/staff/sign-in`);
      await signIn(staff, admin, { expectPath: /\/staff$/ });
      await staff.goto(`${server.url}/staff?status=spam&q=${encodeURIComponent(email)}`);
      const row = staff.getByRole('table', { name: 'Leads, newest first' }).locator('tbody tr');
      await expect(row).toContainText('Held for review: Sent without JavaScript');
      await row.getByRole('checkbox').check();
      await staff.getByRole('button', { name: 'Not spam' }).click();
      await expect(staff.getByText('1 lead marked not spam')).toBeVisible();
      await staff.close();
    }

    const mail = await mailTo(email);
    expect(subjectOf(mail)).toBe('Confirm your Postcraft newsletter subscription');
    const response = await page.goto(linkOf(mail, 'confirm'));
    expect(response?.status()).toBe(200);
    // Opening the link (what a mail scanner does too) changes nothing: the page asks, its button confirms.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your subscription');
    expect((await subscription(email))?.status).toBe('pending');
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're subscribed!");
    const row = await subscription(email);
    expect(row?.status).toBe('confirmed');
    expect(row?.confirmed_at).toBeTruthy();
    // Opening the link again changes nothing and says so.
    await page.goto(linkOf(mail, 'confirm'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're already subscribed");
    await context.close();
  });
}

test('a tampered or expired confirmation link is refused with a clear page; nothing changes', async ({ page }) => {
  const email = uniqueEmail('refused');
  await page.goto(`${server.url}/contact`);
  const footer = page.locator('form#newsletter-footer');
  await typeInto(footer.getByLabel('Email address'), email, quickKeyDelayMs);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByText('Check your inbox')).toBeVisible();
  const link = linkOf(await mailTo(email), 'confirm');

  const tampered = link.replace(/token=([A-Za-z0-9_-])/, (_m, c: string) => `token=${c === 'A' ? 'B' : 'A'}`);
  let response = await page.goto(tampered);
  expect(response?.status()).toBe(400);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link is not valid');
  response = await page.goto(`${server.url}/newsletter/confirm`);
  expect(response?.status()).toBe(400);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link is not valid');

  // A link signed with the server's key whose seven days are over.
  const { id } = (await subscription(email))!;
  const key = Buffer.from((await db.query(`select value from app_secrets where name = 'links'`)).rows[0].value as string, 'utf8');
  const old = signLink(key, 'confirm', id, Date.now() - 8 * 86_400_000);
  response = await page.goto(`${server.url}/newsletter/confirm?token=${encodeURIComponent(old)}`);
  expect(response?.status()).toBe(410);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link has expired');
  await expect(page.getByText('Confirmation links work for 7 days.')).toBeVisible();
  // The page offers the way forward: the footer's sign-up form.
  await expect(page.locator('form#newsletter-footer')).toBeVisible();
  expect((await subscription(email))?.status).toBe('pending');
});

test('unsubscribe by the emailed link (a page with one button, no JavaScript needed) and by the one-click POST of mail clients', async ({ browser, request }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const [byLink, byPost] = [uniqueEmail('leave-link'), uniqueEmail('leave-post')];
  // Signed up with JavaScript (a sign-up without it waits for staff: the test above); the emailed pages are then opened without.
  const signUp = await browser.newPage();
  for (const email of [byLink, byPost]) {
    await signUp.goto(`${server.url}/pricing`);
    const footer = signUp.locator('form#newsletter-footer');
    await typeInto(footer.getByLabel('Email address'), email, quickKeyDelayMs);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(signUp.getByText('Check your inbox')).toBeVisible();
  }
  await signUp.close();

  // By the link: opening it changes nothing; the button does it.
  const mail = await mailTo(byLink);
  const link = linkOf(mail, 'unsubscribe');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe from the newsletter?');
  expect((await subscription(byLink))?.status).toBe('pending');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're unsubscribed");
  expect(await subscription(byLink)).toMatchObject({ status: 'unsubscribed', unsubscribed_via: 'link' });
  // The confirmation link of the same email no longer subscribes the address.
  await page.goto(linkOf(mail, 'confirm'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This address is unsubscribed');
  expect((await subscription(byLink))?.status).toBe('unsubscribed');

  // RFC 8058: the List-Unsubscribe header's address takes `List-Unsubscribe=One-Click` by POST, with
  // no cookie, no Origin and no JavaScript.
  const second = await mailTo(byPost);
  const header = second.headers.find(([n]) => n === 'list-unsubscribe')![1];
  expect(second.headers.find(([n]) => n === 'list-unsubscribe-post')?.[1]).toBe('List-Unsubscribe=One-Click');
  const target = new URL(header.replace(/^<|>$/g, ''));
  const res = await request.post(`${server.url}${target.pathname}${target.search}`, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(res.status()).toBe(200);
  expect(await res.text()).toContain('unsubscribed');
  expect(await subscription(byPost)).toMatchObject({ status: 'unsubscribed', unsubscribed_via: 'one-click' });
  // A forged token unsubscribes nobody.
  const forged = await request.post(`${server.url}/newsletter/unsubscribe?token=${encodeURIComponent(`${target.searchParams.get('token')}x`)}`, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(forged.status()).toBe(400);
  await context.close();
});

test('an application is acknowledged once to its sender, with what arrived (nothing typed is quoted) and the promised reply time', async ({ browser }) => {
  // With JavaScript (a post without it is held for review, with its acknowledgement, until staff release it).
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() } });
  const page = await context.newPage();
  const email = uniqueEmail('ack');
  await page.goto(`${server.url}/agency`);
  const form = page.locator('form#agency-enquiry');
  await typeInto(form.locator('[name="name"]'), 'Mary <b>Bold</b>', quickKeyDelayMs);
  await typeInto(form.locator('[name="email"]'), email, quickKeyDelayMs);
  await typeInto(form.locator('[name="businessName"]'), 'Bold & Co', quickKeyDelayMs);
  await form.locator('[name="monthlyBudget"]').selectOption('5000+');
  await typeInto(form.locator('[name="message"]'), 'Line one <script>alert(1)</script>\nLine two', quickKeyDelayMs);
  await form.getByRole('button', { name: 'Get My Proposal' }).click();
  await expect(page.getByText('Enquiry Submitted Successfully!')).toBeVisible();

  const mail = await mailTo(email);
  expect(subjectOf(mail)).toBe('We received your agency enquiry');
  const text = textOf(mail);
  expect(text).toContain("Thank you for your enquiry. We'll get back to you within 24 hours with a custom proposal.");
  expect(text).toContain('agency@postcraft.example');
  // Nothing typed is quoted (the address typed is not proven the sender's: no relay of their words), only
  // the choices by their labels; and no markup of theirs is live in the HTML.
  expect(text).not.toContain('Line one');
  expect(text).not.toContain('Mary');
  expect(text).not.toContain('Bold & Co');
  expect(text).toContain('$5,000+');
  expect(text).toMatch(/Message\n+Received \(\d+ characters\)/);
  const html = htmlOf(mail);
  expect(html).not.toMatch(/<script|<b>Bold|Line one/);
  await new Promise((r) => setTimeout(r, 1500));
  expect(mailsTo(email)).toHaveLength(1);
  await context.close();
});

test('one address gets at most three emails an hour from the forms, so they cannot flood an inbox', async ({ request }) => {
  const victim = uniqueEmail('victim');
  for (let i = 0; i < 5; i++) {
    const res = await request.post(`${server.url}/api/leads/contact`, {
      headers: { Origin: server.url, 'X-Forwarded-For': uniqueIp() },
      form: {
        name: 'Flood',
        email: victim,
        subject: `Hello ${i}`,
        message: 'Please write back.',
        submissionToken: `flood-${crypto.randomUUID()}`,
        // Each with its own solved proof of work, as the form's script sends: the per-address cap is what stops these.
        proof: await solvedProof(server.url),
      },
    });
    expect(res.status()).toBe(200);
  }
  await mailTo(victim, 3);
  await new Promise((r) => setTimeout(r, 1500));
  expect(mailsTo(victim)).toHaveLength(3);
  // Every message was stored, and staff were told about each.
  const { rows } = await db.query(`select count(*)::int as n from contact_messages where email = $1`, [victim]);
  expect(rows[0].n).toBe(5);
});
