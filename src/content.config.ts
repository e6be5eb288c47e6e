// The content collections (Markdown and YAML under src/content, or under CONTENT_ROOT when a test points the
// site at a copy), declared to Astro with one schema each (src/content/schemas.ts). The loader here reads each
// collection's files with src/content/files.ts (the file name is the id; a Markdown body is read into the
// shape the pages render) and gives them to Astro through the loader API: `parseData` checks every entry
// against its schema, so a bad entry stops `astro build`, `astro dev` and `astro sync` with the file and the
// field named; `store.set` keeps the entry, its body's structures as its rendered metadata (`render(entry)`
// returns them as `remarkPluginFrontmatter`); under `astro dev`, `watcher` reloads a file when it changes.
// The pages get the entries with getCollection and render (src/content/collections.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineCollection } from 'astro:content';
import type { Loader, LoaderContext } from 'astro/loaders';
import type { CollectionName } from './content/entries';
import { entryFiles, entryIdOf, folderOf, isEntryFile, readEntry } from './content/files';
import { articleSchema, jobSchema, legalDocumentSchema, personSchema, pressReleaseSchema } from './content/schemas';

const contentRoot = path.resolve(process.env.CONTENT_ROOT ?? 'src/content');

/** A collection's files, one entry each. */
function filesOf(collection: CollectionName): Loader {
  return {
    name: `postcraft-${collection}`,
    load: async ({ store, parseData, generateDigest, watcher, logger, config }: LoaderContext) => {
      const root = fileURLToPath(config.root);
      const ids = new Map<string, string>();
      const load = async (file: string) => {
        const id = entryIdOf(collection, file);
        const text = fs.readFileSync(file, 'utf8');
        const digest = generateDigest(text);
        ids.set(file, id);
        if (store.get(id)?.digest === digest) return;
        const filePath = path.relative(root, file).split(path.sep).join('/');
        const { data, markdown, body } = readEntry(collection, file, text);
        const parsed = await parseData({ id, data, filePath: file });
        store.set({ id, data: parsed, body: markdown, filePath, digest, rendered: { html: '', metadata: { frontmatter: body } } });
      };

      for (const file of entryFiles(contentRoot, collection)) await load(file);
      const present = new Set(ids.values());
      for (const id of store.keys()) if (!present.has(id)) store.delete(id);

      if (!watcher) return;
      watcher.add(folderOf(contentRoot, collection));
      const changed = async (file: string) => {
        if (!isEntryFile(contentRoot, collection, file)) return;
        try {
          await load(file);
          logger.info(`Reloaded ${path.relative(root, file)}`);
        } catch (error) {
          logger.error(`Failed to reload ${path.relative(root, file)}: ${(error as Error).message}`);
        }
      };
      watcher.on('change', changed);
      watcher.on('add', changed);
      watcher.on('unlink', (file) => {
        const id = ids.get(file);
        if (id === undefined) return;
        ids.delete(file);
        store.delete(id);
      });
    },
  };
}

export const collections = {
  articles: defineCollection({ loader: filesOf('articles'), schema: articleSchema }),
  jobs: defineCollection({ loader: filesOf('jobs'), schema: jobSchema }),
  pressReleases: defineCollection({ loader: filesOf('pressReleases'), schema: pressReleaseSchema }),
  legal: defineCollection({ loader: filesOf('legal'), schema: legalDocumentSchema }),
  people: defineCollection({ loader: filesOf('people'), schema: personSchema }),
};
