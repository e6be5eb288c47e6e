// The schemas of the content collections (src/content/articles, jobs, press-releases, legal, people), one
// per collection: src/content.config.ts gives them to Astro, which checks every entry when it loads the files
// (`astro build`, `astro dev`, `astro sync`) and names the file and the field of a bad one. Front matter only;
// the bodies are Markdown (read into sections by the loaders of src/content.config.ts). The tests check the
// files and keystatic.config.ts against these same schemas.
import { z } from 'zod';
import { blogCategories } from './blog-model';
import { departments } from './careers-model';

/** Where each collection's files are, under the content folder (src/content, or CONTENT_ROOT). */
export const collectionSources = {
  articles: { folder: 'articles' },
  jobs: { folder: 'jobs' },
  pressReleases: { folder: 'press-releases' },
  legal: { folder: 'legal' },
  people: { folder: 'people' },
} as const;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
/** A day as 'YYYY-MM-DD' (YAML may read an unquoted date as a Date: it becomes the same string). */
export const day = z
  .union([z.string().regex(isoDay, 'a date as YYYY-MM-DD'), z.date().transform((d) => d.toISOString().slice(0, 10))])
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'not a real date');

const text = z.string().trim().min(1, 'must not be empty');
/** Lower-case words joined by "-": a file name that is an entry's id (a person's, an address). */
export const entryIdPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** A person, by id: the name of their file in src/content/people ('marcus-reid' for marcus-reid.yaml). */
export const personId = z.string().regex(entryIdPattern, 'a person id: the name of a file of src/content/people (like marcus-reid)');

/**
 * A person named on the site, one file each: src/content/people/<id>.yaml. The id is the file name (checked
 * against `entryIdPattern` by the loader of src/content.config.ts, so it is not a field), and one file per
 * id means no person can be listed twice. Keys in this order (keystatic.config.ts writes them so).
 */
export const personSchema = z.object({
  name: text,
  role: text,
  /** Absent for the company's own people. */
  company: text.optional(),
});

export const articleSchema = z.object({
  title: text.max(120),
  excerpt: text.max(240),
  author: personId,
  date: day,
  category: z.enum(blogCategories.filter((c) => c !== 'All') as [string, ...string[]]),
  featured: z.boolean().optional(),
  trending: z.boolean().optional(),
});

export const jobSchema = z.object({
  title: text,
  department: z.enum(departments.filter((d) => d !== 'All') as [string, ...string[]]),
  location: text,
  type: z.enum(['Full-time', 'Part-time', 'Contract']),
  experience: text,
  posted: day,
  requirements: z.array(text).min(1),
  remoteIn: z.array(z.object({ kind: z.enum(['Country', 'AdministrativeArea']), name: text })).optional(),
  office: z.object({ city: text, region: text, country: z.string().regex(/^[A-Z]{2}$/, 'a two-letter country code') }).optional(),
});

export const pressReleaseSchema = z.object({
  title: text.max(160),
  date: day,
});

/** The page's heading and title are the route's (src/content/routes.ts). */
export const legalDocumentSchema = z.object({
  /** The "Last updated" date of the page. */
  updated: day,
});
