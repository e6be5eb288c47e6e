import { describe, expect, it } from 'vitest';
import { blogCategories } from '@/content/blog';
import { blockTexts } from '@/content/body-model';
import { departments } from '@/content/careers';
import { contactChannels } from '@/content/contact';
import { gdprRights, retentionPeriods } from '@/content/gdpr';
import { leadRetention, retention } from '@/lib/config/retention';
import { leadKindNames, leadKinds } from '@/lib/leads/kinds';
import { kindsKeptFor, pluralOf } from '@/lib/retention/periods';
import { policy } from '@/content/legal';
import { affiliateStats, agencyTestimonialsOf, partnerBenefits, partnerLogos } from '@/content/programmes';
import { securityFeatures } from '@/content/security';
import { site } from '@/lib/config/site';
import { ALL, filterItems } from '@/lib/filters';
import { articleLd, jobPostingLd } from '@/lib/structured-data';
import { loadContent } from '../support/content';

// The collections as Astro loads them (its sync of src/content.config.ts), made into what the pages show.
const { articles, jobs, legalDocuments, people } = await loadContent();
const [privacySections, termsSections, cookieSections] = [legalDocuments.privacy.sections, legalDocuments.terms.sections, legalDocuments.cookies.sections];
const agencyTestimonials = agencyTestimonialsOf(people);

const allText = (sections: typeof privacySections) =>
  sections.flatMap((s) => [s.heading, ...s.blocks.flatMap(blockTexts)]).join('\n');

describe('careers content', () => {
  it('has at least 8 complete jobs covering every department of the filter', () => {
    expect(jobs.length).toBeGreaterThanOrEqual(8);
    expect(departments[0]).toBe('All');
    for (const d of departments.slice(1)) expect(jobs.some((j) => j.department === d), d).toBe(true);
    expect(new Set(jobs.map((j) => j.id)).size).toBe(jobs.length);
    for (const j of jobs) {
      for (const field of [j.title, j.location, j.type, j.experience, j.description]) expect(field.trim()).not.toBe('');
      expect(j.requirements.length).toBeGreaterThan(0);
      expect(Boolean(j.remoteIn?.length) || Boolean(j.office), j.id).toBe(true);
    }
  });

  it('searches title or description case-insensitively, ANDed with the department', () => {
    const fields = { text: (j: (typeof jobs)[number]) => [j.title, j.description], category: (j: (typeof jobs)[number]) => j.department };
    expect(filterItems(jobs, { q: 'PIPELINE', category: ALL }, fields).map((j) => j.id)).toEqual(['senior-full-stack-engineer']);
    expect(filterItems(jobs, { q: 'pipeline', category: 'Design' }, fields)).toEqual([]);
    expect(filterItems(jobs, { q: '', category: 'Engineering' }, fields)).toHaveLength(3);
  });

  it('builds a JobPosting per job with a validThrough after datePosted', () => {
    for (const j of jobs) {
      const ld = jobPostingLd(j);
      expect(ld['@type']).toBe('JobPosting');
      expect(ld.title).toBe(j.title);
      expect(ld.validThrough > ld.datePosted).toBe(true);
    }
  });
});

describe('blog content', () => {
  it('has at least 9 articles with every field, one featured, categories of the filter', () => {
    expect(articles.length).toBeGreaterThanOrEqual(9);
    expect(blogCategories[0]).toBe('All');
    expect(articles.filter((a) => a.featured)).toHaveLength(1);
    expect(articles.some((a) => a.trending)).toBe(true);
    expect(new Set(articles.map((a) => a.slug)).size).toBe(articles.length);
    for (const a of articles) {
      expect(blogCategories).toContain(a.category);
      expect(a.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(a.readTime).toMatch(/^\d+ min read$/);
      expect(a.image).toBe(`/blog/${a.slug}/cover.svg`);
      expect(a.body.length).toBeGreaterThan(0);
    }
    for (const c of blogCategories.slice(1)) expect(articles.some((a) => a.category === c), c).toBe(true);
  });

  it('builds a schema.org Article for a post', () => {
    const ld = articleLd(articles[0]);
    expect(ld).toMatchObject({ '@type': 'Article', headline: articles[0].title, datePublished: articles[0].date, author: { '@type': 'Person' } });
  });
});

describe('programme, contact and security copy keeps its fixed figures', () => {
  it('affiliate stats', () => {
    expect(affiliateStats.map((s) => [s.value, s.label])).toEqual([
      ['30%', 'Commission Rate'],
      ['90 days', 'Cookie Duration'],
      ['$2,500', 'Average Monthly Earnings'],
    ]);
  });
  it('partners: the design tool and six platforms, four benefits', () => {
    expect(partnerLogos).toHaveLength(7);
    expect(partnerLogos[0].name).toBe(site.designTool);
    expect(partnerBenefits.map((b) => b.title)).toEqual(['Co-marketing', 'Priority support', 'Revenue sharing', 'Early access']);
  });
  it('agency testimonials are three five-star ones', () => {
    expect(agencyTestimonials.map((t) => t.rating)).toEqual([5, 5, 5]);
  });
  it('contact response times', () => {
    expect(contactChannels.map((c) => c.responseTime)).toEqual(['24 hours', '4 hours', '2 hours', '1 business day']);
    for (const c of contactChannels) expect(Object.values(site.contacts)).toContain(c.email);
  });
  it('security feature statuses', () => {
    expect(securityFeatures.map((f) => [f.title, f.status])).toEqual([
      ['256-bit SSL', 'Active'],
      ['AES-256 storage', 'Active'],
      ['Two-factor authentication', 'Available'],
      ['Security audits', 'Quarterly'],
    ]);
  });
  it('GDPR buttons', () => {
    expect(gdprRights.map((r) => [r.type, r.button])).toEqual([
      ['export', 'Request Data Export'],
      ['rectify', 'Update Information'],
      ['erase', 'Delete Account'],
      ['portability', 'Export Data'],
    ]);
    expect(retentionPeriods.map((r) => r.period).join(' ')).toContain(`${policy.analyticsAnonymisedMonths} months`);
  });

  it('the retention table of /gdpr and the privacy policy state the periods the purge deletes by', () => {
    // A changed period in lib/config/retention.ts changes both pages: nothing here is typed twice.
    const table = retentionPeriods.map((r) => `${r.data}: ${r.period}`).join('\n');
    expect(table).toContain(`Deleted ${retention.leadMonths} months after they arrive`);
    expect(table).toContain(`Deleted ${retention.dataRequestMonths} months after they arrive`);
    expect(table).toContain(`Deleted ${retention.spamDays} days after they arrive`);
    expect(table).toContain(`deleted after ${retention.newsletterUnconfirmedDays} days`);
    expect(table).toContain(`Deleted ${retention.deliveryDays} days after sending`);
    expect(table).toContain(`Deleted ${retention.unmatchedMessageDays} days after they arrive (the emails of a request go with it)`);
    const privacy = allText(privacySections);
    expect(privacy).toContain(`deleted ${retention.leadMonths} months after they arrive; those marked as spam after ${retention.spamDays} days`);
    expect(privacy).toContain(`deleted ${retention.dataRequestMonths} months after they arrive`);
    expect(privacy).toContain(`${retention.newsletterUnsubscribedDays} days after you unsubscribe`);
    expect(privacy).toContain(`deleted ${retention.deliveryDays} days after sending`);
    expect(privacy).toContain(`cannot match to a request: deleted ${retention.unmatchedMessageDays} days after it arrives`);
  });

  it('both list every kind of lead of the registry (by its label) under the period its entry names', () => {
    const privacy = allText(privacySections.filter((s) => s.id === 'retention'));
    const table = retentionPeriods.map((r) => `${r.data}: ${r.period}`);
    for (const kind of leadKindNames) {
      const def = leadKinds[kind];
      const rowOf = (lines: string[]) => lines.find((l) => l.toLowerCase().includes(pluralOf(def)));
      expect(rowOf(table), `/gdpr: ${kind}`).toContain(leadRetention[def.retention].period);
      expect(rowOf(privacy.split('\n')), `privacy: ${kind}`).toBeDefined();
    }
    expect(privacy).toContain(`${kindsKeptFor('lead')} sent through our forms: deleted ${retention.leadMonths} months`);
    expect(privacy).toContain(`${kindsKeptFor('request')} and the record of how we checked`);
    expect(privacy).toContain(`${kindsKeptFor('subscription')}: deleted after ${retention.newsletterUnconfirmedDays} days`);
  });
});

describe('legal texts', () => {
  it('the privacy text states every claim', () => {
    const text = allText(privacySections);
    for (const claim of ['within 5 minutes', 'within 30 days of account closure', 'after 26 months', 'after 3 years', 'under 13', 'under 18', 'within 48 hours', 'within 72 hours', 'role-based access control', 'row-level security']) {
      expect(text, claim).toContain(claim);
    }
  });
  it('the privacy and cookie policies say what the cookieless page counts keep (lib/analytics/page-views.ts)', () => {
    const privacy = allText(privacySections);
    const cookies = allText(cookieSections);
    for (const text of [privacy, cookies]) {
      expect(text).toContain('the site that linked to it');
      expect(text).toContain('the campaign tags of the link (source, medium and campaign)');
      expect(text).toContain('we store no IP address and no identifier of you, so a count cannot be linked to you or to your other visits');
      expect(text).toContain('Visits by search engines and other bots are not counted.');
    }
    expect(privacy).toContain('Page counts of our public website: how many times each page is viewed per day');
    expect(privacy).toContain('The page counts described above need no cookie either');
    expect(cookies).toContain('We do count page views, without cookies');
    // The cookie policy's claims stay true: no cookie is added for counting.
    expect(cookies).toContain('None of the cookies we set are used for analytics or to show you advertising, and none follows you to other websites');
  });
  it('no placeholder is left and section ids are unique', () => {
    for (const sections of [privacySections, termsSections, cookieSections]) {
      expect(allText(sections)).not.toMatch(/\[|\]|\{|\}|TBD|TODO|undefined|NaN/);
      expect(new Set(sections.map((s) => s.id)).size).toBe(sections.length);
    }
    for (const doc of [legalDocuments.privacy, legalDocuments.terms]) {
      expect(doc.updated.iso).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Date(`${doc.updated.iso}T12:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })).toBe(doc.updated.label);
    }
    expect(legalDocuments.cookies.updated.label).toBe('December 2024');
  });
});
