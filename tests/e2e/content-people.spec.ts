import { expect, test } from '@playwright/test';
import { loadContent } from '../support/content';

// The collections as Astro loads them (tests/support/content.ts), made into what the pages show.
const { people } = await loadContent();

// One person, one name, role and company, as a visitor reads the site: every page of the sitemap is
// fetched, and wherever a person's name appears, the words right after it must not be another person's role
// or a company they do not work for. (tests/unit/content-consistency.test.ts checks the content modules;
// this checks what the pages actually print, bylines and testimonials included.)

/** Words that make a phrase a job title. */
const jobTitle = /^(?:[A-Z][\w&-]*\s+){0,4}?(?:Head|Director|Manager|Founder|Co-founder|Owner|Lead|CEO|CTO|COO|CFO|Strategist|Designer|Advocate|Engineer|Officer|Specialist|Executive|President|VP|Editor|Writer|Partner|Consultant|Coordinator|Analyst)\b/;

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;|&#160;/g, ' ');

/** The visible text of a page: no scripts, styles or tags; whitespace collapsed. */
const pageText = (html: string) =>
  decode(
    html
      .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<[^>]+>/g, ' '),
  ).replace(/\s+/g, ' ');

test('every name on every page comes with its own role and company', async ({ request }) => {
  test.setTimeout(120_000);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  expect(paths.length).toBeGreaterThan(25);

  const companies = [...new Set(people.map((p) => p.company))];
  const names = people.map((p) => p.name);
  const seen = new Map<string, number>();
  const problems: string[] = [];

  for (const path of paths) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const text = pageText(await res.text());
    for (const person of people) {
      for (let at = text.indexOf(person.name); at !== -1; at = text.indexOf(person.name, at + 1)) {
        seen.set(person.name, (seen.get(person.name) ?? 0) + 1);
        // What follows the name, up to the next person's name (or 90 characters).
        let after = text.slice(at + person.name.length, at + person.name.length + 90);
        for (const other of names) if (other !== person.name && after.includes(other)) after = after.slice(0, after.indexOf(other));
        const lead = after.replace(/^[\s,·|:–—-]+/, '');
        // A job title right after the name ('Marcus Reid, Product Manager') must be theirs.
        const title = jobTitle.exec(lead.split(/,| at |·|\||"|“|\d/)[0].trim());
        if (title && !lead.startsWith(person.role)) problems.push(`${path}: "${person.name}" is followed by the title "${title.input}" (theirs: "${person.role}")`);
        const otherCompany = companies.find((c) => c !== person.company && after.includes(c) && !after.includes(person.company));
        if (otherCompany && lead.startsWith(person.role)) problems.push(`${path}: "${person.name}, ${person.role}" is followed by "${otherCompany}" (theirs: "${person.company}")`);
      }
    }
  }
  expect(problems).toEqual([]);
  // The check saw the people it is about: the bylines, the team, the testimonials and the press contacts.
  for (const name of ['Marcus Reid', 'Priya Shah', 'Daniel Okafor', 'Jordan Ellis', 'Hannah Brooks']) expect(seen.get(name) ?? 0, name).toBeGreaterThan(0);
});
