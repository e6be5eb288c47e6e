// The content collections as the pages and endpoints get them: Astro's getCollection and render
// (src/content.config.ts declares the collections and reads the files), turned into what the pages show by
// the functions of blog.ts, careers.ts, press.ts, legal.ts and people.ts. Astro pages and endpoints call these
// and pass the results down as props; React components never read content themselves.
import { getCollection, render } from 'astro:content';
import type { BodyData } from './body-model';
import { contentOf } from './content-of';
import type { CollectionName, ContentEntry } from './entries';

async function entries(collection: CollectionName): Promise<ContentEntry[]> {
  return Promise.all(
    (await getCollection(collection)).map(async (entry) => ({
      id: entry.id,
      filePath: entry.filePath,
      data: entry.data,
      body: (await render(entry)).remarkPluginFrontmatter as BodyData,
    })),
  );
}

export const { getArticles, getJobs, getPressReleases, getLegalDocuments, getPeople } = contentOf({ entries }, { memoize: !import.meta.env.DEV });
