// The shape of a collection entry's Markdown body as the pages render it: sections (a `## ` heading, then
// paragraphs and bullet lists). src/content.config.ts reads each body into it when Astro loads the files;
// the pages render text, never HTML from a file. No file is read here: islands may import it.

/** A paragraph, or the items of a bullet list. */
export type Block = string | { list: string[] };
export type Section = { heading: string; blocks: Block[]; /** From `## Heading {#id}`: the section's anchor. */ id?: string };

/**
 * What the loader computes from a body (Astro's `remarkPluginFrontmatter`, from `render(entry)`): its sections
 * (articles, legal documents) or its one paragraph (a job's description, a press release's summary).
 */
export type BodyData = { sections?: Section[]; text?: string };

