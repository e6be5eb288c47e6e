// What the blog's pages and islands need to know about an article, without reading any file: the types,
// the categories, the read-time rule and the date format. (src/content/blog.ts makes the articles.)
import { blockTexts, type Block, type Section } from './body-model';

/** Category filter of /blog, 'All' first. */
export const blogCategories = ['All', 'Social Media', 'Marketing', 'Product Updates', 'Tutorials', 'Industry News'] as const;
export type BlogCategory = Exclude<(typeof blogCategories)[number], 'All'>;

/** An article's author: a person of src/content/people (the pages read only these two). */
export type Author = { name: string; role: string };

export type Article = {
  /** The file name of src/content/articles/<slug>.md. */
  slug: string;
  title: string;
  excerpt: string;
  /** Cover image (a generated SVG, see `cover`). */
  image: string;
  author: Author;
  /** ISO date of publication. */
  date: string;
  /** 'N min read', computed from the body's word count (`readTimeFor`), never typed. */
  readTime: string;
  category: BlogCategory;
  featured?: boolean;
  trending?: boolean;
  body: Section[];
};
export type { Block, Section };

/** Each article's cover, drawn at build time by src/pages/blog/[slug]/cover.svg.ts. */
export const cover = (slug: string) => `/blog/${slug}/cover.svg`;

/** Reading speed of the read times, in words per minute. */
export const wordsPerMinute = 200;

/** The words of an article's body: its section headings and every text of its blocks (paragraphs, list items, subheadings, table cells). */
export function wordCount(body: readonly Section[]): number {
  return body
    .flatMap((s) => [s.heading, ...s.blocks.flatMap(blockTexts)])
    .join(' ')
    .split(/\s+/)
    .filter(Boolean).length;
}

/** 'N min read' at `wordsPerMinute`, rounded, at least 1 minute. */
export function readTimeFor(body: readonly Section[]): string {
  return `${Math.max(1, Math.round(wordCount(body) / wordsPerMinute))} min read`;
}

// One formatter for every date (toLocaleDateString builds a new one per call).
const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** 'March 4, 2026' for '2026-03-04'. */
export function formatDate(iso: string) {
  return longDate.format(new Date(`${iso}T12:00:00Z`));
}
