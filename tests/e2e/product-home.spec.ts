import { site } from '../../src/lib/config/site';
import { expect, test } from './fixtures';

// axe at 1280 and 375 px and no horizontal scrolling on /: site-shell.spec.ts checks every public route.

// Expectations come from the fixed copy and behaviour of docs/content.md, not from the page source.

test.describe('home /', () => {
  test('hero: the headline, a sub-line, Get Started Free to /signup, Watch Demo to #how-it-works, three stats', async ({ page }) => {
    await page.goto('/');
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toHaveText('From Canva to Social Media In One Click');
    // The sub-line is about creating, scheduling and posting designs without extra steps.
    const hero = page.locator('section').filter({ has: h1 });
    await expect(hero.getByText(/create, schedule and post your canva designs/i)).toBeVisible();

    const start = hero.getByRole('link', { name: 'Get Started Free' });
    await expect(start).toHaveAttribute('href', '/signup');
    const demo = hero.getByRole('link', { name: 'Watch Demo' });
    await expect(demo).toHaveAttribute('href', '#how-it-works');

    // The row of three stats: 2M+ posts created, 50K+ happy users, 5x faster posting.
    const stats = hero.locator('dl > div');
    await expect(stats).toHaveCount(3);
    await expect(stats.nth(0)).toContainText('2M+');
    await expect(stats.nth(0)).toContainText(/posts created/i);
    await expect(stats.nth(1)).toContainText('50K+');
    await expect(stats.nth(1)).toContainText(/happy users/i);
    await expect(stats.nth(2)).toContainText('5x');
    await expect(stats.nth(2)).toContainText(/faster posting/i);

    // Watch Demo lands on the three steps.
    await demo.click();
    await expect(page).toHaveURL(/\/#how-it-works$/);
    await expect(page.locator('#how-it-works')).toBeInViewport();

    await page.goto('/');
    // The trial starts on the plan the trial gives (Pro), billed monthly until the visitor says otherwise.
    await page.getByRole('main').getByRole('link', { name: 'Get Started Free' }).first().click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('combobox', { name: 'Plan' })).toHaveValue('pro');
    await expect(page.getByRole('combobox', { name: 'Billing' })).toHaveValue('monthly');
  });

  test("social proof: 'Loved by 50,000+ Creators', three five-star testimonials, six two-letter logos, trust badges", async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('Trusted by 50,000+ creators', { exact: false }).first()).toBeVisible();
    const section = page.getByRole('region', { name: 'Loved by 50,000+ Creators' });
    await expect(section.getByRole('heading', { level: 2 })).toHaveText('Loved by 50,000+ Creators');

    const cards = section.locator('figure');
    await expect(cards).toHaveCount(3);
    for (const card of await cards.all()) {
      // Five stars, read out as text.
      await expect(card.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
      await expect(card.locator('svg.lucide-star[fill="currentColor"]')).toHaveCount(5);
      // Name, then "role, company".
      const caption = card.locator('figcaption');
      await expect(caption).toContainText(/\S+ \S+/);
      await expect(caption).toContainText(/, /);
      // The headline result and the quote.
      await expect(card.locator('blockquote')).not.toBeEmpty();
    }
    await expect(cards.nth(0)).toContainText('Sarah Chen');

    // Six placeholder brand logos, each a two-letter mark with the brand's name.
    const logos = section.getByRole('heading', { name: 'Teams that publish with us' }).locator('xpath=following-sibling::ul[1]/li');
    await expect(logos).toHaveCount(6);
    for (const logo of await logos.all()) {
      await expect(logo.locator('span[aria-hidden]')).toHaveText(/^[A-Z]{2}$/);
      await expect(logo.locator('span:not([aria-hidden])')).not.toBeEmpty();
    }

    const badges = section.getByRole('list', { name: 'Security and reliability' }).getByRole('listitem');
    await expect(badges).toHaveText(['SOC 2 certified', '256-bit SSL', '99.9% uptime']);
  });

  test('every marketing claim is on the page', async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    const text = (await main.innerText()).replace(/\s+/g, ' ');
    for (const claim of ['50,000+', '2M+', '50K+', '5x', '4.9', '10+', 'SOC 2 certified', '256-bit SSL', '99.9% uptime']) {
      expect(text, claim).toContain(claim);
    }
    expect(text).toMatch(/5x faster/i);
    expect(text).toMatch(/10\+ hours/i);
    expect(text).toMatch(/hours saved weekly/i);
    expect(text).toMatch(/under 100ms|<100ms/i);
    // The stats beside the testimonials: each value with its label.
    const results = page.getByRole('region', { name: 'Results creators can measure' });
    const pairs = await results.locator('dl > div').evaluateAll((divs) =>
      divs.map((d) => `${d.querySelector('dd')?.textContent} ${d.querySelector('dt')?.textContent}`.toLowerCase()),
    );
    expect(pairs).toEqual(expect.arrayContaining(['4.9 average rating', '10+ hours saved weekly']));
    expect(pairs.some((p) => /^(<|under )100ms response time$/.test(p))).toBe(true);
  });

  test('the comparison table is a real table with column and row headers', async ({ page }) => {
    await page.goto('/');
    const table = page.getByRole('table');
    await expect(table).toHaveCount(1);
    const columns = table.getByRole('columnheader');
    await expect(columns).toHaveText(['Feature', site.name, 'Manual work', 'Competitors']);
    for (const th of await columns.all()) await expect(th).toHaveAttribute('scope', 'col');
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThanOrEqual(4);
    await expect(table.getByRole('rowheader')).toHaveCount(await rows.count());
    // Marks are read as words, not icons.
    await expect(table.getByRole('cell', { name: 'Yes' }).first()).toBeAttached();
    await expect(table.getByRole('cell', { name: 'No' }).first()).toBeAttached();
    // The table's name says what it compares.
    await expect(table).toHaveAccessibleName(/compared with manual work and competitors/);
  });

  test('how it works has three steps at #how-it-works; #integrations has the design tool and the six platforms', async ({ page }) => {
    await page.goto('/#integrations');
    const integrations = page.locator('section#integrations');
    await expect(integrations).toBeInViewport();
    const names = await integrations.getByRole('heading', { level: 3 }).allTextContents();
    expect(names).toEqual([site.designTool, 'Instagram', 'Facebook', 'LinkedIn', 'X (Twitter)', 'Pinterest', 'TikTok']);

    const steps = page.locator('section#how-it-works ol > li');
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0).getByRole('heading')).toHaveText(/^Step 1: /);
    await expect(steps.nth(2).getByRole('heading')).toHaveText(/^Step 3: /);

    // The header link to the integrations anchor works from another page.
    await page.goto('/features');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Integrations' }).click();
    await expect(page).toHaveURL(/\/#integrations$/);
    await expect(page.locator('section#integrations')).toBeInViewport();
  });

  test('home pricing cards: Free Trial $0, Starter $19/month, Pro $49/month with their contents', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('section#pricing');
    const cards = section.locator('ul.grid > li');
    await expect(cards).toHaveCount(3);
    const expected = [
      // Each card's button leads where the /pricing plan of the same price does: Free and Pro (monthly) to
      // their trial, Business ('Contact Sales' on /pricing) to the contact form, subject preset.
      { name: 'Free Trial', price: '$0', suffix: null, items: ['5 posts per month', '3 platforms', 'Basic analytics', 'Email support'], href: '/signup?plan=free' },
      { name: 'Starter', price: '$19', suffix: '/month', items: ['Unlimited posts', 'All integrations', 'Full CRM', 'Campaign automation', 'Bulk scheduling'], href: '/signup?plan=pro&billing=monthly' },
      { name: 'Pro', price: '$49', suffix: '/month', items: ['Team collaboration', 'White-label', 'SLA', 'Account manager'], href: '/contact?subject=business#contact-form' },
    ];
    for (const [i, plan] of expected.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(plan.name);
      const price = card.locator('p').filter({ hasText: plan.price }).first();
      if (plan.suffix) await expect(price).toHaveText(`${plan.price}${plan.suffix}`);
      else await expect(price).toHaveText(plan.price);
      const items = (await card.locator('ul li').allTextContents()).map((s) => s.toLowerCase());
      for (const item of plan.items) expect(items).toContain(item.toLowerCase());
      await expect(card.getByRole('link')).toHaveAttribute('href', plan.href);
    }
    // The trial and guarantee constants.
    await expect(section).toContainText('14-day free trial');
    await expect(section).toContainText('30-day money-back guarantee');
  });

  test('closing call to action leads to /signup', async ({ page }) => {
    await page.goto('/');
    const closing = page.getByRole('region', { name: /Ready to publish 5x faster/ });
    await expect(closing.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/signup');
  });

  for (const js of [true, false]) {
    test(`each plan card's button ends on the trial of its plan, or on the contact form for Business (${js ? 'with' : 'without'} JavaScript)`, async ({ browser }) => {
      const ctx = await browser.newContext({ javaScriptEnabled: js });
      const page = await ctx.newPage();
      const card = (name: string) => page.getByRole('region', { name: 'Start free, upgrade when you grow' }).locator('li').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
      const trials = [
        { card: 'Free Trial', button: 'Start Free Trial', plan: 'free', billing: null },
        { card: 'Starter', button: 'Choose Starter', plan: 'pro', billing: 'monthly' },
      ];
      for (const t of trials) {
        await page.goto('/');
        await card(t.card).getByRole('link', { name: t.button }).click();
        await expect(page).toHaveURL(/\/signup\?plan=/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Start your free trial');
        await expect(page.getByRole('combobox', { name: 'Plan' })).toHaveValue(t.plan);
        // Free has no billing period: the billing choice is not shown.
        if (t.billing) await expect(page.getByRole('combobox', { name: 'Billing' })).toHaveValue(t.billing);
        else await expect(page.getByRole('combobox', { name: 'Billing' })).toBeHidden();
      }
      await page.goto('/');
      await card('Pro').getByRole('link', { name: 'Choose Pro' }).click();
      await expect(page).toHaveURL(/\/contact\?subject=business#contact-form$/);
      await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('Business plan');
      await ctx.close();
    });
  }
});
