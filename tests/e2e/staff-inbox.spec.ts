import { staffAccounts, staffExpect as expect, test } from './fixtures';
import { insertLead, leadUrl, marker, signIn, sql, watchPost } from '../support/staff-accounts';

const staff = staffAccounts('Olive Owner');

const rowsOf = (page: import('@playwright/test').Page) => page.getByRole('table', { name: 'Leads, newest first' }).locator('tbody tr');

test.describe('inbox', () => {
  test('lists every kind of lead newest first, filters, searches, and keeps the filter in the URL', async ({ page }) => {
    const m = marker();
    const hour = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
    await insertLead({ kind: 'partner', firstName: 'Pia', lastName: `Partner ${m}`, email: `pia-${m}@e2e.example`, company: 'Pia Ltd', createdAt: hour(1) });
    await insertLead({ kind: 'agency', name: 'Aga Agency', email: `aga@e2e.example`, businessName: `Studio ${m.toUpperCase()}`, createdAt: hour(2) });
    await insertLead({ kind: 'contact', name: 'Cora Contact', email: `cora-${m}@e2e.example`, company: null, createdAt: hour(3) });
    await insertLead({ kind: 'newsletter', email: `news-${m}@e2e.example`, createdAt: hour(4) });
    await insertLead({ kind: 'dataRequest', email: `dr-${m}@e2e.example`, createdAt: hour(5) });
    await insertLead({ kind: 'affiliate', firstName: 'Old', lastName: `Affiliate ${m}`, email: `old-${m}@e2e.example`, website: '@old', createdAt: '2020-03-01T12:00:00Z' });
    await insertLead({ kind: 'contact', name: 'Someone Else', email: 'else@e2e.example', company: 'Unrelated' });

    await signIn(page, staff.member);
    // Search is case-insensitive over name, email and company (the agency matches on its business name).
    await page.getByRole('searchbox', { name: 'Search' }).fill(m);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${m}`));
    const rows = rowsOf(page);
    await expect(rows).toHaveCount(6);
    await expect(rows.nth(0)).toContainText('Pia Partner');
    await expect(rows.nth(0)).toContainText('Partner');
    await expect(rows.nth(0)).toContainText('Pia Ltd');
    await expect(rows.nth(0)).toContainText('New');
    await expect(rows.nth(0)).toContainText('Unassigned');
    await expect(rows.nth(1)).toContainText(`Studio ${m.toUpperCase()}`);
    await expect(rows.nth(4)).toContainText('Data request');
    await expect(rows.nth(5)).toContainText('Affiliate');
    await expect(page.getByText('6 leads match the filter.')).toBeVisible();

    // Type filter.
    await page.getByLabel('Type').selectOption('agency');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/type=agency/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Aga Agency');

    // Date range: only the 2020 affiliate.
    await page.goto(`/staff?q=${m}&from=2020-01-01&to=2020-12-31`);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Old Affiliate');
    await expect(page.getByLabel('Received from')).toHaveValue('2020-01-01');

    // A reload keeps the view; hostile parameters are ignored, never an error.
    const res = await page.goto(`/staff?q=${m}&type=<script>&status=new'--&owner=x&from=nope&page=-4`);
    expect(res?.status()).toBe(200);
    await expect(rows).toHaveCount(6);
    // SQL pattern characters are searched for literally.
    await page.goto(`/staff?q=${encodeURIComponent('%_')}${m}`);
    await expect(page.getByText('No leads match this filter')).toBeVisible();
  });

  test('status, owner and notes on the lead page, with who and when', async ({ page }) => {
    const m = marker();
    const id = await insertLead({ kind: 'partner', firstName: 'Tia', lastName: `Triage ${m}`, email: `tia-${m}@e2e.example`, company: 'Triage Co' });
    await signIn(page, staff.admin);
    await page.goto(leadUrl('partner', id));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Tia Triage ${m}`);
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await expect(timeline.locator('ol > li')).toHaveCount(1);
    await expect(timeline).toContainText('Partner application received');

    await page.getByLabel('Status', { exact: true }).selectOption('contacted');
    await page.getByRole('button', { name: 'Save status' }).click();
    await expect(page.getByText('Status set to Contacted.')).toBeVisible();
    await expect(timeline).toContainText(`${staff.admin.name} changed the status: New → Contacted`);

    await page.getByLabel('Owner', { exact: true }).selectOption({ label: staff.member.name });
    await page.getByRole('button', { name: 'Save owner' }).click();
    await expect(page.getByText('Owner assigned.')).toBeVisible();
    await expect(page.getByText(`Owner: ${staff.member.name}`)).toBeVisible();
    await expect(timeline).toContainText(`Assigned to ${staff.member.name} by ${staff.admin.name}`);

    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Write a note first.')).toBeVisible();
    await page.getByLabel('New note').fill(`Called ${m}: wants a demo on Friday.\nSecond line.`);
    // While the post is in flight (slowed down here) the button says so, and the form is busy.
    const watch = await watchPost(page, (url) => url.pathname === leadUrl('partner', id), 'Add a note');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Note added.')).toBeVisible();
    expect(await watch.read()).toEqual(['Add note | null', 'Adding... | true']);
    await expect(page.getByRole('button', { name: 'Add note' })).toBeVisible();
    // The note joins the timeline, last, with who wrote it.
    const note = timeline.locator('ol > li').last();
    await expect(note.getByText(`Called ${m}: wants a demo on Friday.`)).toBeVisible();
    await expect(note).toContainText(`Note by ${staff.admin.name}`);
    await expect(page.getByLabel('New note')).toHaveValue('');

    // The inbox shows the new state and filters by it.
    await page.goto(`/staff?q=${m}&status=contacted&owner=${(await sql<{ id: string }>('select id from staff_users where email = $1', [staff.member.email]))[0].id}`);
    await expect(rowsOf(page)).toHaveCount(1);
    await expect(rowsOf(page).first()).toContainText('Contacted');
    await expect(rowsOf(page).first()).toContainText(staff.member.name);
    await page.goto(`/staff?q=${m}&status=new`);
    await expect(rowsOf(page)).toHaveCount(0);
  });

  test('bulk status change and bulk archive from the list', async ({ page }) => {
    const m = marker();
    for (const n of [1, 2, 3]) await insertLead({ kind: 'contact', name: `Bulk ${n} ${m}`, email: `bulk${n}-${m}@e2e.example`, company: 'Bulk Ltd' });
    await signIn(page, staff.member);
    await page.goto(`/staff?q=${m}`);
    const rows = rowsOf(page);
    await expect(rows).toHaveCount(3);
    await page.getByRole('button', { name: 'Apply to selected' }).click();
    await expect(page.getByText('Select at least one lead first.')).toBeVisible();
    await page.getByRole('checkbox', { name: `Select Contact lead from Bulk 1 ${m}` }).check();
    await page.getByRole('checkbox', { name: `Select Contact lead from Bulk 2 ${m}` }).check();
    await page.getByLabel('Set status of selected leads').selectOption('qualified');
    await page.getByRole('button', { name: 'Apply to selected' }).click();
    await expect(page.getByText('2 leads marked Qualified.')).toBeVisible();
    await expect(rows.filter({ hasText: 'Qualified' })).toHaveCount(2);
    // After a success the bulk form starts afresh: nothing selected, the status back to its default.
    await expect(page.getByRole('checkbox', { name: `Select Contact lead from Bulk 1 ${m}` })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: `Select Contact lead from Bulk 2 ${m}` })).not.toBeChecked();
    await expect(page.getByLabel('Set status of selected leads')).toHaveValue('contacted');

    await page.getByRole('checkbox', { name: `Select Contact lead from Bulk 1 ${m}` }).check();
    await page.getByRole('checkbox', { name: `Select Contact lead from Bulk 3 ${m}` }).check();
    await page.getByRole('button', { name: 'Archive selected' }).click();
    await expect(page.getByText('2 leads marked Archived.')).toBeVisible();
    await expect(rows).toHaveCount(1); // archived leads leave the open view
    await page.goto(`/staff?q=${m}&status=archived`);
    await expect(rows).toHaveCount(2);
    const history = await sql<{ n: number }>(
      "select count(*)::int n from lead_status_history h join contact_messages c on c.id = h.lead_id where c.email like $1 and h.changed_by is not null",
      [`%-${m}@e2e.example`],
    );
    expect(history[0].n).toBe(4);
  });

  test('bulk actions work without JavaScript', async ({ browser }) => {
    const m = marker();
    await insertLead({ kind: 'contact', name: `NoJS ${m}`, email: `nojs-${m}@e2e.example` });
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, staff.member);
    await page.goto(`/staff?q=${m}`);
    await page.getByRole('checkbox', { name: `Select Contact lead from NoJS ${m}` }).check();
    await page.getByLabel('Set status of selected leads').selectOption('lost');
    await page.getByRole('button', { name: 'Apply to selected' }).click();
    await expect(page.getByText('1 lead marked Lost.')).toBeVisible();
    await expect(rowsOf(page).first()).toContainText('Lost');
    await context.close();
  });
});

test.describe('lead page safety', () => {
  test('fields holding <script> and javascript: are shown as text, never run or linked', async ({ page }) => {
    const m = marker();
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    const agency = await insertLead({
      kind: 'agency',
      name: `<script>window.__xss=1</script>${m}`,
      email: `xss-${m}@e2e.example`,
      businessName: '<img src=x onerror="window.__xss=2">',
      message: '<b>bold?</b>\n<a href="javascript:alert(1)">click</a>',
    });
    const affiliate = await insertLead({ kind: 'affiliate', firstName: 'Js', lastName: m, email: `js-${m}@e2e.example`, website: 'javascript:alert(document.cookie)' });
    const good = await insertLead({ kind: 'affiliate', firstName: 'Web', lastName: m, email: `web-${m}@e2e.example`, website: 'https://example.com/web' });
    await signIn(page, staff.member);

    await page.goto(leadUrl('agency', agency));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`<script>window.__xss=1</script>${m}`);
    await expect(page.getByText('<img src=x onerror="window.__xss=2">')).toBeVisible();
    // The message, in the details and at the top of the timeline.
    for (const region of ['Details', 'Timeline']) {
      await expect(page.getByRole('region', { name: region }).getByText('<a href="javascript:alert(1)">click</a>')).toBeVisible();
    }
    await expect(page.locator('main b, main img[src="x"]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

    await page.goto(leadUrl('affiliate', affiliate));
    await expect(page.getByText('javascript:alert(document.cookie)')).toBeVisible();
    await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);

    await page.goto(leadUrl('affiliate', good));
    await expect(page.getByRole('link', { name: /https:\/\/example\.com\/web/ })).toHaveAttribute('href', 'https://example.com/web');

    await page.goto(`/staff?q=${m}`);
    await expect(rowsOf(page).filter({ hasText: '<script>window.__xss=1</script>' })).toHaveCount(1);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toBe(0);
  });

  test('an unknown lead or type answers 404', async ({ page }) => {
    await signIn(page, staff.member);
    expect((await page.goto('/staff/leads/partner/00000000-0000-4000-8000-000000000000'))?.status()).toBe(404);
    expect((await page.goto('/staff/leads/nope/123'))?.status()).toBe(404);
  });
});
