import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { team } from '@/content/about';
import { articles } from '@/content/blog';
import { featuredTestimonial, homePlans, testimonials } from '@/content/home';
import { people } from '@/content/people';
import { pressContacts } from '@/content/press';
import { pricingFaqs, pricingPlans } from '@/content/pricing';
import { agencyTestimonials } from '@/content/programmes';

const contentDir = path.resolve(__dirname, '../../src/content');

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
      expect(person, `${s.name} (${s.where}) is not in content/people.ts`).toBeDefined();
      expect(s.role, `${s.name}'s role on ${s.where}`).toBe(person!.role);
      if ('company' in s && s.company !== undefined) expect(s.company, `${s.name}'s company on ${s.where}`).toBe(person!.company);
    }
  });

  it('no two registry entries share a name, and no content module but people.ts types a name', () => {
    const names = Object.values(people).map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const file of fs.readdirSync(contentDir).filter((f) => f.endsWith('.ts') && f !== 'people.ts')) {
      const source = fs.readFileSync(path.join(contentDir, file), 'utf8');
      for (const name of names) expect(source.includes(name), `${file} types '${name}' instead of referencing content/people.ts`).toBe(false);
    }
  });
});

describe('derived numbers', () => {
  // Counted here on its own (not with the function the content uses): words of the headings and paragraphs.
  const words = (a: (typeof articles)[number]) => a.body.flatMap((s) => [s.heading, ...s.paragraphs]).join(' ').match(/\S+/g)?.length ?? 0;

  it("an article's stated read time is its word count at 200 words a minute", () => {
    for (const a of articles) expect(a.readTime, a.slug).toBe(`${Math.max(1, Math.round(words(a) / 200))} min read`);
  });

  it('a count in a title or excerpt matches what the article lists', () => {
    const carousel = articles.find((a) => a.slug === 'instagram-carousel-tips')!;
    // 'a, b, c and d all work well': the last ' and ' separates the last two formats ('before and after' is one).
    const listed = carousel.body.find((s) => s.heading === 'Formats to try')!.paragraphs[0].split(' all work well')[0].split(', ');
    const formats = [...listed.slice(0, -1), ...listed[listed.length - 1].split(/ and (?!.* and )/)];
    expect(carousel.title).toMatch(new RegExp(`^${formats.length} `));
    const budget = articles.find((a) => a.slug === 'small-business-marketing-budget')!;
    expect(budget.excerpt.toLowerCase()).toMatch(new RegExp(`^${['zero', 'one', 'two', 'three', 'four', 'five'][budget.body.length]} practical ways`));
  });

  it('the home plans cost what the /pricing plans cost, and the trial FAQ names the plan it gives', () => {
    const monthly = pricingPlans.filter((p) => p.monthlyPrice > 0).map((p) => p.monthlyPrice);
    expect(homePlans.filter((p) => p.price > 0).map((p) => p.price)).toEqual(monthly);
    const trial = pricingFaqs.find((f) => f.question === 'Is there a free trial?')!;
    expect(trial.answer).toContain('all Pro features');
    expect(trial.answer).toContain('stay on Free');
  });
});
