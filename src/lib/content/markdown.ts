// The Markdown of the collections' bodies, read into the plain structures the pages render: sections
// (a `## ` heading, then paragraphs and bullet lists). The pages render text, never HTML from a file.
import { Lexer, type Token, type Tokens } from 'marked';
import { ContentError } from './entries';

/** A paragraph, or the items of a bullet list. */
export type Block = string | { list: string[] };
export type Section = { heading: string; blocks: Block[]; /** From `## Heading {#id}`: the section's anchor. */ id?: string };

/** `Heading text {#anchor}` -> the text and the anchor. */
const headingAnchor = /^(.*?)\s*\{#([a-z0-9]+(?:-[a-z0-9]+)*)\}$/;

/** Inline Markdown the bodies may not use: they are rendered as text, so it would show as typed. */
const inlineMarkup = /(\*\*|__|`|\[[^\]]*\]\(|<\/?[a-z])/i;

function text(raw: string, file: string, where: string) {
  const value = raw.replace(/\s*\n\s*/g, ' ').trim();
  if (inlineMarkup.test(value)) throw new ContentError(file, `${where}: links, bold, code and HTML are not supported in the text ("${value.slice(0, 60)}")`);
  return value;
}

function block(token: Token, file: string, where: string): Block | null {
  if (token.type === 'space') return null;
  if (token.type === 'paragraph') return text((token as Tokens.Paragraph).text, file, where);
  if (token.type === 'list' && !(token as Tokens.List).ordered) return { list: (token as Tokens.List).items.map((i) => text(i.text, file, where)) };
  throw new ContentError(file, `${where}: only "## " headings, paragraphs and "- " lists are supported (found ${token.type === 'heading' ? `a level-${(token as Tokens.Heading).depth} heading` : `a ${token.type}`})`);
}

/** Paragraphs and lists only (a job's description, a press release's summary). */
export function readBlocks(markdown: string, file: string, where = 'body'): Block[] {
  return new Lexer().lex(markdown).flatMap((t) => block(t, file, where) ?? []);
}

/** Sections, each opened by a `## ` heading; the body must start with one. */
export function readSections(markdown: string, file: string): Section[] {
  const sections: Section[] = [];
  for (const token of new Lexer().lex(markdown)) {
    if (token.type === 'heading' && (token as Tokens.Heading).depth === 2) {
      const raw = (token as Tokens.Heading).text;
      const anchored = headingAnchor.exec(raw);
      const heading = text(anchored ? anchored[1] : raw, file, 'heading');
      sections.push(anchored ? { heading, blocks: [], id: anchored[2] } : { heading, blocks: [] });
      continue;
    }
    const current = sections.at(-1);
    const b = block(token, file, current ? `section "${current.heading}"` : 'body');
    if (b === null) continue;
    if (!current) throw new ContentError(file, 'body: the text must start with a "## " section heading');
    current.blocks.push(b);
  }
  if (sections.length === 0) throw new ContentError(file, 'body: no "## " section');
  for (const s of sections) if (s.blocks.length === 0) throw new ContentError(file, `section "${s.heading}" has no text`);
  return sections;
}

/** The words of some blocks (a list's items count as text). */
export function blockText(blocks: readonly Block[]): string[] {
  return blocks.flatMap((b) => (typeof b === 'string' ? [b] : b.list));
}
