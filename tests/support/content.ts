// The content collections for the tests, loaded by Astro itself: `sync` runs the loaders and schemas of
// src/content.config.ts over the content (or over a copy of it: `contentRoot`, which the config reads as
// CONTENT_ROOT) into a fresh cache folder, exactly as `astro build` does; a bad entry fails here with Astro's
// own error, naming the file and the field. The entries Astro stored are then turned into what the pages show
// by the same functions the pages use (src/content/content-of.ts). Reading the stored entries back is the one
// step that knows Astro's cache format (a devalue-serialised map, `data-store.json`).
import crypto from 'node:crypto';
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

/** What the sync reads: the content files, the collections' config and schemas, the Astro config and packages. */
function inputsHash(contentRoot: string): string {
  const hash = crypto.createHash('sha256');
  const add = (file: string) => {
    if (!fs.existsSync(file)) return;
    if (fs.statSync(file).isDirectory()) for (const name of fs.readdirSync(file).sort()) add(path.join(file, name));
    else hash.update(file).update(fs.readFileSync(file));
  };
  for (const input of [contentRoot, path.join(root, 'src/content'), path.join(root, 'src/content.config.ts'), path.join(root, 'astro.config.mjs'), path.join(root, 'package-lock.json')]) add(input);
  return hash.digest('hex').slice(0, 16);
}

const stored = (json: string) =>
  new Map(
    [...(devalue.parse(json) as Map<CollectionName, Map<string, StoredEntry>>)].map(([collection, entries]) => [
      collection,
      [...entries.values()].map((e): ContentEntry => ({ id: e.id, filePath: e.filePath, data: e.data, body: e.rendered?.metadata?.frontmatter ?? {} })),
    ]),
  );

/**
 * Runs Astro's content sync over `contentRoot` (default: src/content) and returns the entries it stored, by
 * collection. The result for the same inputs is kept (node_modules/.cache), so the test files and the
 * end-to-end workers that read the same content sync it once.
 */
export async function syncContent(contentRoot?: string): Promise<Map<CollectionName, ContentEntry[]>> {
  const folder = path.resolve(contentRoot ?? path.join(root, 'src/content'));
  const kept = path.join(root, 'node_modules/.cache/content-sync', `${inputsHash(folder)}.json`);
  if (fs.existsSync(kept)) return stored(fs.readFileSync(kept, 'utf8'));
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-content-'));
  const previous = process.env.CONTENT_ROOT;
  process.env.CONTENT_ROOT = folder;
  try {
    try {
      await sync({ root, cacheDir: `${cacheDir}/`, logLevel: 'silent' });
    } catch (error) {
      // Astro's error (InvalidContentEntryDataError ...) names the field in its message and the file in `loc`,
      // as `astro build` prints them; here both in the message. Astro still writes the store it had begun, so
      // its folder goes a little later.
      setTimeout(() => fs.rmSync(cacheDir, { recursive: true, force: true }), 5_000).unref();
      const file = (error as { loc?: { file?: string } }).loc?.file;
      throw Object.assign(new Error(`${file ? `${path.relative(root, file)}: ` : ''}${(error as Error).message}`, { cause: error }), { name: (error as Error).name });
    }
    const json = fs.readFileSync(path.join(cacheDir, 'data-store.json'), 'utf8');
    fs.mkdirSync(path.dirname(kept), { recursive: true });
    fs.writeFileSync(`${kept}.${process.pid}`, json);
    fs.renameSync(`${kept}.${process.pid}`, kept);
    fs.rmSync(cacheDir, { recursive: true, force: true });
    return stored(json);
  } finally {
    if (previous === undefined) delete process.env.CONTENT_ROOT;
    else process.env.CONTENT_ROOT = previous;
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
