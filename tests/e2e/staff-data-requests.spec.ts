import { staffAccounts, staffExpect as expect, test } from './fixtures';
import { randomBytes } from 'node:crypto';
import { signLink } from '@/lib/newsletter/links';
import { insertLead, leadUrl, marker, signIn, sql, watchPost } from '../support/staff-accounts';

const staff = staffAccounts();

/** The link of the request's acknowledgement email, signed with the server's key (as its email carries it). */
async function verifyLink(requestId: string): Promise<string> {
  await sql(`insert into app_secrets (name, value) values ('links', $1) on conflict (name) do nothing`, [randomBytes(32).toString('base64url')]);
  const [{ value }] = await sql<{ value: string }>(`select value from app_secrets where name = 'links'`);
  return `/data-request/verify?token=${encodeURIComponent(signLink(Buffer.from(value, 'utf8'), 'verify', requestId))}`;
}

test('an admin downloads the person\'s data and erases it in one go, leaving an audit entry without personal data', async ({ page }) => {
  const m = marker();
  const email = `subject-${m}@e2e.example`;
  const partner = await insertLead({ kind: 'partner', firstName: 'Sam', lastName: 'Subject', email, company: 'Subject Ltd' });
  const contact = await insertLead({ kind: 'contact', name: 'Sam Subject', email: email.toUpperCase(), subject: 'Hi' });
  const subscription = await insertLead({ kind: 'newsletter', email });
  await sql(`insert into consent_records (lead_type, lead_id, purpose, words, version, page) values ('newsletter', $1, 'newsletter', 'Subscribe to the newsletter (e2e).', 'e2e', '/blog')`, [subscription]);
  await sql(`insert into lead_attribution (lead_type, lead_id, utm_source, utm_campaign, referrer_host, page) values ('partner', $1, 'news', 'spring', 'example.org', '/partners')`, [partner]);
  const request = await insertLead({ kind: 'dataRequest', email, type: 'erase', details: 'Please delete everything.' });
  const bystander = await insertLead({ kind: 'contact', name: 'Bystander', email: `bystander-${m}@e2e.example` });

  await signIn(page, staff.admin);
  await page.goto(leadUrl('partner', partner));
  await page.getByLabel('New note').fill('Personal remark about Sam.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Note added.')).toBeVisible();

  await page.goto(leadUrl('data_request', request));
  const panel = page.getByRole('region', { name: 'Data request' });
  // Nobody has shown that the request is the address owner's: export and erasure are refused.
  await expect(panel.getByText(/^Not verified: the requester has not confirmed the request/)).toBeVisible();
  const refused = await page.request.get(`/staff/data-requests/${request}/export`, { maxRedirects: 0 });
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toMatch(/^Not verified yet/);
  await panel.getByRole('checkbox', { name: 'I understand that this cannot be undone.' }).check();
  await panel.getByRole('button', { name: 'Erase all data' }).click();
  await expect(panel.getByText(/^Not verified yet: the requester has not confirmed the request/)).toBeVisible();
  expect(await sql('select 1 from data_requests where id = $1', [request])).toHaveLength(1);

  // The requester opens the emailed link: the page asks (a GET changes nothing), its button confirms.
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(new URL(await verifyLink(request), page.url()).toString());
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Confirm your data request');
  expect(await sql('select 1 from data_request_checks where request_id = $1 and verified_at is not null', [request])).toHaveLength(0);
  await visitor.getByRole('button', { name: 'Confirm my request' }).click();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Thank you: your request is confirmed');
  await visitor.close();

  await page.goto(leadUrl('data_request', request));
  await expect(panel.getByText(/^Verified: the requester confirmed it from the emailed link/)).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await panel.getByRole('link', { name: 'Download data export' }).click();
  const download = await downloadPromise;
  const data = JSON.parse((await (await download.createReadStream()).toArray()).map((b) => Buffer.from(b).toString('utf8')).join(''));
  expect(data.email).toBe(email);
  expect(data.tables.partner_applications.map((r: { id: string }) => r.id)).toEqual([partner]);
  expect(data.tables.contact_messages.map((r: { id: string }) => r.id)).toEqual([contact]);
  // The subscription with its opt-in record (state, when confirmed or unsubscribed, and how).
  expect(data.tables.newsletter_subscriptions).toHaveLength(1);
  expect(data.tables.newsletter_subscriptions[0]).toMatchObject({ status: 'pending', confirmed_at: null, unsubscribed_at: null, unsubscribed_via: null });
  expect(data.tables.data_requests.map((r: { id: string }) => r.id)).toEqual([request]);
  expect(data.staff_notes.map((n: { note: string }) => n.note)).toEqual(['Personal remark about Sam.']);
  // What was recorded with the leads: consents given and where each lead came from.
  expect(data.consents).toEqual([expect.objectContaining({ table: 'newsletter_subscriptions', purpose: 'newsletter', words: 'Subscribe to the newsletter (e2e).', page: '/blog' })]);
  expect(data.attribution).toEqual([expect.objectContaining({ table: 'partner_applications', id: partner, utm_source: 'news', utm_campaign: 'spring', referrer_host: 'example.org', page: '/partners' })]);
  expect(JSON.stringify(data)).not.toContain('Bystander');

  // Erasure needs the confirmation.
  await panel.getByRole('checkbox', { name: 'I understand that this cannot be undone.' }).check();
  // While the post is in flight (slowed down here) the button says so, and the form is busy.
  const watch = await watchPost(page, (url) => url.pathname === leadUrl('data_request', request), "Erase this person's data");
  await panel.getByRole('button', { name: 'Erase all data' }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/data-requests/${request}$`));
  await expect(page.getByText('Erasure complete: the request is done')).toBeVisible();
  expect(await watch.read()).toEqual(['Erase all data | null', 'Erasing... | true']);
  await expect(page.getByText('Partner applications: 1')).toBeVisible();
  await expect(page.getByText('Contact messages: 1')).toBeVisible();
  await expect(page.getByText('Staff notes: 1')).toBeVisible();
  await expect(page.getByText('Data export downloaded')).toBeVisible();

  for (const table of ['partner_applications', 'contact_messages', 'newsletter_subscriptions', 'data_requests']) {
    expect(await sql(`select 1 from ${table} where lower(email) = lower($1)`, [email]), table).toHaveLength(0);
  }
  expect(await sql('select 1 from lead_notes where lead_id = $1', [partner])).toHaveLength(0);
  expect(await sql('select 1 from lead_attribution where lead_id = $1', [partner])).toHaveLength(0);
  expect(await sql('select 1 from consent_records where lead_id = $1', [subscription])).toHaveLength(0);
  expect(await sql('select 1 from contact_messages where id = $1', [bystander])).toHaveLength(1);
  const audit = await sql<{ row: string }>('select row_to_json(a)::text as row from data_request_audit a where request_id = $1', [request]);
  expect(audit.length).toBeGreaterThanOrEqual(2);
  for (const a of audit) {
    expect(a.row).not.toContain(email);
    expect(a.row).not.toContain('Sam');
  }
  expect((await page.goto(leadUrl('data_request', request)))?.status()).toBe(404);
});

test('a member sees a data request but cannot export or erase (403)', async ({ page }) => {
  const m = marker();
  const request = await insertLead({ kind: 'dataRequest', email: `member-view-${m}@e2e.example`, type: 'export' });
  await signIn(page, staff.member);
  await page.goto(leadUrl('data_request', request));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`member-view-${m}@e2e.example`);
  await expect(page.getByRole('region', { name: 'Data request' })).toHaveCount(0);
  const res = await page.request.get(`/staff/data-requests/${request}/export`, { maxRedirects: 0 });
  expect(res.status()).toBe(403);
  expect((await page.goto(`/staff/data-requests/${request}`))?.status()).toBe(403);

  // Nor take it out of the open inbox by its status (Spam, Archived...): only admins act on data requests.
  await page.goto(leadUrl('data_request', request));
  await page.getByLabel('Status', { exact: true }).selectOption('spam');
  await page.getByRole('button', { name: 'Save status' }).click();
  await expect(page.getByText('Only admins can change the status of a data request.')).toBeVisible();
  await page.reload();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText('Data request received');
  await expect(timeline).not.toContainText('changed the status');
});

test('an admin marks an export request done: it leaves the open inbox, with an audit entry', async ({ page }) => {
  const m = marker();
  const request = await insertLead({ kind: 'dataRequest', email: `done-${m}@e2e.example`, type: 'export' });
  await signIn(page, staff.admin);
  await page.goto(leadUrl('data_request', request));
  const panel = page.getByRole('region', { name: 'Data request' });
  await panel.getByRole('button', { name: 'Mark request as done' }).click();
  await expect(panel.getByText(/^Not verified yet/)).toBeVisible();
  // The requester could not use the link: an admin records the identity check made another way, with a note.
  await panel.getByLabel('Identity checked another way').fill('Too short');
  await panel.getByRole('button', { name: 'Record identity check' }).click();
  await expect(panel.getByText('Write down how you checked the identity (at least 10 characters).')).toBeVisible();
  await panel.getByLabel('Identity checked another way').fill('They answered our email from the address on 26 November.');
  await panel.getByRole('button', { name: 'Record identity check' }).click();
  await expect(panel.getByText(`Verified by an identity check that ${staff.admin.name} recorded`)).toBeVisible();
  await panel.getByRole('button', { name: 'Mark request as done' }).click();
  await expect(panel.getByText('Request marked as done and archived.')).toBeVisible();
  await expect(panel.getByText(`Identity check recorded by ${staff.admin.name}`)).toBeVisible();
  await expect(panel.getByText('This request is marked as done.')).toBeVisible();
  await expect(panel.getByText(`Marked as done by ${staff.admin.name}`)).toBeVisible();
  // Done is the request's answer: its deadline line says it was met, not "closed without an answer".
  await page.reload();
  await expect(page.getByTestId('lead-due')).toContainText(/, on time$/);
  await page.goto(`/staff?q=done-${m}`);
  await expect(page.getByText('No leads match this filter')).toBeVisible();
  await page.goto(`/staff?q=done-${m}&status=archived`);
  await expect(page.getByRole('table', { name: 'Leads, newest first' }).locator('tbody tr')).toHaveCount(1);
});

test('each request shows its reply deadline, an overdue one stands out, and an admin extends it once with a reason', async ({ page }) => {
  const m = marker();
  const received = new Date(Date.now() - 40 * 86_400_000);
  const request = await insertLead({ kind: 'dataRequest', email: `late-${m}@e2e.example`, type: 'export', createdAt: received.toISOString() });
  await signIn(page, staff.admin);
  // It stands out in the inbox too.
  const row = page.getByRole('table', { name: 'Leads, newest first' }).locator('tbody tr');
  await page.goto(`/staff?q=late-${m}`);
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Overdue', { exact: true })).toBeVisible();
  await page.goto(leadUrl('data_request', request));
  const panel = page.getByRole('region', { name: 'Data request' });
  // 30 days from receipt: ten days ago.
  await expect(panel.getByText(/^Reply due by .* · Overdue by (9|10|11) days$/)).toBeVisible();
  await panel.getByLabel('Extend the deadline by two months').fill('Many requests at once this month; we need more time to gather the data.');
  await panel.getByRole('button', { name: 'Extend deadline' }).click();
  // The form goes (it can be used once); the new date and the reason take its place.
  await expect(panel.getByText(/^Reply due by .* \(extended: Many requests at once this month; we need more time to gather the data\.\)$/)).toBeVisible();
  await expect(panel.getByText(/Overdue by/)).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Extend deadline' })).toHaveCount(0);
  await expect(panel.getByText(`Deadline extended by ${staff.admin.name}`)).toBeVisible();
  await page.goto(`/staff?q=late-${m}`);
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Overdue', { exact: true })).toHaveCount(0);
});
