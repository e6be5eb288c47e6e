// TEMPORARY, for server/filtered-lists.tsx only (which renders the filtered lists outside Astro and so cannot
// call getCollection): the articles and jobs as the last `astro build` stored them (Astro's content cache,
// written by the build from src/content.config.ts), turned into what the pages show by the functions the
// pages use. It goes with filtered-lists.tsx when an Astro route renders those lists.
import fs from 'node:fs';
import path from 'node:path';
import * as devalue from 'devalue';
import type { BodyData } from '@/content/body-model';
import { contentOf } from '@/content/content-of';
import type { CollectionName, ContentEntry } from '@/content/entries';
import { root } from './build';

type StoredEntry = { id: string; filePath?: string; data: unknown; rendered?: { metadata?: { frontmatter?: BodyData } } };

export async function builtContent() {
  const file = path.join(root, 'node_modules', '.astro', 'data-store.json');
  // No build yet (a unit test on a fresh checkout): Astro's sync writes the same store.
  if (!fs.existsSync(file)) await (await import('astro')).sync({ root, logLevel: 'error' });
  const store = devalue.parse(fs.readFileSync(file, 'utf8')) as Map<CollectionName, Map<string, StoredEntry>>;
  const entries = async (collection: CollectionName): Promise<ContentEntry[]> =>
    [...(store.get(collection)?.values() ?? [])].map((e) => ({ id: e.id, filePath: e.filePath, data: e.data, body: e.rendered?.metadata?.frontmatter ?? {} }));
  const content = contentOf({ entries });
  const [articles, jobs] = await Promise.all([content.getArticles(), content.getJobs()]);
  return { articles, jobs };
}
