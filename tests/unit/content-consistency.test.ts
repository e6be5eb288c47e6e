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
import { cookiesSet } from '@/content/legal';
import { affiliateStats } from '@/content/programmes';
import { referralCookieDays, referralCookieName, referralSetCookie } from '@/lib/leads/referral';
import { sessionCookie } from '@/lib/staff/auth';
import { loadContent } from '../support/content';
import { promisedReplies, render, sentences } from '../support/page-text';
import { aboutStats } from '@/content/about';
import { blockTexts } from '@/content/body-model';
import { contactChannels } from '@/content/contact';
import { retentionPeriods } from '@/content/gdpr';
import { heroStats } from '@/content/home';
import { policy } from '@/content/legal';
import { guarantees } from '@/content/pricing';
import { AffiliatePage } from '@/components/pages/affiliate-page';
import { AgencyPage } from '@/components/pages/agency-page';
import { ApiPage } from '@/components/pages/api-page';
import { ContactPage } from '@/components/pages/contact-page';
import { GdprPage } from '@/components/pages/gdpr-page';
import { HomePage } from '@/components/pages/home-page';
import { PartnersPage } from '@/components/pages/partners-page';
import { PressPage } from '@/components/pages/press-page';
import { PricingPage } from '@/components/pages/pricing-page';
import { DataRequestNoScriptForm } from '@/components/forms/data-request';
import { addDays } from '@/lib/dates';
import * as retentionConfig from '@/lib/config/retention';
import { routes } from '@/lib/config/routes';
import { leadKinds, type LeadKind } from '@/lib/leads/kinds';
import { presetSubject } from '@/lib/leads/signup';

// The collections as Astro loads them (its sync of src/content.config.ts), made into what the pages show.
const { articles, people, pressReleases, legalDocuments } = await loadContent();
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

// What the pages say, as React renders them (the islands aside), checked against one another and the code.
const pages = {
  contact: render(ContactPage, {}),
  partners: render(PartnersPage, {}),
  agency: render(AgencyPage, { agencyTestimonials }),
  affiliate: render(AffiliatePage, {}),
  press: render(PressPage, { pressReleases, pressContacts }),
  pricing: render(PricingPage, {}),
  api: render(ApiPage, {}),
  home: render(HomePage, { testimonials, featuredTestimonial }),
  gdpr: render(GdprPage, {}),
};
const legalText = (doc: keyof typeof legalDocuments) => legalDocuments[doc].sections.flatMap((s) => [s.heading, ...s.blocks.flatMap(blockTexts)]).join('\n');
const successReply = (kind: LeadKind) => promisedReplies(leadKinds[kind].outcome.success.message);
const about = (c: (typeof contactChannels)[number], topic: RegExp) => topic.test(`${c.title} ${c.description}`);

describe('who answers, at which address, and how soon: every page says the same', () => {
  // The programme pages: each has its own address and form.
  const programmes: { page: 'partners' | 'agency' | 'affiliate'; address: string; kind: LeadKind }[] = [
    { page: 'partners', address: site.contacts.partners, kind: 'partner' },
    { page: 'agency', address: site.contacts.agency, kind: 'agency' },
    { page: 'affiliate', address: site.contacts.affiliates, kind: 'affiliate' },
  ];

  it("each programme page promises one reply time, and its form's success message the same", () => {
    for (const p of programmes) {
      const promised = promisedReplies(pages[p.page].text);
      expect(promised, `/${p.page} promises`).toHaveLength(1);
      expect(successReply(p.kind), `the ${p.kind} form's success message`).toEqual(promised);
    }
  });

  it("/contact's channels promise what the channel's own page and form promise; /press states the press channel's time", () => {
    expect(contactChannels.map((c) => c.responseTime).sort(), "the spec's four response times").toEqual(['1 business day', '2 hours', '24 hours', '4 hours']);
    for (const c of contactChannels) {
      const own = programmes.find((p) => p.address === c.email);
      if (own) expect([c.responseTime], `${c.title} (${c.email}) against /${own.page}`).toEqual(promisedReplies(pages[own.page].text));
    }
    const press = contactChannels.find((c) => about(c, /\b(press|media)\b/i));
    expect(press?.email, 'the channel for press writes to the press address').toBe(site.contacts.press);
    expect(promisedReplies(pages.press.text), '/press promises the /contact press channel time').toEqual([press!.responseTime]);
    // The contact form is the general channel: its success message, /contact's description and the links to it promise its time.
    const general = contactChannels.find((c) => c.email === site.contacts.hello)!;
    expect(successReply('contact'), "the contact form's success message").toEqual([general.responseTime]);
    const contactRoute = routes.find((r) => r.path === '/contact')!;
    for (const [where, text] of [['/contact description', `${contactRoute.description}\n${contactRoute.intro}`], ['/pricing', pages.pricing.text]]) {
      for (const t of promisedReplies(text)) expect([general.responseTime], `${where} promises ${t}`).toContain(t);
    }
  });

  it('addresses are those of the site config: press at the press address, partnerships at the partners address', () => {
    const known: string[] = Object.values(site.contacts);
    for (const [name, p] of Object.entries(pages)) {
      for (const l of p.links.filter((l) => l.href.startsWith('mailto:'))) expect(known, `/${name}: ${l.href}`).toContain(l.href.slice(7).split('?')[0]);
    }
    for (const c of contactChannels) {
      if (about(c, /\b(press|media)\b/i)) expect(c.email, c.title).toBe(site.contacts.press);
      if (about(c, /\bpartner/i)) expect(c.email, c.title).toBe(site.contacts.partners);
    }
    expect(pages.press.links.find((l) => l.href.startsWith('mailto:'))?.href, "/press's address").toBe(`mailto:${site.contacts.press}`);
    for (const c of pressContacts) expect(c.email, `${c.name} (${c.role}) on /press`).toBe(/partner/i.test(c.role) ? site.contacts.partners : site.contacts.press);
  });
});

describe('a data request is answered within the days the pages promise, and the code counts the same days', () => {
  const { dataRequestReplyDays, replyDueBy } = retentionConfig as typeof retentionConfig & { dataRequestReplyDays?: number; replyDueBy?: (d: Date) => Date };

  it('one constant: /gdpr, its form, its success message and the privacy policy promise it', () => {
    // decisions.md: 30 days, the page's promise (within the law's one month).
    expect(dataRequestReplyDays).toBe(30);
    const promise = [`${dataRequestReplyDays} days`];
    const rights = legalDocuments.privacy.sections.find((s) => s.id === 'your-rights')!;
    for (const [where, text] of [
      ['/gdpr', pages.gdpr.text],
      ['the data-request form', render(DataRequestNoScriptForm, { type: 'export' }).text],
      ['its success message', leadKinds.dataRequest.outcome.success.message],
      ['the privacy policy', rights.blocks.flatMap(blockTexts).join('\n')],
    ] as const) {
      expect(promisedReplies(text), where).toEqual(promise);
    }
    expect(policy.dataRequestReplyDays).toBe(dataRequestReplyDays);
  });

  it('the deadline the staff see is that many days from receipt', () => {
    const received = new Date('2026-01-31T10:00:00Z');
    expect(replyDueBy?.(received).toISOString()).toBe(addDays(received, dataRequestReplyDays!).toISOString());
    expect(replyDueBy?.(received).toISOString()).toBe('2026-03-02T10:00:00.000Z');
  });
});

describe('retention: 30 days after cancellation is account data, design files go within minutes', () => {
  it('every sentence that keeps data 30 days after cancellation names account data, and none keeps design files', () => {
    const days = `${commercial.dataRetentionDaysAfterCancellation} days`;
    const texts = {
      '/pricing FAQ': pricingFaqs.map((f) => f.answer).join('\n'),
      '/pricing guarantees': guarantees.join('\n'),
      '/gdpr retention': retentionPeriods.map((r) => `${r.data}: ${r.period}.`).join('\n'),
      '/privacy': legalText('privacy'),
      '/terms': legalText('terms'),
    };
    for (const [where, text] of Object.entries(texts)) {
      for (const s of sentences(text)) {
        if (/cancel/i.test(s) && s.includes(days)) expect(s, where).toMatch(/\baccount data\b/i);
        if (/\bdesign(s|\b)/i.test(s) && /\b(keep|kept|delete[sd]?)\b/i.test(s)) {
          expect(s, `${where}: design files are not kept ${days}`).not.toContain(days);
          if (/\b\d+ (minutes?|hours?|days?)\b/.test(s)) expect(s, where).toContain(`${policy.designFileDeletionMinutes} minutes`);
        }
      }
    }
  });
});

describe('every "Contact Sales" and "Get API Key" lands on the contact form, its subject preset', () => {
  it('each button presets a subject that says what was asked for', () => {
    const buttons = Object.entries(pages).flatMap(([name, p]) => p.links.filter((l) => /^(Contact Sales|Get API Key)\b/.test(l.text)).map((l) => ({ page: name, ...l })));
    // /pricing: Business and the closing band; /api: the hero, three plans and the closing band.
    expect(buttons.length).toBe(7);
    for (const b of buttons) {
      const url = new URL(b.href, `https://${site.domain}`);
      const subject = presetSubject(url);
      expect(url.pathname, `${b.page}: ${b.text}`).toBe('/contact');
      expect(subject, `/${b.page}: "${b.label ?? b.text}" goes to ${b.href}`).toBeDefined();
      if (b.text.startsWith('Get API Key')) expect(subject).toMatch(/\bAPI\b/);
      // A plan's button ('Contact Sales: Enterprise API plan') names its plan, and so does the subject.
      const plan = /: (\w+)( API)? plan$/.exec(b.label ?? '');
      if (plan) expect(subject, b.label!).toBe(`${plan[2] ? 'API ' : ''}${plan[1]} plan`);
    }
  });
});

describe('figures and dates agree', () => {
  it("the posts figure is the site's one total, 2M+ posts created, wherever posts are counted", () => {
    const figure = heroStats.find((s) => /posts/i.test(s.label))!.value;
    expect(aboutStats.find((s) => /posts/i.test(s.label))?.value).toBe(figure);
    const millions = figure.replace(/M\+$/, '');
    const src = path.resolve(__dirname, '../../src');
    const files = ['content', 'components', 'lib/config', 'lib/leads', 'lib/notify'].flatMap((dir) =>
      fs.readdirSync(path.join(src, dir), { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ts|tsx|md|yaml)$/.test(f)).map((f) => path.join(dir, f)),
    );
    const count = /\b(\d+(?:[.,]\d+)?\s*(?:M\b\+?|million|thousand|billion)|millions|thousands|billions)\s+(?:of\s+)?(?:\w+\s+)?posts?\b((?:\s+\w+)?\s+(?:a|per|each|every)\s+(?:day|week|month|year))?/gi;
    for (const file of files) {
      for (const [match, n, rate] of fs.readFileSync(path.join(src, file), 'utf8').matchAll(count)) {
        expect(n, `${file}: "${match}"`).toMatch(new RegExp(`^${millions}\\s*(M|million)`, 'i'));
        expect(rate, `${file}: "${match}" is a total, not a rate`).toBeUndefined();
      }
    }
  });

  it('a testimonial that credits a feature with a result in N days or months: the feature had been out that long', () => {
    // Launches as the site dates them; the site speaks as of its newest dated page.
    const launched = (slugPart: string) => [...pressReleases.map((r) => ({ slug: r.slug, date: r.date })), ...articles].find((e) => e.slug.includes(slugPart))!.date;
    const features = [
      { names: /posting times/i, since: launched('ai-suggested-posting-times') },
      { names: /unified inbox/i, since: launched('unified-inbox-launch') },
      { names: /./, since: launched('agency-service'), agency: true },
    ];
    const newest = [...pressReleases.map((r) => r.date), ...articles.map((a) => a.date)].sort().at(-1)!;
    const quote = (agency: boolean) => (t: { name: string; content: string; results: string }) => ({ name: t.name, content: t.content, results: t.results, agency });
    const quotes = [...[...testimonials, featuredTestimonial].map(quote(false)), ...agencyTestimonials.map(quote(true))];
    for (const q of quotes) {
      const span = /\bin (\d+) (days|months)\b/.exec(q.results);
      if (!span) continue;
      for (const f of features.filter((f) => (f.agency ? q.agency : f.names.test(q.content)))) {
        const from = new Date(`${f.since}T12:00:00Z`);
        const until = span[2] === 'days' ? addDays(from, Number(span[1])) : new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + Number(span[1]), from.getUTCDate(), 12));
        expect(until.toISOString().slice(0, 10) <= newest, `${q.name}: "${q.results}" credits what launched on ${f.since} (the site's newest page: ${newest})`).toBe(true);
      }
    }
  });
});

describe('the three articles the review found short of their titles deliver them', () => {
  const article = (slug: string) => articles.find((a) => a.slug === slug)!;
  const textOf = (a: (typeof articles)[number]) => [a.title, a.excerpt, ...texts(a)].join('\n');

  it('the AI posting times launch says which plans have it: the /pricing plans with Advanced analytics, and the trial', () => {
    const a = article('ai-posting-times');
    const withIt = pricingPlans.filter((p) => p.features.some((f) => f.name === 'Advanced analytics' && f.included));
    const without = pricingPlans.filter((p) => !withIt.includes(p));
    expect(withIt.map((p) => p.name)).toEqual(['Pro', 'Business']);
    const plans = sentences(textOf(a)).filter((s) => /\bplans?\b/.test(s) && /posting times|suggest/i.test(s));
    for (const p of withIt) expect(plans.some((s) => s.includes(p.name)), `names ${p.name}: ${plans.join(' | ')}`).toBe(true);
    for (const p of without) for (const s of plans.filter((s) => s.includes(p.name))) expect(s, `${p.name} is named only as a plan without it`).toMatch(/\b(not|no|without)\b/);
    expect(textOf(a)).toContain(`${commercial.trialDays}-day free trial`);
  });

  it('no article repeats another article’s table', () => {
    const heads = articles.flatMap((a) => a.body.flatMap((s) => s.blocks).flatMap((b) => (typeof b !== 'string' && 'table' in b ? [{ slug: a.slug, head: b.table.head.join(' | ') }] : [])));
    for (const h of heads) {
      const others = heads.filter((o) => o.head === h.head && o.slug !== h.slug).map((o) => o.slug);
      expect(others, `${h.slug}: "${h.head}"`).toEqual([]);
    }
  });

  it('the short-video news names the trends it plans around, dated; the API changes article names dated changes and says what the product does when a post fails', () => {
    const dated = (a: (typeof articles)[number]) => sentences(textOf(a)).filter((s) => /\b20\d\d\b/.test(s) && /\b(Instagram|Facebook|LinkedIn|X|Pinterest|TikTok|Meta)\b/.test(s));
    expect(dated(article('short-video-trends')).length, 'short-video-trends: dated platform changes').toBeGreaterThanOrEqual(3);
    const api = article('platform-api-changes');
    expect(dated(api).length, 'platform-api-changes: dated platform changes').toBeGreaterThanOrEqual(3);
    const fails = api.body.find((s) => /post fails/i.test(s.heading));
    expect(fails?.heading, 'a section on a failed post').toMatch(new RegExp(`what ${site.name} does`, 'i'));
  });
});

describe('the privacy policy says what the code keeps', () => {
  const privacy = () => legalText('privacy');

  it("a lead's campaign tags are those of the form's page (lib/leads/attribution.ts), not of a link followed earlier", () => {
    expect(privacy()).not.toMatch(/tags of the link you followed to our site/);
    expect(privacy()).toContain('the campaign tags in the address of the page the form is on');
  });

  it('it names the consent records, the limits keyed by network address, and the posts without JavaScript held for review', () => {
    const text = privacy();
    // lib/leads/consent.ts: when, on which page, the words and their version.
    expect(text).toMatch(/consent[^.]*when[^.]*page[^.]*words[^.]*version/i);
    // lib/leads/rate-limit.ts, lib/limiter.ts: counted per address, an IPv6 address by its /64.
    expect(text).toMatch(/network address[^.]*\/64/);
    // docs/spam.md: held for a person to review, deleted after retention.spamDays unless released.
    expect(text).toMatch(new RegExp(`without JavaScript[^.]*hold[^.]*review[^]*?deleted ${retentionConfig.retention.spamDays} days after`));
  });
});
