import { test, expect } from './fixtures';
import { startReceiver, waitFor } from '../support/notify-receivers';
import type { StartedServer } from '../support/start-server';
import { startOwnServer, type OwnServer } from '../support/own-server';
import { allLeadForms, fillForm, outcome, uniqueEmail, uniqueIp } from '../support/lead-forms';
import { createStaff, signIn, type StaffAccount } from '../support/staff-accounts';

/**
 * The Slack channel, end to end: a server of its own (`npm start`, its own PostgreSQL database) with
 * SLACK_WEBHOOK_URL at an HTTP receiver in this test. A visitor types an agency enquiry on
 * `/agency?utm_source=news&utm_campaign=…`; the receiver answers the first post 500, and the outbox's retry
 * brings the same Block Kit message: the kind, the name and company as typed (Slack's markup escaped), the
 * campaign, and a button that opens the lead's staff page, where the notification shows as sent after two
 * attempts.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const agency = allLeadForms.find((f) => f.kind === 'agency')!;
let slack: Awaited<ReturnType<typeof startReceiver>>;
let own: OwnServer;
let server: StartedServer;
let admin: StaffAccount;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  slack = await startReceiver();
  own = await startOwnServer({ SLACK_WEBHOOK_URL: slack.url, NOTIFY_POLL_MS: '200' });
  server = own.server;
  admin = createStaff('admin', 'Sol Slack', own.databaseUrl);
});

test.afterAll(async () => {
  await own?.stop();
  await slack?.close();
});

type Message = {
  text: string;
  blocks: [{ text: { text: string } }, { fields: { text: string }[] }, { elements: { url: string; text: { text: string } }[] }];
};

test('an agency enquiry typed on the site reaches Slack as a Block Kit message, once more after a 500, and its button opens the lead', async ({ browser }) => {
  const campaign = `slack-${Date.now().toString(36)}`;
  const email = uniqueEmail('slack');
  // The receiver is failing when the lead arrives: the first post gets a 500.
  slack.state.mode = 500;

  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() } });
  const page = await context.newPage();
  await page.goto(`${server.url}/agency?utm_source=news&utm_campaign=${campaign}`);
  await fillForm(page, agency, { ...agency.valid(email), name: 'Ana <!channel> Ruiz', businessName: 'Ruiz & Sons <https://evil.example|login>' });
  await page.getByRole('button', { name: agency.submit }).click();
  await expect(outcome(page, agency.formId, 'status')).toContainText(agency.success.title);
  await context.close();

  await waitFor(() => slack.received.length >= 1, 15_000, 'the first Slack post');
  expect(slack.received[0].answered).toBe(500);
  slack.state.mode = 'ok';
  // The retry comes after a random wait of 1 s to 1 min (the first step of the retry schedule).
  await waitFor(() => slack.received.length >= 2, 75_000, 'the retried Slack post');
  await new Promise((r) => setTimeout(r, 1000));
  expect(slack.received.map((r) => r.answered)).toEqual([500, 204]);
  expect(slack.received[1].body).toBe(slack.received[0].body);

  const message = JSON.parse(slack.received[1].body) as Message;
  expect(message.text).toBe('New agency enquiry: Ana &lt;!channel&gt; Ruiz');
  expect(message.blocks[0].text.text).toBe('New agency enquiry');
  expect(message.blocks[1].fields.map((f) => f.text)).toEqual([
    '*Name*\nAna &lt;!channel&gt; Ruiz',
    '*Company*\nRuiz &amp; Sons &lt;https://evil.example|login&gt;',
    '*Source*\nnews',
    `*Campaign*\n${campaign}`,
  ]);
  const button = message.blocks[2].elements[0];
  expect(button.text.text).toBe('Open the lead');
  const link = new URL(button.url);
  expect(link.pathname).toMatch(/^\/staff\/leads\/agency\/[0-9a-f-]{36}$/);

  // A staff member follows the button (SITE_URL is not set here, so it names localhost:3000: the same path on this server).
  const staff = await browser.newPage();
  await staff.goto(`${server.url}/staff/sign-in`);
  await signIn(staff, admin, { expectPath: /\/staff$/ });
  await staff.goto(`${server.url}${link.pathname}`);
  await expect(staff.getByRole('heading', { level: 1 })).toContainText('Ana <!channel> Ruiz');
  const notifications = staff.getByRole('region', { name: 'Notifications' });
  const item = notifications.getByRole('listitem').filter({ hasText: 'Slack message' });
  await expect(item).toContainText('Sent');
  await expect(item).toContainText('2 attempts');
  await staff.close();
});
