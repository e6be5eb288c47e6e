// The blog's articles: the Markdown files of src/content/articles (one file per article, its name the
// slug), checked against their schema, with the author taken from people.yaml and the values a text
// could get wrong computed: the read time from the words, and the `{items}` / `{sections}` counts.
import { checked, ContentError, fillTokens, readMarkdownCollection } from '@/lib/content/entries';
import { readSections, type Section } from '@/lib/content/markdown';
import { findPerson } from './people';
import { articleSchema } from './schemas';
import { site } from '@/lib/config/site';
import { cover, readTimeFor, type Article, type BlogCategory } from './blog-model';

export * from './blog-model';

const numberWords = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
/** A count in words ('five'), as copy says it; digits above twelve. */
const inWords = (n: number) => numberWords[n] ?? String(n);
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The placeholders an article's title and excerpt may use: `{sections}` counts its sections, `{items}` the
 * items of its bullet lists; `:word` says the count in words, a capital first letter capitalises it.
 */
function counts(body: Section[]): Record<string, string> {
  const values: Record<string, string> = { site: site.name };
  const n = { sections: body.length, items: body.flatMap((s) => s.blocks).reduce((sum, b) => sum + (typeof b === 'string' ? 0 : b.list.length), 0) };
  for (const [name, count] of Object.entries(n)) {
    values[name] = String(count);
    values[`${name}:word`] = inWords(count);
    values[`${capitalised(name)}:word`] = capitalised(inWords(count));
  }
  return values;
}

function readArticles(): Article[] {
  const list = readMarkdownCollection('articles').map(({ id: slug, file, data, body: markdown }) => {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) throw new ContentError(file, 'the file name is the address of the article: lowercase letters, digits and dashes only');
    const fm = checked(articleSchema, data, file);
    const author = findPerson(fm.author);
    if (!author) throw new ContentError(file, `author: no person "${fm.author}" in src/content/people.yaml`);
    const body = readSections(markdown, file);
    const values = counts(body);
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
  // Newest first; on the same day, by slug (stable).
  return list.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

/** The articles, newest first. */
export const articles: Article[] = readArticles();

export function getArticle(slug: string) {
  return articles.find((a) => a.slug === slug);
}
