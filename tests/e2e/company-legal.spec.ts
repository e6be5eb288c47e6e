import { site } from '../../src/lib/config/site';
import { referralCookieDays, referralCookieName } from '../../src/lib/leads/referral';
import { staffSessionCookieNames } from '../../src/lib/staff/session-cookie';
import { expect, test } from './fixtures';

// axe at 1280 and 375 px and no horizontal scrolling on /privacy, /terms, /cookies, /gdpr and /security:
// site-shell.spec.ts checks every public route.

test.describe('/privacy and /terms', () => {
  test('privacy: clearly marked Last updated date and every policy claim', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByText('Last updated:')).toBeVisible();
    await expect(page.locator('time').first()).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByRole('navigation', { name: 'On this page' }).getByRole('link')).toHaveCount(13);
    const main = page.getByRole('main');
    for (const claim of [
      'deleted from our processing systems within 5 minutes of processing',
      'Account personal data: deleted within 30 days of account closure.',
      'Analytics data: anonymized after 26 months.',
      'Support data: deleted after 3 years.',
      'is not for children under 13',
      'Users under 18 need the consent of a parent or guardian.',
      'we report it to Canva within 48 hours',
      'within 72 hours where the law requires it',
      'role-based access control',
      'row-level security',
      // What the forms keep (lib/leads): the form page's own tags, consent records, limits, posts held for review.
      'the campaign tags in the address of the page the form is on',
      'the words you agreed to with their version',
      'an IPv6 address counts by its /64 network',
      'we hold it for a person to review before we reply or send any email about it',
    ]) {
      await expect(main.getByText(claim, { exact: false }).first(), claim).toBeVisible();
    }
    await expect(main).not.toContainText(/\[date\]|\{|\}|TBD|Lorem/i);
  });

  test('terms: the same Last updated date and the commercial constants', async ({ page }) => {
    await page.goto('/privacy');
    const privacyDate = await page.locator('time').first().getAttribute('datetime');
    await page.goto('/terms');
    await expect(page.getByText('Last updated:')).toBeVisible();
    expect(await page.locator('time').first().getAttribute('datetime')).toBe(privacyDate);
    const main = page.getByRole('main');
    for (const t of ['Free trial: 14 days, no credit card required.', 'Money-back guarantee: 30 days on paid plans.', 'Plan changes take effect immediately', 'There are no setup fees.', 'After cancellation we keep your account data for 30 days', 'Design files are not kept: they are deleted within 5 minutes of processing.']) {
      await expect(main.getByText(t, { exact: false }), t).toBeVisible();
    }
  });
});

test.describe('/cookies', () => {
  test('dated December 2024, postal address, the cookies really set, none for tracking', async ({ page, context }) => {
    await page.goto('/cookies');
    await expect(page.getByText('Effective date:')).toBeVisible();
    await expect(page.getByText('December 2024')).toBeVisible();
    const address = page.getByRole('main').locator('address');
    await expect(address).toContainText(site.postalAddress.street);
    await expect(address).toContainText(`${site.postalAddress.city}, ${site.postalAddress.region} ${site.postalAddress.postalCode}`);
    await expect(page.getByText('None of the cookies we set are used for analytics or to show you advertising, and none follows you to other websites')).toBeVisible();
    const table = page.getByRole('table', { name: 'Cookies this website sets' });
    // The names the code gives them (lib/leads/referral.ts, lib/staff/session-cookie.ts).
    await expect(table.getByRole('rowheader')).toHaveText([referralCookieName, staffSessionCookieNames.https]);
    await expect(table.getByRole('row').filter({ hasText: referralCookieName })).toContainText(`${referralCookieDays} days`);
    // On a phone the same list shows as cards instead of a wide table.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(table).toBeHidden();
    const card = page.getByRole('main').getByRole('listitem').filter({ hasText: staffSessionCookieNames.https });
    await expect(card).toBeVisible();
    await expect(card.getByText('Strictly necessary', { exact: true })).toBeVisible();
    // The claim holds: browsing the public pages (without an affiliate's link) leaves no cookie behind.
    for (const path of ['/', '/pricing', '/blog', '/careers', '/contact', '/gdpr']) await page.goto(path);
    expect(await context.cookies()).toEqual([]);
  });
});

test.describe('/gdpr', () => {
  test('four rights cards with their buttons, lawful basis, retention, transfers and the DPO', async ({ page }) => {
    await page.goto('/gdpr');
    const rights = page.getByRole('region', { name: 'Your rights under the GDPR' });
    await expect(rights.getByRole('heading', { level: 3 })).toHaveText(['Right of access', 'Right to rectification', 'Right to erasure', 'Right to data portability']);
    for (const label of ['Request Data Export', 'Update Information', 'Delete Account', 'Export Data']) {
      await expect(rights.getByRole('button', { name: label, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Lawful basis for processing' }).locator('dt')).toHaveText(['Contract', 'Legitimate interests', 'Consent', 'Legal obligation']);
    const retention = page.getByRole('region', { name: 'Data retention' });
    await expect(retention.getByRole('row', { name: /Design files and derivatives/ })).toContainText('Deleted within 5 minutes of processing');
    await expect(retention.getByRole('row', { name: /Analytics data/ })).toContainText('Anonymized after 26 months');
    const transfers = page.getByRole('region', { name: 'International data transfers' });
    await expect(transfers.getByRole('listitem').filter({ hasText: 'United States' })).toContainText('Standard contractual clauses');
    await expect(transfers.getByRole('listitem').filter({ hasText: 'Canada' })).toContainText('Adequacy decision');
    const dpo = page.getByRole('region', { name: 'Data Protection Officer' });
    await expect(dpo.getByRole('link', { name: site.contacts.dpo })).toHaveAttribute('href', `mailto:${site.contacts.dpo}`);
  });
});

test.describe('/security and security.txt', () => {
  test('feature cards with statuses, certifications, practices, encryption and access control, incident response, contact', async ({ page }) => {
    await page.goto('/security');
    const features = page.getByRole('region', { name: 'Security features' }).getByRole('listitem');
    const expected = [
      ['256-bit SSL', 'Active'],
      ['AES-256 storage', 'Active'],
      ['Two-factor authentication', 'Available'],
      ['Security audits', 'Quarterly'],
    ];
    for (const [i, [title, status]] of expected.entries()) {
      await expect(features.nth(i).getByRole('heading')).toHaveText(title);
      await expect(features.nth(i).getByText(status, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Certifications & compliance' }).getByRole('heading', { level: 3 })).toHaveText(['SOC 2 Type II', 'ISO 27001', 'GDPR', 'CCPA']);
    expect(await page.getByRole('region', { name: 'Security practices' }).getByRole('listitem').count()).toBeGreaterThanOrEqual(6);
    const protection = page.getByRole('region', { name: 'Encryption & access control' });
    await expect(protection.getByRole('heading', { level: 3 })).toHaveText(['Data encryption', 'Access control']);

    const report = page.getByRole('region', { name: 'Incident response' }).getByRole('link', { name: 'Report Security Issue' });
    const url = new URL((await report.getAttribute('href'))!);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe(site.contacts.security);
    const contact = page.getByRole('region', { name: 'Security contact' });
    await expect(contact.getByRole('link', { name: site.contacts.security })).toHaveAttribute('href', `mailto:${site.contacts.security}`);
    await expect(contact.getByRole('link', { name: '/.well-known/security.txt' })).toHaveAttribute('href', '/.well-known/security.txt');
  });

  test('/.well-known/security.txt (RFC 9116): plain text, the security contact, an expiry under a year ahead', async ({ request }) => {
    const res = await request.get('/.well-known/security.txt');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    const fields = Object.fromEntries(
      text
        .split('\n')
        .filter((l) => l && !l.startsWith('#'))
        .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
    );
    expect(fields.Contact).toBe(`mailto:${site.contacts.security}`);
    const expires = Date.parse(fields.Expires);
    expect(fields.Expires).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires).toBeLessThan(Date.now() + 365 * 24 * 3600 * 1000);
    expect(fields.Canonical).toMatch(/\/\.well-known\/security\.txt$/);
    expect(fields['Preferred-Languages']).toBe('en');
    // HEAD and conditional requests work too (served by the fast path like other prerendered files).
    const head = await request.head('/.well-known/security.txt');
    expect(head.status()).toBe(200);
    const again = await request.get('/.well-known/security.txt', { headers: { 'If-None-Match': res.headers().etag } });
    expect(again.status()).toBe(304);
  });
});
