// The blog's articles: the entries of the `articles` collection (src/content/articles, one Markdown file per
// article, its name the slug), with the author taken from src/content/people and the values a text could get wrong
// computed: the read time from the words, and the `{items}` / `{sections}` counts.
import { listItems, type Section } from './body-model';
import { ContentError, fillSection, fillTokens, type ContentEntry } from './entries';
import type { Person } from './person-model';
import type { articleSchema } from './schemas';
import { site } from '@/lib/config/site';
import { cover, readTimeFor, type Article, type BlogCategory } from './blog-model';
import type { z } from 'zod';

export * from './blog-model';

const numberWords = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
/** A count in words ('five'), as copy says it; digits above twelve. */
const inWords = (n: number) => numberWords[n] ?? String(n);
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The placeholders an article's title, excerpt and body may use: `{site}` is the product's name, `{sections}`
 * counts its sections, `{items}` the items of its lists (bullet and numbered); `:word` says the count in
 * words, a capital first letter capitalises it.
 */
function counts(body: Section[]): Record<string, string> {
  const values: Record<string, string> = { site: site.name };
  const n = { sections: body.length, items: body.flatMap((s) => s.blocks).reduce((sum, b) => sum + listItems(b).length, 0) };
  for (const [name, count] of Object.entries(n)) {
    values[name] = String(count);
    values[`${name}:word`] = inWords(count);
    values[`${capitalised(name)}:word`] = capitalised(inWords(count));
  }
  return values;
}

/** The articles of the collection, newest first (on the same day, by slug). */
export function articlesOf(entries: readonly ContentEntry[], people: readonly Person[]): Article[] {
  const list = entries.map(({ id: slug, filePath: file, data, body: { sections = [] } }) => {
    const fm = data as z.output<typeof articleSchema>;
    const author = people.find((p) => p.id === fm.author);
    if (!author) throw new ContentError(file, `author: no person "${fm.author}" in src/content/people (no file ${fm.author}.yaml)`);
    const values = counts(sections);
    // The body may name the product as {site} too, so that a rebrand is one edit of lib/config/site.ts.
    const body = sections.map((s) => fillSection(s, values, file));
    return {
      slug,
      title: fillTokens(fm.title, values, file, 'title'),
      excerpt: fillTokens(fm.excerpt, values, file, 'excerpt'),
      image: cover(slug),
      author,
      date: fm.date,
      readTime: readTimeFor(body),
      category: fm.category as BlogCategory,
      ...(fm.featured ? { featured: true } : {}),
      ...(fm.trending ? { trending: true } : {}),
      body,
    } satisfies Article;
  });
  return list.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}
