// The content collections for the tests, loaded by Astro itself: `sync` runs the loaders and schemas of
// src/content.config.ts over the content (or over a copy of it: `contentRoot`, which the config reads as
// CONTENT_ROOT) into a fresh cache folder, exactly as `astro build` does; a bad entry fails here with Astro's
// own error, naming the file and the field. The entries Astro stored are then turned into what the pages show
// by the same functions the pages use (src/content/content-of.ts). Reading the stored entries back is the one
// step that knows Astro's cache format (a devalue-serialised map, `data-store.json`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sync } from 'astro';
import * as devalue from 'devalue';
import type { BodyData } from '../../src/content/body-model';
import { contentOf } from '../../src/content/content-of';
import type { CollectionName, ContentEntry } from '../../src/content/entries';

const root = path.resolve(import.meta.dirname, '../..');

type StoredEntry = { id: string; filePath?: string; data: unknown; rendered?: { metadata?: { frontmatter?: BodyData } } };

/** Runs Astro's content sync over `contentRoot` (default: src/content) and returns the entries it stored, by collection. */
export async function syncContent(contentRoot?: string): Promise<Map<CollectionName, ContentEntry[]>> {
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-content-'));
  const previous = process.env.CONTENT_ROOT;
  if (contentRoot) process.env.CONTENT_ROOT = contentRoot;
  try {
    await sync({ root, cacheDir: `${cacheDir}/`, logLevel: 'silent' });
    const store = devalue.parse(fs.readFileSync(path.join(cacheDir, 'data-store.json'), 'utf8')) as Map<CollectionName, Map<string, StoredEntry>>;
    return new Map(
      [...store].map(([collection, entries]) => [
        collection,
        [...entries.values()].map((e) => ({ id: e.id, filePath: e.filePath, data: e.data, body: e.rendered?.metadata?.frontmatter ?? {} })),
      ]),
    );
  } finally {
    if (contentRoot) {
      if (previous === undefined) delete process.env.CONTENT_ROOT;
      else process.env.CONTENT_ROOT = previous;
    }
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
}

/** What the pages show of the collections (the articles, jobs, press releases, legal documents and people). */
export async function loadContent(contentRoot?: string) {
  const store = await syncContent(contentRoot);
  const content = contentOf({ entries: async (collection) => store.get(collection) ?? [] });
  const [articles, jobs, pressReleases, legalDocuments, people] = await Promise.all([
    content.getArticles(),
    content.getJobs(),
    content.getPressReleases(),
    content.getLegalDocuments(),
    content.getPeople(),
  ]);
  return { articles, jobs, pressReleases, legalDocuments, people };
}
