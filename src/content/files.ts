// The content files as the site reads them: a folder per collection under the content root (src/content, or
// CONTENT_ROOT), one file per entry whose name is its id; a Markdown file's front matter (YAML between `---`
// lines) and its body read into the structures the pages render (`readBody`), a YAML file's data. The
// loaders of src/content.config.ts use these functions to give the files to Astro (which checks each entry's
// data against its schema); the tests use the same functions to read the same files (tests/support/content.ts).
// Nothing here imports Astro.
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { Lexer, type Token, type Tokens } from 'marked';
import type { Block, BodyData, Section } from './body-model';
import type { CollectionName } from './entries';
import { collectionSources, entryIdPattern } from './schemas';

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
export type BodyShape = 'sections' | 'anchored sections' | 'description' | 'summary';

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

export function readBody(markdown: string, shape: BodyShape, filePath: string): BodyData {
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

/** How each collection's files are read: their extension, the shape of a Markdown body, what a file name is. */
export const collectionFiles: Record<CollectionName, { folder: string; extension: 'md' | 'yaml'; shape?: BodyShape; whatTheNameIs: string }> = {
  articles: { folder: collectionSources.articles.folder, extension: 'md', shape: 'sections', whatTheNameIs: 'the address of the entry' },
  jobs: { folder: collectionSources.jobs.folder, extension: 'md', shape: 'description', whatTheNameIs: 'the address of the entry' },
  pressReleases: { folder: collectionSources.pressReleases.folder, extension: 'md', shape: 'summary', whatTheNameIs: 'the address of the entry' },
  legal: { folder: collectionSources.legal.folder, extension: 'md', shape: 'anchored sections', whatTheNameIs: 'the address of the entry' },
  // One YAML file per person, people/<id>.yaml: the file name is the id that articles and pages name them by.
  people: { folder: collectionSources.people.folder, extension: 'yaml', whatTheNameIs: "the person's id (like marcus-reid)" },
};

/** The folder of a collection's files under the content root. */
export const folderOf = (contentRoot: string, collection: CollectionName) => path.join(contentRoot, collectionFiles[collection].folder);

/** Whether `file` (an absolute path) is one of the collection's files: in its folder, with its extension. */
export function isEntryFile(contentRoot: string, collection: CollectionName, file: string): boolean {
  return path.dirname(file) === folderOf(contentRoot, collection) && file.endsWith(`.${collectionFiles[collection].extension}`);
}

/**
 * The id of an entry's file: its name without the extension, lower-case words joined by "-" (`entryIdPattern`),
 * or the file stops the load. (Astro's glob loader would make a slug of any name: "New Hire.yaml" would
 * quietly become "new-hire".)
 */
export function entryIdOf(collection: CollectionName, file: string): string {
  const { extension, whatTheNameIs } = collectionFiles[collection];
  const id = path.basename(file).slice(0, -`.${extension}`.length);
  if (!entryIdPattern.test(id)) throw problem(file, `the file name is ${whatTheNameIs}: lowercase letters, digits and dashes only`);
  return id;
}

/** The collection's files (absolute paths, sorted by name). */
export function entryFiles(contentRoot: string, collection: CollectionName): string[] {
  const folder = folderOf(contentRoot, collection);
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith(`.${collectionFiles[collection].extension}`))
    .map((d) => path.join(folder, d.name))
    .sort();
}

/** Front matter: YAML between a first line `---` and the next `---` line. */
const frontMatter = /^\uFEFF?---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

function yamlOf(text: string, file: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = yaml.load(text);
  } catch (error) {
    throw problem(file, `the YAML could not be read: ${(error as Error).message}`);
  }
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw problem(file, 'the YAML must be a set of "key: value" lines');
  return value as Record<string, unknown>;
}

/**
 * One entry's file read: its data (the front matter of a Markdown file, a YAML file's content; checked against
 * the collection's schema by the caller), a Markdown file's body as written and read into the shape the pages
 * render. A body without that shape throws, naming the file.
 */
export function readEntry(collection: CollectionName, file: string, text: string): { data: Record<string, unknown>; markdown?: string; body: BodyData } {
  const { extension, shape } = collectionFiles[collection];
  if (extension === 'yaml') return { data: yamlOf(text, file), body: {} };
  const match = frontMatter.exec(text);
  const markdown = match ? text.slice(match[0].length) : text;
  return { data: match ? yamlOf(match[1] ?? '', file) : {}, markdown, body: readBody(markdown, shape!, file) };
}
