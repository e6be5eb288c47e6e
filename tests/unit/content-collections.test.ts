import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { articleSchema, jobSchema, personSchema, pressReleaseSchema } from '@/content/schemas';
import { loadContent } from '../support/content';

// The content collections as an editor uses them: a new Markdown file is a new article everywhere the
// articles are listed, and a malformed file stops the build with the file and the field named. Each test
// works on a copy of src/content (CONTENT_ROOT, the base of the loaders of src/content.config.ts) that Astro
// itself syncs (tests/support/content.ts: the loaders and schemas that `astro build` runs), so the real
// files are never touched.

// Each test runs Astro's sync of the content (a few seconds; much more on a busy machine).
vi.setConfig({ testTimeout: 120_000 });

const source = path.resolve(__dirname, '../../src/content');
let root: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'content-'));
  fs.cpSync(source, root, { recursive: true, filter: (f) => !f.endsWith('.ts') });
  vi.resetModules();
});
afterEach(() => {
  vi.doUnmock('@/content/collections');
  fs.rmSync(root, { recursive: true, force: true });
});

const write = (file: string, text: string) => fs.writeFileSync(path.join(root, file), text);
const article = (front: string, body = '## First\n\nOne paragraph of text.\n') => `---\n${front}\n---\n\n${body}`;
const valid = "title: 'Ten Hooks for a Better First Slide'\nexcerpt: 'Open strong.'\nauthor: tom-becker\ndate: '2027-01-05'\ncategory: Tutorials";
const load = () => loadContent(root);

describe('a new article is one Markdown file', () => {
  it('appears in the list (newest first), with its computed read time, in the sitemap and in both feeds', async () => {
    const words = Array.from({ length: 420 }, (_, i) => `word${i}`).join(' ');
    write('articles/first-slide-hooks.md', article(valid, `## Why the first slide matters\n\n${words}\n\n## Try these\n\n- A question\n- A number\n`));
    const { articles } = await load();
    expect(articles[0].slug).toBe('first-slide-hooks');
    const a = articles.find((x) => x.slug === 'first-slide-hooks')!;
    expect(a).toMatchObject({ title: 'Ten Hooks for a Better First Slide', author: { name: 'Tom Becker', role: 'Developer Advocate' }, category: 'Tutorials', image: '/blog/first-slide-hooks/cover.svg' });
    expect(a.readTime).toBe('2 min read'); // 430 words at 200 a minute
    expect(a.body[1].blocks).toEqual([{ list: ['A question', 'A number'] }]);

    // The endpoints, given these articles where the site gets them from getCollection (src/content/collections.ts).
    vi.doMock('@/content/collections', () => ({ getArticles: async () => articles }));
    const sitemap = await (await (await import('@/pages/sitemap.xml')).GET()).text();
    expect(sitemap).toContain('/blog/first-slide-hooks</loc>');
    const rss = await (await (await import('@/pages/blog/rss.xml')).GET()).text();
    const atom = await (await (await import('@/pages/blog/atom.xml')).GET()).text();
    for (const feed of [rss, atom]) expect(feed).toContain('Ten Hooks for a Better First Slide');
  });

  it('a count in the title is the number of items it lists', async () => {
    write('articles/three-things.md', article("title: '{items} Things'\nexcerpt: '{Items:word} things in {sections} section.'\nauthor: tom-becker\ndate: '2027-01-05'\ncategory: Tutorials", '## List\n\n- a\n- b\n- c\n'));
    const { articles } = await load();
    expect(articles.find((a) => a.slug === 'three-things')).toMatchObject({ title: '3 Things', excerpt: 'Three things in 1 section.' });
  });
});

describe('an article body holds subheadings, numbered lists and tables, as typed or as the editor writes them', () => {
  it('a pipe table and the editor’s {% table %} tag read as the same table; a numbered list and a subheading as such', async () => {
    const pipe = '| Day | Post |\n|---|---|\n| Monday | A tip |\n| Friday | A story |\n';
    const tag = '{% table %}\n* Day\n* Post\n---\n* Monday\n* A tip\n---\n* Friday\n* A story\n{% /table %}\n';
    const body = (table: string) => `## Plan the week\n\nStart here.\n\n### The steps\n\n1. Pick a day\n2. Write the post\n\n${table}\n## Write it\n\nThen write it.\n`;
    write('articles/typed-table.md', article(valid, body(pipe)));
    write('articles/editor-table.md', article(valid.replace('Ten Hooks', 'Nine Hooks'), body(tag)));
    const { articles } = await load();
    const [typed, edited] = ['typed-table', 'editor-table'].map((slug) => articles.find((a) => a.slug === slug)!);
    const table = { table: { head: ['Day', 'Post'], rows: [['Monday', 'A tip'], ['Friday', 'A story']] } };
    expect(typed.body[0].blocks).toEqual(['Start here.', { subheading: 'The steps' }, { list: ['Pick a day', 'Write the post'], ordered: true }, table]);
    expect(edited.body).toEqual(typed.body);
  });
});

describe('the schemas of src/content.config.ts name the field of a bad value', () => {
  // The zod schemas Astro checks the front matter with, on their own (fast); the builds below show Astro's message.
  const issues = (schema: typeof articleSchema | typeof jobSchema | typeof pressReleaseSchema | typeof personSchema, data: unknown) => {
    const result = schema.safeParse(data);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  const good = { title: 'T', excerpt: 'E', author: 'tom-becker', date: '2027-01-05', category: 'Tutorials' };
  it('articles: a missing author, a category not on the list, a date that is not a date, an author that is not an id', () => {
    expect(issues(articleSchema, good)).toEqual([]);
    expect(issues(articleSchema, { ...good, author: undefined })).toEqual([expect.stringMatching(/^author: /)]);
    expect(issues(articleSchema, { ...good, category: 'Recipes' })).toEqual([expect.stringMatching(/^category: Invalid option/)]);
    expect(issues(articleSchema, { ...good, date: '5 January' })).toEqual(['date: a date as YYYY-MM-DD']);
    expect(issues(articleSchema, { ...good, author: 'Tom Becker' })).toEqual([expect.stringMatching(/^author: a person id: the name of a file of src\/content\/people /)]);
  });
  it('jobs, press releases and people', () => {
    const job = { title: 'Tester', department: 'Engineering', location: 'Remote (US)', type: 'Full-time', experience: '2+ years', posted: '2027-01-05', requirements: ['x'] };
    expect(issues(jobSchema, job)).toEqual([]);
    expect(issues(jobSchema, { ...job, requirements: [] })).toEqual([expect.stringMatching(/^requirements: /)]);
    expect(issues(jobSchema, { ...job, office: { city: 'A', region: 'B', country: 'USA' } })).toEqual(['office.country: a two-letter country code']);
    expect(issues(pressReleaseSchema, { title: '', date: '2027-01-05' })).toEqual(['title: must not be empty']);
    expect(issues(personSchema, { name: 'Tom B.' })).toEqual([expect.stringMatching(/^role: /)]);
    expect(issues(personSchema, { name: 'Tom B.', role: 'Advocate', company: '' })).toEqual(['company: must not be empty']);
  });
});

describe('a malformed entry stops the build (Astro’s sync) with the file and the field named', () => {
  const cases: [string, string, RegExp][] = [
    ['a missing author, a category not on the list, a date that is not a date', article(valid.replace('author: tom-becker\n', '').replace('Tutorials', 'Recipes').replace("'2027-01-05'", "'5 January'")), /bad\.md: [\s\S]*articles → bad[\s\S]*author[\s\S]*date\*\*: a date as YYYY-MM-DD[\s\S]*category\*\*: Invalid option/],
    ['an author who has no file in people/', article(valid.replace('tom-becker', 'jane-doe')), /bad\.md: author: no person "jane-doe" in src\/content\/people \(no file jane-doe\.yaml\)/],
    ['an unknown placeholder', article(valid.replace('Ten Hooks', '{count} Hooks')), /bad\.md: title: unknown placeholder \{count\}/],
    ['a link in the text', article(valid, '## First\n\nSee [our guide](https://example.com).\n'), /bad\.md: section "First": links, bold, code and HTML are not supported/],
    ['text before the first heading', article(valid, 'Intro.\n\n## First\n\nText.\n'), /bad\.md: body: the text must start with a "## " section heading/],
    ['no front matter', '## First\n\nText.\n', /bad\.md: [\s\S]*articles → bad[\s\S]*title/],
    ['a list inside a list', article(valid, '## First\n\n- One\n  - One and a half\n- Two\n'), /bad\.md: section "First": lists may not be nested \("One"\)/],
    ['a table column without a heading', article(valid, '## First\n\n| Day | |\n|---|---|\n| Monday | A tip |\n'), /bad\.md: section "First": every column of a table needs a heading/],
    ['a level-4 heading', article(valid, '## First\n\n#### Detail\n\nText.\n'), /bad\.md: section "First": only "## " and "### " headings, paragraphs, "- " and "1\. " lists and tables are supported \(found a level-4 heading\)/],
  ];
  for (const [what, text, message] of cases) {
    it(what, async () => {
      write('articles/bad.md', text);
      await expect(load()).rejects.toThrow(message);
    });
  }

  it('a job without requirements, and a press release with two paragraphs', async () => {
    write('jobs/bad-job.md', "---\ntitle: Tester\ndepartment: Engineering\nlocation: Remote (US)\ntype: Full-time\nexperience: 2+ years\nposted: '2027-01-05'\nrequirements: []\n---\n\nTests things.\n");
    await expect(load()).rejects.toThrow(/bad-job\.md: [\s\S]*requirements/);
    fs.rmSync(path.join(root, 'jobs/bad-job.md'));
    write('press-releases/2027-01-05-two.md', "---\ntitle: '{site} Says Two Things'\ndate: '2027-01-05'\n---\n\nOne.\n\nTwo.\n");
    await expect(load()).rejects.toThrow(/2027-01-05-two\.md: summary: the body must be one paragraph/);
  });

  it('a person whose file name is not an id, a person without a role, and a legal section without an anchor', async () => {
    // The file name is the id (Astro's own ids would be a slug of it: "Tom B.yaml" quietly "tom-b").
    write('people/Tom B.yaml', 'name: Tom B.\nrole: Advocate\n');
    await expect(load()).rejects.toThrow(/people\/Tom B\.yaml: the file name is the person's id \(like marcus-reid\): lowercase letters, digits and dashes only/);
    fs.rmSync(path.join(root, 'people/Tom B.yaml'));
    write('people/tom-b.yaml', 'name: Tom B.\n');
    await expect(load()).rejects.toThrow(/people → tom-b[\s\S]*role/);
    fs.rmSync(path.join(root, 'people/tom-b.yaml'));
    fs.appendFileSync(path.join(root, 'legal/terms.md'), '\n## Refunds\n\nAsk us.\n');
    await expect(load()).rejects.toThrow(/terms\.md: section "Refunds": give it an anchor, like "## Refunds \{#refunds\}"/);
  });
});
