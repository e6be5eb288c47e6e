// The collections' entries as the content modules receive them: what Astro's content layer holds for each file
// (its id, its path, its checked front matter) and what the loader of src/content.config.ts read from its body
// (`render(entry).remarkPluginFrontmatter`). src/content/collections.ts gets them with getCollection and render;
// the functions of blog.ts, careers.ts, press.ts, legal.ts and people.ts turn them into what the pages show.
import { mapBlockTexts, type BodyData, type Section } from './body-model';

export type CollectionName = 'articles' | 'jobs' | 'pressReleases' | 'legal' | 'people';

/** One entry: `filePath` is relative to the project ('src/content/articles/x.md'); `data` is the front matter (or the YAML item) after its schema (src/content/schemas.ts). */
export type ContentEntry<D = unknown> = { id: string; filePath?: string; data: D; body: BodyData };

/** How the content modules read a collection (Astro's getCollection + render, or a test's copy of the content). */
export type ContentSource = { entries(collection: CollectionName): Promise<ContentEntry[]> };

/** A content file whose values the pages cannot show (an unknown person or placeholder). The message names the file and the field. */
export class ContentError extends Error {
  constructor(file: string | undefined, problem: string) {
    super(`${file ?? 'content'}: ${problem}`);
    this.name = 'ContentError';
  }
}

/**
 * Fills the `{token}` placeholders of a text from `values` (`{site}`, `{items:word}`). A placeholder the
 * text names but `values` lacks is an error naming the file, so a typo never reaches a page.
 */
export function fillTokens(text: string, values: Record<string, string>, file: string | undefined, field: string): string {
  return text.replace(/\{([A-Za-z][\w.:]*)\}/g, (whole, name: string) => {
    if (name in values) return values[name];
    throw new ContentError(file, `${field}: unknown placeholder ${whole} (known: ${Object.keys(values).map((k) => `{${k}}`).join(', ')})`);
  });
}

/** A body section with the placeholders of its heading and of every text of its blocks filled (an error names the section). */
export function fillSection(section: Section, values: Record<string, string>, file: string | undefined): Section {
  const where = `section "${section.heading}"`;
  const fill = (text: string) => fillTokens(text, values, file, where);
  return { ...section, heading: fill(section.heading), blocks: section.blocks.map((b) => mapBlockTexts(b, fill)) };
}
