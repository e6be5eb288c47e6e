import { parseCsv } from '../support/csv-parser';
import { expect as baseExpect, test } from './fixtures';
import { createStaff, insertLead, marker, signIn, type StaffAccount } from '../support/staff-accounts';

// Sign-in hashes with argon2id (19 MiB): allow for a loaded CI machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

let member: StaffAccount;
test.beforeAll(() => {
  member = createStaff('member');
});

test('CSV export of the current filter: RFC 4180 quoting, formulas neutralised', async ({ page }) => {
  const m = marker();
  await insertLead({ kind: 'agency', name: `=HYPERLINK("http://evil.example","click") ${m}`, email: `formula-${m}@e2e.example`, businessName: '+cmd|\' /C calc\'!A0' });
  await insertLead({ kind: 'contact', name: `Comma, "Quote" ${m}`, email: `@at-${m}@e2e.example`, company: '-2+3', subject: 'Multi\r\nline' });
  await insertLead({ kind: 'partner', firstName: 'Not', lastName: 'Matching', email: 'other@e2e.example', company: 'Other' });
  await signIn(page, member);
  await page.goto(`/staff?q=${m}`);

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByText('Export ready: 2 leads')).toBeVisible();
  const text = (await (await download.createReadStream()).toArray()).map((b) => Buffer.from(b).toString('utf8')).join('');
  const records = parseCsv(text.replace(/^\uFEFF/, ''));
  expect(records[0]).toEqual([
    'Type',
    'ID',
    'Received (UTC)',
    'Name',
    'Email',
    'Company / business',
    'Detail',
    'Status',
    'Owner',
    // Where each lead came from (issue 20).
    'Source',
    'Medium',
    'Campaign',
    'Term',
    'Content',
    'Referred by',
    'Form page',
    // The affiliate's code of the visitor's referral cookie (issue 30).
    'Affiliate code',
  ]);
  expect(records).toHaveLength(3);
  const agency = records.find((r) => r[0] === 'Agency')!;
  const contact = records.find((r) => r[0] === 'Contact')!;
  expect(agency[0]).toBe('Agency');
  expect(agency[3]).toBe(`'=HYPERLINK("http://evil.example","click") ${m}`);
  expect(agency[5]).toBe("'+cmd|' /C calc'!A0");
  expect(contact[3]).toBe(`Comma, "Quote" ${m}`);
  expect(contact[4]).toBe(`'@at-${m}@e2e.example`);
  expect(contact[5]).toBe("'-2+3");
  expect(contact[7]).toBe('New');
  // The raw text quotes exactly what needs it.
  expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"") ${m}"`);
});

test('the export link downloads without JavaScript too, streamed with the expected row count', async ({ page }) => {
  const m = marker();
  for (let i = 0; i < 3; i++) await insertLead({ kind: 'newsletter', email: `stream${i}-${m}@e2e.example` });
  await signIn(page, member);
  const res = await page.request.get(`/staff/export?q=${m}&type=newsletter`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/csv/);
  expect(res.headers()['content-disposition']).toMatch(/attachment; filename="leads-/);
  expect(res.headers()['x-total-rows']).toBe('3');
  expect(res.headers()['cache-control']).toMatch(/no-store/);
  const rows = parseCsv((await res.text()).replace(/^\uFEFF/, ''));
  expect(rows.slice(1).map((r) => r[4]).sort()).toEqual([0, 1, 2].map((i) => `stream${i}-${m}@e2e.example`));
});
