// The content collections (Markdown and YAML under src/content), declared to Astro so that `astro build`
// and `astro dev` check every entry against its schema and name the file and the field of a bad one.
// The pages read the same files through src/content/*.ts (src/lib/content/entries.ts).
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import yaml from 'js-yaml';
import { articleSchema, jobSchema, legalDocumentSchema, peopleFileSchema, personSchema, pressReleaseSchema } from './content/schemas';

export const collections = {
  articles: defineCollection({ loader: glob({ pattern: '*.md', base: './src/content/articles' }), schema: articleSchema }),
  jobs: defineCollection({ loader: glob({ pattern: '*.md', base: './src/content/jobs' }), schema: jobSchema }),
  pressReleases: defineCollection({ loader: glob({ pattern: '*.md', base: './src/content/press-releases' }), schema: pressReleaseSchema }),
  legal: defineCollection({ loader: glob({ pattern: '*.md', base: './src/content/legal' }), schema: legalDocumentSchema }),
  people: defineCollection({
    loader: file('src/content/people.yaml', { parser: (text) => peopleFileSchema.parse(yaml.load(text)).people }),
    schema: personSchema,
  }),
};
