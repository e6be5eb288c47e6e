// Server-only: reads the Markdown and YAML files of src/content (the content collections that
// src/content.config.ts declares to Astro and keystatic.config.ts to the editor) for the modules of
// src/content/*.ts, which the pages, the feeds, the server and the tests import. Astro checks the same
// files against the same schemas (src/content/schemas.ts) when it builds; this reader checks them again,
// so a malformed entry also fails a test or a server start with the file and the field named.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import type { z } from 'zod';

/** The folder of the collections. The build, the server and the tests run from the project root. */
export const contentRoot = path.resolve(process.env.CONTENT_ROOT ?? path.join(process.cwd(), 'src', 'content'));

/** A file of a collection, as a path the editor of the file recognises ('src/content/blog/x.md'). */
export const shownPath = (file: string) => path.relative(process.cwd(), file) || file;

/** A content file that does not match its schema or its format. The message names the file and the field. */
export class ContentError extends Error {
  constructor(file: string, problem: string) {
    super(`${shownPath(file)}: ${problem}`);
    this.name = 'ContentError';
  }
}

/** Checks data against a schema; the first problems are reported with their field paths. */
export function checked<S extends z.ZodType>(schema: S, data: unknown, file: string): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const problems = result.error.issues.slice(0, 5).map((i) => `${i.path.length ? i.path.join('.') : '(front matter)'}: ${i.message}`);
  throw new ContentError(file, problems.join('; '));
}

export type MarkdownEntry = { id: string; file: string; data: unknown; body: string };

const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/** Splits a Markdown file into its YAML front matter and its body. */
export function splitMarkdown(text: string, file: string): { data: unknown; body: string } {
  const match = frontMatter.exec(text.replace(/^\uFEFF/, ''));
  if (!match) throw new ContentError(file, 'the file must start with front matter between two "---" lines');
  try {
    return { data: yaml.load(match[1], { schema: yaml.JSON_SCHEMA }) ?? {}, body: match[2].trim() };
  } catch (error) {
    throw new ContentError(file, `the front matter is not valid YAML (${(error as Error).message.split('\n')[0]})`);
  }
}

/** The Markdown entries of a collection folder (`blog`), sorted by file name; the id is the file name. */
export function readMarkdownCollection(folder: string): MarkdownEntry[] {
  const dir = path.join(contentRoot, folder);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => {
      const file = path.join(dir, name);
      return { id: name.slice(0, -3), file, ...splitMarkdown(readFileSync(file, 'utf8'), file) };
    });
}

/** A YAML data file of the collections (`people.yaml`). */
export function readYamlFile(name: string): { file: string; data: unknown } {
  const file = path.join(contentRoot, name);
  try {
    return { file, data: yaml.load(readFileSync(file, 'utf8'), { schema: yaml.JSON_SCHEMA }) };
  } catch (error) {
    throw new ContentError(file, `not valid YAML (${(error as Error).message.split('\n')[0]})`);
  }
}

/**
 * Fills the `{token}` placeholders of a text from `values` (`{site}`, `{items:word}`). A placeholder the
 * text names but `values` lacks is an error, so a typo never reaches a page.
 */
export function fillTokens(text: string, values: Record<string, string>, file: string, field: string): string {
  return text.replace(/\{([A-Za-z][\w.:]*)\}/g, (whole, name: string) => {
    if (name in values) return values[name];
    throw new ContentError(file, `${field}: unknown placeholder ${whole} (known: ${Object.keys(values).map((k) => `{${k}}`).join(', ')})`);
  });
}
