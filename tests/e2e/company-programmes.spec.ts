import { site } from '../../src/lib/config/site';
import { expect, test } from './fixtures';
import { expectScrollsToForm } from '../support/page-checks';

// axe at 1280 and 375 px and no horizontal scrolling on /partners, /affiliate and /agency: site-shell.spec.ts
// checks every public route.

// axe runs at two widths take a while on a shared 2-core machine.
test.describe.configure({ timeout: 60_000 });

test.describe('/partners', () => {
  test("header 'Get Started' scrolls to the partner form and puts focus in it", async ({ page }) => {
    await page.goto('/partners');
    const bar = page.locator('div.sticky').filter({ hasText: 'Partner Program' });
    await expectScrollsToForm(page, bar.getByRole('link', { name: 'Get Started' }), 'partner-form');
    await expect(page.locator('#partner-form').getByRole('heading', { level: 2 })).toHaveText('Become a Partner');
    await expect(page.locator('#partner-form').getByText('We reply within 48 hours.')).toBeVisible();
  });

  test('hero, seven partner marks with descriptions, four benefits', async ({ page }) => {
    await page.goto('/partners');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Partner with ${site.name}`);
    await expectScrollsToForm(page, page.getByRole('link', { name: 'Become a Partner' }), 'partner-form');
    const partners = page.getByRole('region', { name: 'Our integration partners' }).getByRole('listitem');
    await expect(partners.getByRole('heading', { level: 3 })).toHaveText([/^Canva/, 'Instagram', 'Facebook', 'LinkedIn', 'X (Twitter)', 'Pinterest', 'TikTok']);
    for (const p of await partners.all()) await expect(p.locator('p')).not.toBeEmpty();
    const benefits = page.getByRole('region', { name: 'Partner benefits' });
    await expect(benefits.getByRole('heading', { level: 3 })).toHaveText(['Co-marketing', 'Priority support', 'Revenue sharing', 'Early access']);
  });
});

test.describe('/affiliate', () => {
  test('Join button scrolls to the form; stats, lists, three steps and programme terms', async ({ page }) => {
    await page.goto('/affiliate');
    await expectScrollsToForm(page, page.getByRole('link', { name: 'Join the Affiliate Program' }), 'affiliate-form');

    for (const [value, label] of [
      ['30%', 'Commission Rate'],
      ['90 days', 'Cookie Duration'],
      ['$2,500', 'Average Monthly Earnings'],
    ]) {
      await expect(page.locator('dl div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd')).toHaveText(value);
    }
    await expect(page.getByRole('heading', { level: 3, name: 'Program Features' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Marketing Materials' })).toBeVisible();
    expect(await page.locator('#programme li').count()).toBeGreaterThanOrEqual(10);
    const steps = page.getByRole('region', { name: 'Start earning in three steps' }).getByRole('listitem');
    await expect(steps.getByRole('heading', { level: 3 })).toHaveText(['Sign Up', 'Get Approved', 'Share & Earn']);
    const terms = page.getByRole('region', { name: 'Program Terms' });
    await expect(terms.getByRole('heading', { level: 3 })).toHaveText(['Monthly payouts', 'Approval within 24 hours', 'Dedicated support']);
    await expect(terms.getByText(/paid every month through PayPal or Stripe/)).toBeVisible();
    await expect(terms.getByText(site.contacts.affiliates)).toBeVisible();
  });
});

test.describe('/agency', () => {
  test('its own title, meta description and canonical link to /agency', async ({ page }) => {
    await page.goto('/agency');
    await expect(page).toHaveTitle(`Social Media Agency Services | ${site.name}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /custom proposal within 24 hours/);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(new URL(canonical!).pathname).toBe('/agency');
  });

  test("sticky header with the logo link to / and 'Get Started' to /pricing, at both widths", async ({ page }) => {
    await page.goto('/agency');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: `${site.name} home` })).toHaveAttribute('href', '/');
    await expect(header.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/pricing');
    await page.mouse.wheel(0, 2500);
    await expect(header).toBeInViewport();
    await expect(header.getByRole('link', { name: 'Get Started' })).toBeVisible();
    // On a phone the header's menu carries it.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/pricing');
  });

  test('hero button scrolls to the enquiry form; services, benefits, five-star testimonials, 24-hour note', async ({ page }) => {
    await page.goto('/agency');
    await expectScrollsToForm(page, page.getByRole('link', { name: 'Get a Free Proposal' }), 'agency-form');
    const services = page.getByRole('region', { name: 'Full-service social media management' });
    await expect(services.getByRole('heading', { level: 3 })).toHaveText(['Social Media Strategy', 'Content Creation', 'Automated Posting', 'Analytics & Reporting']);
    const benefits = page.getByRole('region', { name: 'Results you can measure' });
    await expect(benefits.getByRole('heading', { level: 3 })).toHaveText(['Save 20+ hours weekly', 'Grow your audience', 'Increase conversions']);
    const testimonials = page.getByRole('region', { name: 'What our clients say' }).locator('figure');
    await expect(testimonials).toHaveCount(3);
    for (const t of await testimonials.all()) {
      await expect(t.getByRole('img', { name: 'Rated 5 out of 5 stars' })).toBeVisible();
      await expect(t.locator('svg')).toHaveCount(5);
    }
    await expect(page.locator('#agency-form').getByText("We'll get back to you within 24 hours with a custom proposal.")).toBeVisible();
  });
});
