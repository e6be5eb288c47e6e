import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { teamOf } from '@/content/about';
import { featuredTestimonialOf, homePlans, testimonialsOf } from '@/content/home';
import { pressContactsOf } from '@/content/press';
import { pricingFaqs, pricingPlans } from '@/content/pricing';
import { agencyTestimonialsOf } from '@/content/programmes';
import { loadContent } from '../support/content';

// The collections as Astro loads them (its sync of src/content.config.ts), made into what the pages show.
const { articles, people } = await loadContent();
const [team, testimonials, featuredTestimonial, agencyTestimonials, pressContacts] = [teamOf(people), testimonialsOf(people), featuredTestimonialOf(people), agencyTestimonialsOf(people), pressContactsOf(people)];

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
  // Counted here on its own (not with the function the content uses): words of the headings, paragraphs and list items.
  const texts = (a: (typeof articles)[number]) => a.body.flatMap((s) => [s.heading, ...s.blocks.flatMap((b) => (typeof b === 'string' ? [b] : b.list))]);
  const words = (a: (typeof articles)[number]) => texts(a).join(' ').match(/\S+/g)?.length ?? 0;

  it("an article's stated read time is its word count at 200 words a minute", () => {
    for (const a of articles) expect(a.readTime, a.slug).toBe(`${Math.max(1, Math.round(words(a) / 200))} min read`);
  });

  it('a count in a title or excerpt matches what the article lists', () => {
    const carousel = articles.find((a) => a.slug === 'instagram-carousel-tips')!;
    const formats = carousel.body.find((s) => s.heading === 'Formats to try')!.blocks.find((b) => typeof b !== 'string');
    expect(formats, 'the formats are a list').toBeDefined();
    const count = (formats as { list: string[] }).list.length;
    expect(carousel.title).toMatch(new RegExp(`^${count} `));
    expect(carousel.excerpt).toContain(` ${['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven'][count]} formats`);
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
