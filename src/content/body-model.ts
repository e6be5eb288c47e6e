// The shape of a collection entry's Markdown body as the pages render it: sections (a `## ` heading, then
// paragraphs, lists, `### ` subheadings and tables). src/content.config.ts reads each body into it when Astro
// loads the files; the pages render text, never HTML from a file. No file is read here: islands may import it.

/** A table of text: its header cells, then its rows (each as long as the header). */
export type Table = { head: string[]; rows: string[][] };

/**
 * A paragraph; the items of a bullet list (`- `) or of a numbered one (`1. `, `ordered`); a `### ` subheading
 * inside a section; or a table (GitHub's pipe tables).
 */
export type Block = string | { list: string[]; ordered?: true } | { subheading: string } | { table: Table };
export type Section = { heading: string; blocks: Block[]; /** From `## Heading {#id}`: the section's anchor. */ id?: string };

/**
 * What the loader computes from a body (Astro's `remarkPluginFrontmatter`, from `render(entry)`): its sections
 * (articles, legal documents) or its one paragraph (a job's description, a press release's summary).
 */
export type BodyData = { sections?: Section[]; text?: string };

/** The texts a reader reads in a block, in order (a table's header cells, then its rows). */
export function blockTexts(b: Block): string[] {
  if (typeof b === 'string') return [b];
  if ('list' in b) return b.list;
  if ('subheading' in b) return [b.subheading];
  return [...b.table.head, ...b.table.rows.flat()];
}

/** The block with each of its texts passed through `f` (placeholders filled, for one). */
export function mapBlockTexts(b: Block, f: (text: string) => string): Block {
  if (typeof b === 'string') return f(b);
  if ('list' in b) return { ...b, list: b.list.map(f) };
  if ('subheading' in b) return { subheading: f(b.subheading) };
  return { table: { head: b.table.head.map(f), rows: b.table.rows.map((r) => r.map(f)) } };
}

/** The items of a block's list, none for a block that is not a list (what `{items}` counts). */
export const listItems = (b: Block): readonly string[] => (typeof b !== 'string' && 'list' in b ? b.list : []);
