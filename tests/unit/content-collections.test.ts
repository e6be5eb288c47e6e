import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The content collections as an editor uses them: a new Markdown file is a new article everywhere the
// articles are listed, and a malformed file stops the build with the file and the field named. Each test
// reads a copy of src/content (CONTENT_ROOT) so the real files are never touched.

const source = path.resolve(__dirname, '../../src/content');
let root: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'content-'));
  fs.cpSync(source, root, { recursive: true, filter: (f) => !f.endsWith('.ts') });
  vi.stubEnv('CONTENT_ROOT', root);
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllEnvs();
  fs.rmSync(root, { recursive: true, force: true });
});

const write = (file: string, text: string) => fs.writeFileSync(path.join(root, file), text);
const article = (front: string, body = '## First\n\nOne paragraph of text.\n') => `---\n${front}\n---\n\n${body}`;
const valid = "title: 'Ten Hooks for a Better First Slide'\nexcerpt: 'Open strong.'\nauthor: tom-becker\ndate: '2027-01-05'\ncategory: Tutorials";

async function loadBlog() {
  return import('@/content/blog');
}

describe('a new article is one Markdown file', () => {
  it('appears in the list (newest first), with its computed read time, in the sitemap and in both feeds', async () => {
    const words = Array.from({ length: 420 }, (_, i) => `word${i}`).join(' ');
    write('articles/first-slide-hooks.md', article(valid, `## Why the first slide matters\n\n${words}\n\n## Try these\n\n- A question\n- A number\n`));
    const { articles, getArticle } = await loadBlog();
    expect(articles[0].slug).toBe('first-slide-hooks');
    const a = getArticle('first-slide-hooks')!;
    expect(a).toMatchObject({ title: 'Ten Hooks for a Better First Slide', author: { name: 'Tom Becker', role: 'Developer Advocate' }, category: 'Tutorials', image: '/blog/first-slide-hooks/cover.svg' });
    expect(a.readTime).toBe('2 min read'); // 430 words at 200 a minute
    expect(a.body[1].blocks).toEqual([{ list: ['A question', 'A number'] }]);

    const sitemap = await (await (await import('@/pages/sitemap.xml')).GET()).text();
    expect(sitemap).toContain('/blog/first-slide-hooks</loc>');
    const rss = await (await (await import('@/pages/blog/rss.xml')).GET()).text();
    const atom = await (await (await import('@/pages/blog/atom.xml')).GET()).text();
    for (const feed of [rss, atom]) expect(feed).toContain('Ten Hooks for a Better First Slide');
  });

  it('a count in the title is the number of items it lists', async () => {
    write('articles/three-things.md', article("title: '{items} Things'\nexcerpt: '{Items:word} things in {sections} section.'\nauthor: tom-becker\ndate: '2027-01-05'\ncategory: Tutorials", '## List\n\n- a\n- b\n- c\n'));
    const { getArticle } = await loadBlog();
    expect(getArticle('three-things')).toMatchObject({ title: '3 Things', excerpt: 'Three things in 1 section.' });
  });
});

describe('a malformed entry names the file and the field', () => {
  const cases: [string, string, RegExp][] = [
    ['a missing author', article(valid.replace('author: tom-becker\n', '')), /bad\.md: author: /],
    ['an author who is not in people.yaml', article(valid.replace('tom-becker', 'jane-doe')), /bad\.md: author: no person "jane-doe"/],
    ['a category not on the list', article(valid.replace('Tutorials', 'Recipes')), /bad\.md: category: /],
    ['a date that is not a date', article(valid.replace("'2027-01-05'", "'5 January'")), /bad\.md: date: a date as YYYY-MM-DD/],
    ['an unknown placeholder', article(valid.replace('Ten Hooks', '{count} Hooks')), /bad\.md: title: unknown placeholder \{count\}/],
    ['a link in the text', article(valid, '## First\n\nSee [our guide](https://example.com).\n'), /bad\.md: section "First": links, bold, code and HTML are not supported/],
    ['text before the first heading', article(valid, 'Intro.\n\n## First\n\nText.\n'), /bad\.md: body: the text must start with a "## " section heading/],
    ['no front matter', '## First\n\nText.\n', /bad\.md: the file must start with front matter/],
  ];
  for (const [what, text, message] of cases) {
    it(what, async () => {
      write('articles/bad.md', text);
      await expect(loadBlog()).rejects.toThrow(message);
    });
  }

  it('a job without requirements, and a press release with two paragraphs', async () => {
    write('jobs/bad-job.md', '---\ntitle: Tester\ndepartment: Engineering\nlocation: Remote (US)\ntype: Full-time\nexperience: 2+ years\nposted: \'2027-01-05\'\nrequirements: []\n---\n\nTests things.\n');
    await expect(import('@/content/careers')).rejects.toThrow(/bad-job\.md: requirements: /);
    fs.rmSync(path.join(root, 'jobs/bad-job.md'));
    vi.resetModules();
    write('press-releases/2027-01-05-two.md', "---\ntitle: '{site} Says Two Things'\ndate: '2027-01-05'\n---\n\nOne.\n\nTwo.\n");
    await expect(import('@/content/press')).rejects.toThrow(/2027-01-05-two\.md: summary: the body must be one paragraph/);
  });

  it('a person listed twice, and a legal section without an anchor', async () => {
    fs.appendFileSync(path.join(root, 'people.yaml'), '  - id: tom-becker\n    name: Tom B.\n    role: Advocate\n');
    await expect(import('@/content/people')).rejects.toThrow(/people\.yaml: people\.\d+\.id: "tom-becker" is used twice/);
    fs.cpSync(path.join(source, 'people.yaml'), path.join(root, 'people.yaml'));
    vi.resetModules();
    fs.appendFileSync(path.join(root, 'legal/terms.md'), '\n## Refunds\n\nAsk us.\n');
    await expect(import('@/content/legal')).rejects.toThrow(/terms\.md: section "Refunds": give it an anchor, like "## Refunds \{#refunds\}"/);
  });
});
