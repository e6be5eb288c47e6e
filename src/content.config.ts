// The content collections (Markdown and YAML under src/content, or under CONTENT_ROOT when a test points the
// site at a copy), declared to Astro with one schema each (src/content/schemas.ts). Astro's loaders read the
// files and check every entry against its schema; a bad entry stops `astro build`, `astro dev` and
// `astro sync` with the file and the field named. This is the only place that reads the files: the pages get
// the entries with getCollection and render (src/content/blog.ts, careers.ts, press.ts, legal.ts, people.ts).
import path from 'node:path';
import { defineCollection } from 'astro:content';
import { glob, type DataStore, type Loader } from 'astro/loaders';
import { Lexer, type Token, type Tokens } from 'marked';
import type { Block, BodyData, Section } from './content/body-model';
import { articleSchema, collectionSources, jobSchema, legalDocumentSchema, entryIdPattern, personSchema, pressReleaseSchema } from './content/schemas';

const contentRoot = path.resolve(process.env.CONTENT_ROOT ?? 'src/content');

/** A content file that does not have the shape the pages render; the message names the file. */
const problem = (filePath: string, message: string) => new Error(`${path.relative(process.cwd(), path.resolve(filePath)) || filePath}: ${message}`);

/** `Heading text {#anchor}` -> the text and the anchor. */
const headingAnchor = /^(.*?)\s*\{#([a-z0-9]+(?:-[a-z0-9]+)*)\}$/;
/** Inline Markdown the bodies may not use: they are rendered as text, so it would show as typed. */
const inlineMarkup = /(\*\*|__|`|\[[^\]]*\]\(|<\/?[a-z])/i;

/**
 * What a body may hold, read into the structures the pages render: `sections` (`## ` headings, each followed
 * by paragraphs, `- ` and `1. ` lists, `### ` subheadings and pipe tables; `anchored sections`: every `## `
 * heading ends in `{#anchor}`), or one paragraph of text (a job's `description`, a press release's
 * `summary`). Nothing else: no links, bold, code or HTML, which a page would print as typed.
 */
type BodyShape = 'sections' | 'anchored sections' | 'description' | 'summary';

/**
 * Keystatic's editor writes a table as a Markdoc tag (`{% table %}`, the cells as `* ` items, rows split by
 * `---`, `{% /table %}`); a file written by hand has a pipe table. Both read the same: the tag becomes a pipe table.
 */
function markdocTablesAsPipes(markdown: string): string {
  return markdown.replace(/^\{% table %\}[ \t]*\n([\s\S]*?)^\{% \/table %\}[ \t]*$/gm, (_whole, inner: string) => {
    const rows = inner
      .split(/^[ \t]*---[ \t]*$/m)
      .map((row) => row.split('\n').flatMap((line) => /^\s*[*-]\s+(.*)$/.exec(line)?.[1].trim().replace(/\|/g, '\\|') ?? []))
      .filter((cells) => cells.length > 0);
    if (rows.length === 0) return '';
    const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
    return [line(rows[0]), line(rows[0].map(() => '---')), ...rows.slice(1).map(line)].join('\n');
  });
}

function readBody(markdown: string, shape: BodyShape, filePath: string): BodyData {
  const text = (raw: string, where: string) => {
    const value = raw.replace(/\s*\n\s*/g, ' ').trim();
    if (inlineMarkup.test(value)) throw problem(filePath, `${where}: links, bold, code and HTML are not supported in the text ("${value.slice(0, 60)}")`);
    return value;
  };
  const block = (token: Token, where: string): Block | null => {
    if (token.type === 'space') return null;
    if (token.type === 'paragraph') return text((token as Tokens.Paragraph).text, where);
    if (token.type === 'list') {
      const list = token as Tokens.List;
      const nested = list.items.find((i) => i.tokens.some((t) => t.type === 'list'));
      if (nested) throw problem(filePath, `${where}: lists may not be nested ("${nested.text.split('\n')[0].slice(0, 60)}")`);
      const items = list.items.map((i) => text(i.text, where));
      return list.ordered ? { list: items, ordered: true } : { list: items };
    }
    if (token.type === 'heading' && (token as Tokens.Heading).depth === 3) return { subheading: text((token as Tokens.Heading).text, where) };
    if (token.type === 'table') {
      const table = token as Tokens.Table;
      const head = table.header.map((c) => text(c.text, where));
      if (head.some((c) => c === '')) throw problem(filePath, `${where}: every column of a table needs a heading`);
      return { table: { head, rows: table.rows.map((r) => r.map((c) => text(c.text, where))) } };
    }
    const found = token.type === 'heading' ? `a level-${(token as Tokens.Heading).depth} heading` : `a ${token.type}`;
    throw problem(filePath, `${where}: only "## " and "### " headings, paragraphs, "- " and "1. " lists and tables are supported (found ${found})`);
  };
  const tokens = new Lexer().lex(markdocTablesAsPipes(markdown.trim()));

  if (shape === 'description' || shape === 'summary') {
    const blocks = tokens.flatMap((t) => block(t, shape) ?? []);
    if (blocks.length !== 1 || typeof blocks[0] !== 'string') throw problem(filePath, `${shape}: the body must be one paragraph`);
    return { text: blocks[0] };
  }

  const sections: Section[] = [];
  for (const token of tokens) {
    if (token.type === 'heading' && (token as Tokens.Heading).depth === 2) {
      const raw = (token as Tokens.Heading).text;
      const anchored = headingAnchor.exec(raw);
      const heading = text(anchored ? anchored[1] : raw, 'heading');
      if (shape === 'anchored sections' && !anchored) {
        const suggested = heading.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
        throw problem(filePath, `section "${heading}": give it an anchor, like "## ${heading} {#${suggested}}"`);
      }
      sections.push(anchored ? { heading, blocks: [], id: anchored[2] } : { heading, blocks: [] });
      continue;
    }
    const current = sections.at(-1);
    const b = block(token, current ? `section "${current.heading}"` : 'body');
    if (b === null) continue;
    if (!current) throw problem(filePath, 'body: the text must start with a "## " section heading');
    current.blocks.push(b);
  }
  if (sections.length === 0) throw problem(filePath, 'body: no "## " section');
  for (const s of sections) if (s.blocks.length === 0) throw problem(filePath, `section "${s.heading}" has no text`);
  return { sections };
}

type StoredEntry = Parameters<DataStore['set']>[0];

/** The loader's store, with `set` going through `set` here first (to add to an entry, or to refuse one). */
function intercepted(store: DataStore, set: (entry: StoredEntry, next: (entry: StoredEntry) => boolean) => boolean): DataStore {
  return new Proxy(store, {
    get(target, key) {
      if (key === 'set') return (entry: StoredEntry) => set(entry, (e) => target.set(e));
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Adds what `readBody` computes to each entry, where `render(entry)` returns it (`remarkPluginFrontmatter`). */
const withBody = (store: DataStore, shape: BodyShape) =>
  intercepted(store, (entry, next) => {
    const metadata = entry.rendered?.metadata ?? {};
    const data = readBody(entry.body ?? '', shape, entry.filePath ?? entry.id);
    return next({ ...entry, rendered: { html: entry.rendered?.html ?? '', metadata: { ...metadata, frontmatter: { ...metadata.frontmatter, ...data } } } });
  });

/**
 * Astro's glob loader for the files of a folder with this extension, each file one entry whose id is its
 * name: lower-case words joined by "-" (`entryIdPattern`), or the file stops the load. (Astro's own ids
 * would be a slug of any name: "Tom Becker.yaml" would quietly become "tom-becker".)
 */
const folderOf = (folder: string, extension: 'md' | 'yaml', whatTheNameIs: string) =>
  glob({
    pattern: `*.${extension}`,
    base: path.join(contentRoot, folder),
    generateId: ({ entry }) => {
      const id = entry.slice(0, -`.${extension}`.length);
      if (!entryIdPattern.test(id)) throw problem(path.join(contentRoot, folder, entry), `the file name is ${whatTheNameIs}: lowercase letters, digits and dashes only`);
      return id;
    },
  });

/**
 * A folder of Markdown files (the file name is the entry's id; it must be a valid address), with each body
 * read into the shape the pages render.
 */
function markdownFolder(folder: string, shape: BodyShape): Loader {
  const inner = folderOf(folder, 'md', 'the address of the entry');
  return { name: `markdown-${folder}`, load: (context) => inner.load({ ...context, store: withBody(context.store, shape) }) };
}

const { articles, jobs, pressReleases, legal, people } = collectionSources;
export const collections = {
  articles: defineCollection({ loader: markdownFolder(articles.folder, 'sections'), schema: articleSchema }),
  jobs: defineCollection({ loader: markdownFolder(jobs.folder, 'description'), schema: jobSchema }),
  pressReleases: defineCollection({ loader: markdownFolder(pressReleases.folder, 'summary'), schema: pressReleaseSchema }),
  legal: defineCollection({ loader: markdownFolder(legal.folder, 'anchored sections'), schema: legalDocumentSchema }),
  // One YAML file per person, people/<id>.yaml: the file name is the id that articles and pages name them by.
  people: defineCollection({ loader: folderOf(people.folder, 'yaml', "the person's id (like marcus-reid)"), schema: personSchema }),
};
