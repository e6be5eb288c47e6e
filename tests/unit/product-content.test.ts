import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { maxYearlySavingsPercent, priceFor, pricingFaqs, pricingPlans, yearlySavingsPercent, guarantees } from '@/content/pricing';
import { homePlanHref, homePlans, testimonialsOf, brandLogos, platforms } from '@/content/home';
import { billedPlans, trialPlans } from '@/lib/leads/options';
import { presetSubject, signupHref, trialChoice } from '@/lib/leads/signup';
import { coreFeatures, extraFeatures } from '@/content/features';
import { templateCategories, templateFilterChips, templateFilterFields, templates } from '@/content/templates';
import { apiPlans, apiSamples, formatLimit } from '@/content/api';
import { commercial } from '@/lib/config/commercial';
import { ALL, filterItems } from '@/lib/filters';
import { loadContent } from '../support/content';

const testimonials = testimonialsOf((await loadContent()).people);
import { faqPageLd, softwareApplicationLd } from '@/lib/structured-data';

describe('pricing derivations', () => {
  it('computes the yearly saving from the monthly and yearly prices', () => {
    expect(yearlySavingsPercent({ monthlyPrice: 19, yearlyPrice: 190 })).toBe(17);
    expect(yearlySavingsPercent({ monthlyPrice: 49, yearlyPrice: 490 })).toBe(17);
    expect(yearlySavingsPercent({ monthlyPrice: 10, yearlyPrice: 120 })).toBe(0);
    expect(yearlySavingsPercent({ monthlyPrice: 10, yearlyPrice: 60 })).toBe(50);
    expect(yearlySavingsPercent({ monthlyPrice: 0, yearlyPrice: 0 })).toBe(0);
  });
  it("advertises the plans' largest saving on the toggle: 'Save 17%'", () => {
    expect(maxYearlySavingsPercent(pricingPlans)).toBe(17);
    const changed = pricingPlans.map((p) => (p.id === 'business' ? { ...p, yearlyPrice: 441 } : p));
    expect(maxYearlySavingsPercent(changed)).toBe(25);
  });
  it('prices and suffixes per period; the free plan has no suffix', () => {
    const [free, pro, business] = pricingPlans;
    expect(priceFor(free, 'monthly')).toEqual({ amount: 0, suffix: '' });
    expect(priceFor(free, 'yearly')).toEqual({ amount: 0, suffix: '' });
    expect(priceFor(pro, 'monthly')).toEqual({ amount: 19, suffix: '/month' });
    expect(priceFor(pro, 'yearly')).toEqual({ amount: 190, suffix: '/year' });
    expect(priceFor(business, 'yearly')).toEqual({ amount: 490, suffix: '/year' });
  });
  it('has the pricing page plans', () => {
    expect(pricingPlans.map((p) => [p.name, p.monthlyPrice, p.yearlyPrice, p.badge, p.popular])).toEqual([
      ['Free', 0, 0, undefined, false],
      ['Pro', 19, 190, 'Most Popular', true],
      ['Business', 49, 490, 'Best Value', false],
    ]);
    expect(pricingPlans[2].cta.label).toBe('Contact Sales');
    const free = pricingPlans[0].features;
    expect(free.filter((f) => f.included).map((f) => f.name)).toEqual(['5 posts per month', '2 platforms']);
    expect(free.filter((f) => !f.included).map((f) => f.name)).toEqual(['Template library', 'Team collaboration', 'Advanced analytics', 'Priority support']);
    expect(pricingPlans[1].features).toContainEqual({ name: 'Team of 5 users', included: true });
    expect(pricingPlans[1].features).toContainEqual({ name: 'Priority support', included: false });
    expect(pricingPlans[2].features.filter((f) => f.included).map((f) => f.name)).toEqual(
      expect.arrayContaining(['Unlimited team members', 'API access', 'Priority support']),
    );
  });
  it('states the trial and guarantee constants from lib/config/commercial.ts', () => {
    const text = [...guarantees, ...pricingFaqs.map((f) => f.answer)].join(' ');
    expect(text).toContain(`${commercial.trialDays}-day free trial`);
    expect(text).toContain('no credit card');
    expect(text).toContain(`${commercial.moneyBackDays}-day money-back guarantee`);
    expect(text).toContain(`${commercial.dataRetentionDaysAfterCancellation} days after cancellation`);
    expect(text).toContain('take effect immediately');
    expect(text).toMatch(/no setup fees/i);
    expect(pricingFaqs).toHaveLength(4);
  });
});

describe('home content', () => {
  it('has the home plans', () => {
    expect(homePlans.map((p) => [p.name, p.price, p.period])).toEqual([
      ['Free Trial', 0, ''],
      ['Starter', 19, 'month'],
      ['Pro', 49, 'month'],
    ]);
    expect(homePlans[0].features).toEqual(['5 posts per month', '3 platforms', 'Basic analytics', 'Email support']);
    expect(homePlans[1].features).toEqual(['Unlimited posts', 'All integrations', 'Full CRM', 'Campaign automation', 'Bulk scheduling']);
    expect(homePlans[2].features).toEqual(expect.arrayContaining(['Team collaboration', 'White-label', 'SLA', 'Account manager']));
  });
  it('has three five-star testimonials, six two-letter logos and six platforms', () => {
    expect(testimonials).toHaveLength(3);
    for (const t of testimonials) expect(t.rating).toBe(5);
    expect(brandLogos).toHaveLength(6);
    for (const b of brandLogos) expect(b.logo).toMatch(/^[A-Z]{2}$/);
    expect(platforms).toHaveLength(6);
  });
});

describe('features content', () => {
  it('has one core card per badge and the four extras', () => {
    expect(coreFeatures.map((f) => f.badge)).toEqual(['Core Feature', 'Popular', 'AI-Powered', 'Pro', 'New', 'CRM']);
    expect(extraFeatures.map((f) => f.title)).toEqual(['Campaign management', 'Team collaboration', '50+ languages', 'Mobile apps']);
  });
});

describe('templates content', () => {
  it('has the nine chips and at least 24 templates over every category', () => {
    expect(templateFilterChips).toEqual([ALL, 'Instagram Post', 'Instagram Story', 'LinkedIn Post', 'Facebook Post', 'X (Twitter)', 'Pinterest', 'YouTube Thumbnail', 'TikTok']);
    expect(templates.length).toBeGreaterThanOrEqual(24);
    for (const c of templateCategories) expect(templates.filter((t) => t.category === c).length).toBeGreaterThanOrEqual(3);
    expect(templates.some((t) => t.isPro)).toBe(true);
    expect(new Set(templates.map((t) => t.id)).size).toBe(templates.length);
  });
  it('has a generated local SVG image for every template', () => {
    for (const t of templates) {
      expect(t.image).toMatch(/^\/templates\/[a-z0-9-]+\.svg$/);
      const file = path.join(process.cwd(), 'public', t.image);
      const svg = fs.readFileSync(file, 'utf8');
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    }
  });
  it('filters by title only, case-insensitively, ANDed with the category', () => {
    const titles = (q: string, category = ALL) => filterItems(templates, { q, category }, templateFilterFields).map((t) => t.title);
    expect(titles('SALE')).toEqual(['Summer Sale Countdown']);
    expect(titles('story', 'Instagram Story').length).toBe(3);
    expect(titles('story', 'TikTok')).toEqual([]);
    expect(titles('coral')).toEqual([]); // descriptions are not searched
  });
});

describe('api content', () => {
  it('uses the fixed field names in the samples', () => {
    const [posts, analytics, campaigns] = apiSamples;
    expect(apiSamples.map((s) => s.label)).toEqual(['Posts', 'Analytics', 'Campaigns']);
    for (const f of ['content', 'platforms', 'schedule_time', 'media_urls', 'hashtags']) expect(posts.request).toContain(`"${f}"`);
    expect(Object.keys(posts.response as object)).toEqual(['id', 'status', 'platforms', 'scheduled_for', 'created_at']);
    expect((posts.response as { status: string }).status).toBe('scheduled');
    expect(Object.values((posts.response as { platforms: object }).platforms)).toEqual(['pending', 'pending', 'pending']);
    expect(analytics.request).toMatch(/GET "[^"]+\/api\/v1\/analytics\?start_date=[^&]+&end_date=[^&]+&platform=/);
    const a = analytics.response as { metrics: object; posts: object[] };
    expect(Object.keys(a.metrics)).toEqual(['total_posts', 'total_reach', 'total_engagement', 'engagement_rate']);
    expect(Object.keys(a.posts[0])).toEqual(['id', 'reach', 'likes', 'comments', 'shares']);
    for (const f of ['name', 'description', 'start_date', 'end_date', 'posts']) expect(campaigns.request).toContain(`"${f}"`);
    expect(campaigns.response).toMatchObject({ status: 'active' });
    expect(Object.keys(campaigns.response as object)).toEqual(['id', 'name', 'status', 'posts_count', 'created_at']);
  });
  it('has the API plans', () => {
    expect(apiPlans.map((p) => [p.name, p.price, formatLimit(p.monthlyRequests, 'month'), p.hourlyRequests])).toEqual([
      ['Starter', 29, '10,000 requests/month', 100],
      ['Professional', 99, '100,000 requests/month', 1000],
      ['Enterprise', null, 'Unlimited', null],
    ]);
    expect(apiPlans[1].features).toContain('Webhooks');
  });
});

describe('structured data builders', () => {
  it('derives SoftwareApplication offers from the plan data', () => {
    const ld = softwareApplicationLd({ plans: homePlans, reviews: testimonials });
    expect(ld['@type']).toBe('SoftwareApplication');
    expect(ld.offers.map((o) => [o.name, o.price, o.priceCurrency])).toEqual([
      ['Free Trial', '0.00', 'USD'],
      ['Starter', '19.00', 'USD'],
      ['Pro', '49.00', 'USD'],
    ]);
    expect(ld.offers[1]).toMatchObject({ priceSpecification: { '@type': 'UnitPriceSpecification', billingDuration: 'P1M', unitCode: 'MON' } });
    expect(ld.review).toHaveLength(3);
  });
  it('builds a FAQPage with one Question per FAQ', () => {
    const ld = faqPageLd(pricingFaqs);
    expect(ld.mainEntity).toHaveLength(4);
    expect(ld.mainEntity[0]).toEqual({ '@type': 'Question', name: pricingFaqs[0].question, acceptedAnswer: { '@type': 'Answer', text: pricingFaqs[0].answer } });
  });
});

describe('trial buttons: /signup offers exactly what /pricing sells with a trial', () => {
  const env = {};
  const choiceOf = (href: string) => trialChoice(new URL(href, 'https://postcraft.example'));

  it('each /pricing trial button preselects its plan (and its billing, for a billed plan) on /signup', () => {
    for (const plan of pricingPlans) {
      for (const billing of ['monthly', 'yearly'] as const) {
        const href = signupHref(plan.id, billing, env);
        if ('href' in plan.cta) {
          // Sold by the sales team: the contact form, its subject preset.
          expect(href, plan.name).toBe(plan.cta.href);
          expect(presetSubject(new URL(href, 'https://postcraft.example')), plan.name).toBe(`${plan.name} plan`);
          continue;
        }
        const billed = plan.yearlyPrice > 0;
        expect(href, `${plan.name} ${billing}`).toBe(billed ? `/signup?plan=${plan.id}&billing=${billing}` : `/signup?plan=${plan.id}`);
        expect(choiceOf(href)).toMatchObject(billed ? { plan: plan.id, billing } : { plan: plan.id });
      }
    }
  });

  it('/signup offers no plan or billing period that /pricing does not sell with a trial', () => {
    const sold = pricingPlans.filter((p) => !('href' in p.cta));
    expect(trialPlans.map((p) => p.value)).toEqual(sold.map((p) => p.id));
    expect(trialPlans.map((p) => p.label)).toEqual(sold.map((p) => p.name));
    // Billing is asked exactly for the plans that have a price per period.
    expect([...billedPlans]).toEqual(sold.filter((p) => p.yearlyPrice > 0).map((p) => p.id));
    // An old link to a plan sold by the sales team goes to the contact form; nonsense falls back to the default.
    expect(choiceOf('/signup?plan=business&billing=yearly')).toEqual({ redirect: '/contact?subject=business#contact-form' });
    expect(choiceOf('/signup?plan=enterprise&billing=weekly')).toEqual({ plan: 'pro', billing: 'monthly' });
    expect(choiceOf('/signup')).toEqual({ plan: commercial.trialPlanId, billing: 'monthly' });
  });

  it('APP_SIGNUP_URL, when set, receives the same plan and billing', () => {
    expect(signupHref('pro', 'yearly', { APP_SIGNUP_URL: 'https://app.postcraft.example/join?ref=site' })).toBe('https://app.postcraft.example/join?ref=site&plan=pro&billing=yearly');
    expect(signupHref('free', 'yearly', { APP_SIGNUP_URL: 'https://app.postcraft.example/join' })).toBe('https://app.postcraft.example/join?plan=free');
    expect(signupHref('business', 'monthly', { APP_SIGNUP_URL: 'https://app.postcraft.example/join' })).toBe('/contact?subject=business#contact-form');
  });

  it("the home cards' buttons lead where the /pricing plan of the same price does", () => {
    expect(homePlans.map(homePlanHref)).toEqual(['/signup?plan=free', '/signup?plan=pro&billing=monthly', '/contact?subject=business#contact-form']);
  });
});
