import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { teamOf } from '@/content/about';
import { featuredTestimonialOf, homePlans, platforms, testimonialsOf } from '@/content/home';
import { apiPlans } from '@/content/api';
import { accessControlPoints } from '@/content/security';
import { commercial } from '@/lib/config/commercial';
import { pressContactsOf } from '@/content/press';
import { pricingFaqs, pricingPlans } from '@/content/pricing';
import { agencyTestimonialsOf } from '@/content/programmes';
import { site } from '@/lib/config/site';
import { blockTexts } from '@/content/body-model';
import { cookiesSet } from '@/content/legal';
import { affiliateStats } from '@/content/programmes';
import { leadKinds } from '@/lib/leads/kinds';
import { referralCookieDays, referralCookieName, referralSetCookie } from '@/lib/leads/referral';
import { sessionCookie } from '@/lib/staff/auth';
import { loadContent } from '../support/content';

// The collections as Astro loads them (its sync of src/content.config.ts), made into what the pages show.
const { articles, legalDocuments, people } = await loadContent();
const [team, testimonials, featuredTestimonial, agencyTestimonials, pressContacts] = [teamOf(people), testimonialsOf(people), featuredTestimonialOf(people), agencyTestimonialsOf(people), pressContactsOf(people)];

const contentDir = path.resolve(__dirname, '../../src/content');

// Counted here on its own (not with the function the content uses): words of the headings, paragraphs, list
// items, subheadings and table cells.
type Block = (typeof articles)[number]['body'][number]['blocks'][number];
const blockWords = (b: Block): string[] =>
  typeof b === 'string' ? [b] : 'list' in b ? b.list : 'subheading' in b ? [b.subheading] : [...b.table.head, ...b.table.rows.flat()];
const texts = (a: (typeof articles)[number]) => a.body.flatMap((s) => [s.heading, ...s.blocks.flatMap(blockWords)]);
const words = (a: (typeof articles)[number]) => texts(a).join(' ').match(/\S+/g)?.length ?? 0;


describe('one person, one name, role and company', () => {
  const shown = [
    ...team.map((p) => ({ where: '/about team', ...p })),
    ...articles.map((a) => ({ where: `/blog/${a.slug} byline`, company: undefined, ...a.author })),
    ...testimonials.map((p) => ({ where: '/ testimonials', ...p })),
    { where: '/ featured testimonial', ...featuredTestimonial },
    ...agencyTestimonials.map((p) => ({ where: '/agency testimonials', ...p })),
    ...pressContacts.map((p) => ({ where: '/press contacts', ...p })),
  ];

  it('every person shown is in the registry with the same role and company', () => {
    const byName = new Map(Object.values(people).map((p) => [p.name, p]));
    for (const s of shown) {
      const person = byName.get(s.name);
      expect(person, `${s.name} (${s.where}) is not in src/content/people`).toBeDefined();
      expect(s.role, `${s.name}'s role on ${s.where}`).toBe(person!.role);
      if ('company' in s && s.company !== undefined) expect(s.company, `${s.name}'s company on ${s.where}`).toBe(person!.company);
    }
  });

  it('no two people share a name or an id, and no content file but their own types a name', () => {
    const names = people.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(people.map((p) => p.id)).size).toBe(people.length);
    // Each person is their own file, people/<id>.yaml, whose id is its name: one file per person shown.
    const personFiles = fs.readdirSync(path.join(contentDir, 'people')).sort();
    expect(personFiles).toEqual(people.map((p) => `${p.id}.yaml`).sort());
    const files = fs.readdirSync(contentDir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ts|md|yaml)$/.test(f));
    expect(files.filter((f) => f.endsWith('.md')).length, 'the Markdown collections are read').toBeGreaterThan(20);
    for (const file of files) {
      const source = fs.readFileSync(path.join(contentDir, file), 'utf8');
      const own = people.find((p) => file.split(path.sep).join('/') === `people/${p.id}.yaml`);
      for (const name of names) {
        if (name === own?.name) continue;
        expect(source.includes(name), `${file} types '${name}' instead of naming the person's id (their file in src/content/people)`).toBe(false);
      }
    }
  });
});

describe('derived numbers', () => {
  it("an article's stated read time is its word count at 200 words a minute", () => {
    for (const a of articles) expect(a.readTime, a.slug).toBe(`${Math.max(1, Math.round(words(a) / 200))} min read`);
  });

  it('a count in a title or excerpt matches what the article lists', () => {
    const inWords = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
    const carousel = articles.find((a) => a.slug === 'instagram-carousel-tips')!;
    const formats = carousel.body.find((s) => s.heading === 'Formats to try')!.blocks.find((b) => typeof b !== 'string' && 'list' in b);
    expect(formats, 'the formats are a list').toBeDefined();
    const count = (formats as { list: string[] }).list.length;
    // The title counts every list item of the article: the formats must be its only list.
    expect(carousel.body.flatMap((s) => s.blocks).filter((b) => typeof b !== 'string' && 'list' in b)).toHaveLength(1);
    expect(carousel.title).toMatch(new RegExp(`^${count} `));
    expect(carousel.excerpt).toContain(` ${inWords[count]} formats`);
    const budget = articles.find((a) => a.slug === 'small-business-marketing-budget')!;
    expect(budget.excerpt.toLowerCase()).toMatch(new RegExp(`^${inWords[budget.body.length]} practical ways`));
  });

  it('the home plans cost what the /pricing plans cost, and the trial FAQ names the plan it gives', () => {
    const monthly = pricingPlans.filter((p) => p.monthlyPrice > 0).map((p) => p.monthlyPrice);
    expect(homePlans.filter((p) => p.price > 0).map((p) => p.price)).toEqual(monthly);
    const trial = pricingFaqs.find((f) => f.question === 'Is there a free trial?')!;
    expect(trial.answer).toContain('all Pro features');
    expect(trial.answer).toContain('stay on Free');
  });
});

describe('articles deliver what their titles promise, and agree with the other pages', () => {
  const text = (a: (typeof articles)[number]) => [a.title, a.excerpt, ...texts(a)].join('\n');

  it('every article is a practical piece: at least 600 words in sections, the featured guide at least 1,500', () => {
    expect(articles).toHaveLength(12);
    for (const a of articles) {
      expect(words(a), `${a.slug} has ${words(a)} words`).toBeGreaterThanOrEqual(a.featured ? 1500 : 600);
      expect(a.body.length, `${a.slug}: sections`).toBeGreaterThanOrEqual(4);
      expect(a.body.some((s) => s.blocks.some((b) => typeof b !== 'string')), `${a.slug}: a list, table or subheading`).toBe(true);
    }
    expect(articles.filter((a) => a.featured)).toHaveLength(1);
  });

  it('the complete strategy guide holds the templates and the twelve-month calendar it promises', () => {
    const guide = articles.find((a) => a.featured)!;
    expect(guide.excerpt).toMatch(/templates and a calendar you can copy/);
    const tables = guide.body.flatMap((s) => s.blocks).flatMap((b) => (typeof b !== 'string' && 'table' in b ? [b.table] : []));
    const calendar = tables.find((t) => /month/i.test(t.head[0]));
    expect(calendar, 'a table with a row per month').toBeDefined();
    const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
    expect(calendar!.rows.map((r) => r[0])).toEqual(months);
    expect(tables.length, 'the calendar and the templates').toBeGreaterThanOrEqual(3);
    for (const t of tables) for (const row of t.rows) expect(row, `a row of "${t.head.join(' | ')}"`).toHaveLength(t.head.length);
  });

  it('the article on posting times covers every one of the six platforms, in its own subsection', () => {
    const times = articles.find((a) => a.slug === 'best-times-to-post')!;
    expect(times.title).toMatch(/every platform/i);
    const subheadings = times.body.flatMap((s) => s.blocks).flatMap((b) => (typeof b !== 'string' && 'subheading' in b ? [b.subheading] : []));
    for (const p of platforms) expect(subheadings.some((h) => h.includes(p.name.replace(/ \(.*\)$/, ''))), p.name).toBe(true);
  });

  it('no statistic without a source: no percentages, "studies show" or counts of analysed posts', () => {
    for (const a of articles) {
      expect(text(a), a.slug).not.toMatch(/\d\s*%|per ?cent|stud(y|ies) (show|found)|research shows|according to|survey|we analy[sz]ed/i);
      expect(text(a), a.slug).not.toMatch(/\b\d+(\.\d+)?\s*(M|million|billion)\b/);
    }
  });

  it('prices, trial and guarantee are those of /pricing and /api, and the Free plan is as /pricing states it', () => {
    const prices = new Set([...pricingPlans.flatMap((p) => [p.monthlyPrice, p.yearlyPrice]), ...apiPlans.flatMap((p) => (p.price === null ? [] : [p.price]))]);
    const free = pricingPlans.find((p) => p.id === 'free')!;
    const freeLimits = free.features.filter((f) => f.included).map((f) => f.name);
    for (const a of articles) {
      for (const [, amount] of text(a).matchAll(/\$(\d[\d,]*)/g)) expect(prices.has(Number(amount.replace(/,/g, ''))), `${a.slug}: $${amount}`).toBe(true);
      for (const [, days] of text(a).matchAll(/(\d+)-day (free )?trial/g)) expect(Number(days), `${a.slug}: trial`).toBe(commercial.trialDays);
      for (const [, days] of text(a).matchAll(/(\d+)-day money-back/g)) expect(Number(days), `${a.slug}: guarantee`).toBe(commercial.moneyBackDays);
      // 'Free plan ... N posts ... N platforms' names the limits of the /pricing Free plan.
      for (const [sentence] of text(a).matchAll(/[^.]*\bFree plan\b[^.]*\./g)) {
        for (const [, n] of sentence.matchAll(/(\w+) posts (a|per) month/g)) expect(freeLimits, `${a.slug}: "${sentence}"`).toContain(`${toNumber(n)} posts per month`);
        for (const [, n] of sentence.matchAll(/(\w+) platforms/g)) expect(freeLimits, `${a.slug}: "${sentence}"`).toContain(`${toNumber(n)} platforms`);
      }
    }
  });

  it('articles publish to the six platforms of the site and name the team roles /security names', () => {
    const others = /\b(YouTube|Threads|Snapchat|Bluesky|Mastodon|Reddit|WhatsApp|Tumblr|Google Business)\b/;
    const roles = /\b(owner|admin|editor|viewer)s?\b/gi;
    const securityRoles = accessControlPoints.find((p) => p.startsWith('Role-based'))!;
    for (const a of articles) {
      expect(text(a), `${a.slug} names a network ${site.name} does not publish to`).not.toMatch(others);
      for (const [sentence] of text(a).matchAll(/[^.\n]*\bsix platforms\b[^.\n]*/gi)) expect(sentence, a.slug).not.toMatch(/\b(five|seven|\d+) platforms/);
      for (const [role] of text(a).matchAll(roles)) expect(securityRoles.toLowerCase(), `${a.slug}: the role "${role}"`).toContain(role.toLowerCase().replace(/s$/, ''));
      expect(text(a), `${a.slug} names a team role /security does not have`).not.toMatch(/\b(approver|contributor|publisher|moderator|member) role\b/i);
    }
  });
});

describe('the cookie policy states the cookies the code sets', () => {
  const policyText = [legalDocuments.cookies.sections, legalDocuments.privacy.sections].map((sections) =>
    sections.flatMap((section) => [section.heading, ...section.blocks.flatMap((b) => blockTexts(b))]).join('\n'),
  );
  const [cookiesText, privacyText] = policyText;
  const setCookie = referralSetCookie('jane-doe', true);

  it("lists exactly the code's cookies by their names: the referral cookie and the staff session", () => {
    expect(cookiesSet.map((c) => c.name).sort()).toEqual([referralCookieName, sessionCookie(true).name].sort());
    expect(setCookie.startsWith(`${referralCookieName}=jane-doe;`)).toBe(true);
  });

  it("gives the referral cookie's lifetime from the code's constant, the /affiliate page's figure", () => {
    const row = cookiesSet.find((c) => c.name === referralCookieName)!;
    expect(referralCookieDays).toBe(commercial.affiliateCookieDays);
    expect(row.duration).toBe(`${referralCookieDays} days`);
    expect(setCookie).toContain(`Max-Age=${referralCookieDays * 24 * 60 * 60};`);
    expect(affiliateStats.find((s) => s.label === 'Cookie Duration')!.value).toBe(`${referralCookieDays} days`);
    for (const text of [cookiesText, privacyText]) expect(text).toContain(`for ${referralCookieDays} days`);
    expect(row.setOn).toContain('?ref=');
  });

  it('says public pages set no other cookie, and no code but the referral and the staff sign-in sets one', () => {
    expect(cookiesText).toContain('set one cookie, and only when you arrive through an affiliate');
    expect(cookiesText).toContain('Arriving any other way, the public pages set no cookie at all');
    // Every place in the site's and the server's code that writes a cookie: a new one fails here, naming its file.
    const root = path.resolve(__dirname, '../..');
    const writers = ['src', 'server']
      .flatMap((dir) => fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f.split(path.sep).join('/')}`))
      .filter((f) => /\.(ts|tsx|astro)$/.test(f) && /cookies\.set\(|['"]set-cookie['"]\s*,/i.test(fs.readFileSync(path.join(root, f), 'utf8')));
    expect(writers.sort()).toEqual(['server/static-files.ts', 'src/lib/leads/referral.ts', 'src/lib/staff/actions/sign-in.ts']);
    expect(fs.readFileSync(path.join(root, 'server/static-files.ts'), 'utf8')).toMatch(/setHeader\('Set-Cookie', setCookie\)/);
  });

  it("names every lead form's page among the forms that set no cookie, the trial's included", () => {
    const forms = cookiesText.split('\n').find((line) => line.startsWith('Sending a form on this website'))!;
    for (const kind of Object.values(leadKinds)) expect(forms.toLowerCase(), kind.label).toContain(kind.shortLabel.toLowerCase());
    expect(forms).toContain('/signup');
  });
});

const numberWords = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
/** '5' or 'five' as 5. */
const toNumber = (n: string) => (/^\d+$/.test(n) ? Number(n) : numberWords.indexOf(n.toLowerCase()));
