import { site } from '../../src/lib/config/site';
import { expect, test } from './fixtures';

// axe at 1280 and 375 px and no horizontal scrolling on /about, /contact and /press: site-shell.spec.ts
// checks every public route.

// axe runs at two widths take a while on a shared 2-core machine.
test.describe.configure({ timeout: 60_000 });

test.describe('/about', () => {
  test('story, stats, values and team', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 2, name: 'Made by creators who were tired of re-uploading' })).toBeVisible();
    for (const [value, label] of [
      ['50K+', 'Happy users'],
      ['2M+', 'Posts created'],
      ['5x', 'Faster posting'],
      ['4.9', 'Average rating'],
    ]) {
      await expect(page.locator('dl div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd')).toHaveText(value);
    }
    const values = page.getByRole('region', { name: 'Our values' });
    await expect(values.getByRole('heading', { level: 3 })).toHaveText(['Creators first', 'Respect for time', 'Trust by default', 'Ship and learn']);
    const team = page.getByRole('region', { name: 'Meet the team' });
    await expect(team.getByRole('listitem')).toHaveCount(8);
    await expect(team.getByRole('heading', { level: 3, name: 'Amelia Chen' })).toBeVisible();
    await expect(team.getByText('Co-founder & CEO')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Open Positions' })).toHaveAttribute('href', '/careers');
  });
});

test.describe('/contact', () => {
  test('four channels with their response times and addresses from site config, hours, map Coming Soon, the form section', async ({ page }) => {
    await page.goto('/contact');
    const channels = page.getByRole('region', { name: 'How can we help?' }).getByRole('listitem');
    await expect(channels).toHaveCount(4);
    const expected = [
      ['General enquiries', site.contacts.hello, 'Response within 24 hours'],
      ['Sales', site.contacts.sales, 'Response within 4 hours'],
      ['Customer support', site.contacts.support, 'Response within 2 hours'],
      ['Press & media', site.contacts.press, 'Response within 1 business day'],
    ];
    for (const [i, [title, email, time]] of expected.entries()) {
      const c = channels.nth(i);
      await expect(c.getByRole('heading', { level: 3 })).toHaveText(title);
      await expect(c.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
      await expect(c.getByText(time)).toBeVisible();
    }
    await expect(page.getByText('Monday to Friday, 9 to 6 PST')).toBeVisible();
    // A screen reader hears each term of the hours, phone and office list once.
    const details = await page.locator('dl').filter({ hasText: 'Business hours' }).ariaSnapshot();
    for (const term of ['Business hours', 'Phone', 'Office']) expect(details.split(term).length - 1, term).toBe(1);
    const map = page.getByRole('region', { name: 'Map' });
    await expect(map.getByText('Coming Soon')).toBeVisible();
    await expect(page.getByText(site.postalAddress.street)).toBeVisible();
    await expect(page.getByRole('link', { name: site.phone })).toHaveAttribute('href', 'tel:+14155550142');
    const form = page.locator('#contact-form');
    await expect(form.getByRole('heading', { level: 2, name: 'Send us a message' })).toBeVisible();
    await expect(form.getByText('Fields marked with * are required.')).toBeVisible();
  });
});

test.describe('/press', () => {
  test('press releases, awards, media quotes and press contacts', async ({ page }) => {
    await page.goto('/press');
    const releases = page.getByRole('region', { name: 'Press releases' }).getByRole('listitem');
    expect(await releases.count()).toBeGreaterThanOrEqual(3);
    await expect(releases.first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
    await expect(releases.first().getByRole('heading', { level: 3 })).toContainText(site.name);
    await expect(page.getByRole('region', { name: 'Awards' }).getByRole('listitem')).toHaveCount(4);
    await expect(page.getByRole('region', { name: 'What the press says' }).locator('blockquote')).toHaveCount(3);
    const contacts = page.getByRole('region', { name: 'Press contacts' });
    await expect(contacts.getByRole('link', { name: site.contacts.press })).toHaveAttribute('href', `mailto:${site.contacts.press}`);
  });

  test('media kit files download from this site with the right type', async ({ page, request }) => {
    await page.goto('/press');
    const kit = page.getByRole('region', { name: 'Media kit' });
    const expected = [
      ['Download Logo pack (ZIP)', 'application/zip', 'PK\u0003\u0004'],
      ['Download Fact sheet (PDF)', 'application/pdf', '%PDF-'],
      ['Download Brand colours (SVG)', 'image/svg+xml', '<svg'],
    ];
    for (const [name, type, magic] of expected) {
      const link = kit.getByRole('link', { name });
      const href = (await link.getAttribute('href'))!;
      expect(href.startsWith('/press/')).toBe(true);
      await expect(link).toHaveAttribute('download', /^[a-z]+-[a-z-]+\.(zip|pdf|svg)$/);
      const res = await request.get(href);
      expect(res.status(), href).toBe(200);
      expect(res.headers()['content-type']).toBe(type);
      const body = await res.body();
      expect(body.subarray(0, magic.length).toString('latin1')).toBe(magic);
    }
    // A real download in the browser, too.
    const [download] = await Promise.all([page.waitForEvent('download'), kit.getByRole('link', { name: 'Download Fact sheet (PDF)' }).click()]);
    expect(download.suggestedFilename()).toBe(`${site.name.toLowerCase()}-fact-sheet.pdf`);
  });
});
