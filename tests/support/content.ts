// The content collections for the tests, read as the site reads them. First Astro itself checks them: `sync`
// runs the loaders and schemas of src/content.config.ts over the content (or over a copy of it: `contentRoot`,
// which the config reads as CONTENT_ROOT) into a fresh cache folder, exactly as `astro build` does; a bad entry
// fails here with Astro's own error, naming the file and the field. Then the files are read with the same
// functions the loaders use (src/content/files.ts) and the same schemas (src/content/schemas.ts), and turned
// into what the pages show by the same functions the pages use (src/content/content-of.ts). Nothing here reads
// Astro's cache: its format is Astro's own and may change with any version.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sync } from 'astro';
import type { z } from 'zod';
import { contentOf } from '../../src/content/content-of';
import type { CollectionName, ContentEntry } from '../../src/content/entries';
import { collectionFiles, entryFiles, entryIdOf, readEntry } from '../../src/content/files';
import { articleSchema, jobSchema, legalDocumentSchema, personSchema, pressReleaseSchema } from '../../src/content/schemas';

const root = path.resolve(import.meta.dirname, '../..');

/** The schema of each collection, as src/content.config.ts declares it. */
const schemas: Record<CollectionName, z.ZodType> = { articles: articleSchema, jobs: jobSchema, pressReleases: pressReleaseSchema, legal: legalDocumentSchema, people: personSchema };

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

/**
 * Runs Astro's content sync over `contentRoot`: throws Astro's error (with the file named) for a bad entry.
 * A sync that passed is remembered for the same inputs (node_modules/.cache), so the test files and the
 * end-to-end workers that read the same content check it once.
 */
async function checkWithAstro(folder: string): Promise<void> {
  const passed = path.join(root, 'node_modules/.cache/content-sync', `${inputsHash(folder)}.passed`);
  if (fs.existsSync(passed)) return;
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-content-'));
  const previous = process.env.CONTENT_ROOT;
  process.env.CONTENT_ROOT = folder;
  try {
    await sync({ root, cacheDir: `${cacheDir}/`, logLevel: 'silent' });
  } catch (error) {
    // Astro's error (InvalidContentEntryDataError ...) names the field in its message and the file in `loc`,
    // as `astro build` prints them; here both in the message. Astro still writes the store it had begun, so
    // its folder goes a little later.
    setTimeout(() => fs.rmSync(cacheDir, { recursive: true, force: true }), 5_000).unref();
    const file = (error as { loc?: { file?: string } }).loc?.file;
    throw Object.assign(new Error(`${file ? `${path.relative(root, file)}: ` : ''}${(error as Error).message}`, { cause: error }), { name: (error as Error).name });
  } finally {
    if (previous === undefined) delete process.env.CONTENT_ROOT;
    else process.env.CONTENT_ROOT = previous;
  }
  fs.rmSync(cacheDir, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(passed), { recursive: true });
  fs.writeFileSync(passed, '');
}

/** A collection's entries as getCollection and render give them to src/content/collections.ts. */
function entriesOf(folder: string, collection: CollectionName): ContentEntry[] {
  return entryFiles(folder, collection).map((file) => {
    const { data, body } = readEntry(collection, file, fs.readFileSync(file, 'utf8'));
    return { id: entryIdOf(collection, file), filePath: path.relative(root, file).split(path.sep).join('/'), data: schemas[collection].parse(data), body };
  });
}

/**
 * The entries of `contentRoot` (default: src/content) by collection, after Astro's sync has checked them.
 */
export async function syncContent(contentRoot?: string): Promise<Map<CollectionName, ContentEntry[]>> {
  const folder = path.resolve(contentRoot ?? path.join(root, 'src/content'));
  await checkWithAstro(folder);
  return new Map((Object.keys(collectionFiles) as CollectionName[]).map((collection) => [collection, entriesOf(folder, collection)]));
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
