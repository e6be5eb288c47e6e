// The editor (keystatic.config.ts) and the content must not part ways: every collection and singleton of the
// editor is a file or folder that src/content.config.ts declares to Astro, every folder of src/content.config.ts
// is editable, the editor's fields are the fields of the collection's zod schema (src/content/schemas.ts, the
// schemas Astro checks the files with), and every front-matter key of the files there is a field of the editor
// (which would otherwise drop it on the next save) whose value the editor reads as it is.
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import keystaticConfig from '../../keystatic.config';
import { articleSchema, collectionSources, jobSchema, legalDocumentSchema, personSchema, pressReleaseSchema } from '../../src/content/schemas';

const root = path.resolve(import.meta.dirname, '../..');
const rel = (p: string) => path.relative(root, path.resolve(root, p)).split(path.sep).join('/');

// The folders (glob loaders) and single files (file loaders) of the content collections: src/content.config.ts
// loads them from `collectionSources` (under src/content, or CONTENT_ROOT).
const sources = Object.values(collectionSources) as { folder?: string; file?: string }[];
const astroFolders = sources.flatMap((s) => (s.folder ? [`src/content/${s.folder}`] : []));
const astroFiles = sources.flatMap((s) => (s.file ? [`src/content/${s.file}`] : []));
/** The zod schema of the collection in each place. */
const schemaOf: Record<string, z.ZodObject> = {
  'src/content/articles': articleSchema,
  'src/content/jobs': jobSchema,
  'src/content/press-releases': pressReleaseSchema,
  'src/content/legal': legalDocumentSchema,
  'src/content/people.yaml': personSchema,
};

type Field = { kind: string; formKind?: string; parse?: (v: unknown, extra?: unknown) => unknown; validate?: (v: unknown, extra?: unknown) => unknown; contentExtension?: string; element?: Field; fields?: Record<string, Field> };
type Entry = { path?: string; format?: { contentField?: string } | string; schema: Record<string, Field> };
const collections = Object.entries((keystaticConfig.collections ?? {}) as Record<string, Entry>);
const singletons = Object.entries((keystaticConfig.singletons ?? {}) as Record<string, Entry>);

function frontMatter(file: string): { data: Record<string, unknown>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(fs.readFileSync(file, 'utf8'));
  if (!match) throw new Error(`${rel(file)}: no front matter`);
  return { data: (yaml.load(match[1]) ?? {}) as Record<string, unknown>, body: match[2] };
}

/** Reads a stored value with the editor's own field, as the editor does when it opens the entry. */
function readAs(field: Field, value: unknown, where: string) {
  if (field.kind === 'form' && field.formKind === undefined) {
    try {
      field.validate!(field.parse!(value));
    } catch (error) {
      throw new Error(`${where}: the editor does not accept ${JSON.stringify(value)} (${(error as Error).message})`);
    }
  }
  if (field.kind === 'array') for (const [i, v] of ((value as unknown[]) ?? []).entries()) readAs(field.element!, v, `${where}.${i}`);
  if (field.kind === 'object') {
    for (const key of Object.keys((value as object) ?? {})) expect(field.fields, `${where}: "${key}" is not a field of the editor`).toHaveProperty(key);
    for (const [key, f] of Object.entries(field.fields!)) readAs(f, (value as Record<string, unknown>)?.[key], `${where}.${key}`);
  }
}

/** Checks the front matter of a Markdown entry against the editor's schema (the content field is the body). */
function checkMarkdownEntry(file: string, entry: Entry) {
  const contentField = typeof entry.format === 'object' ? entry.format.contentField : undefined;
  expect(contentField, `${rel(file)}: the editor must keep the body in the file (format.contentField)`).toBeTruthy();
  const { data } = frontMatter(file);
  for (const key of Object.keys(data)) {
    expect(key === contentField || !(key in entry.schema) ? key : 'ok', `${rel(file)}: front-matter key "${key}" is not a field of keystatic.config.ts`).toBe('ok');
  }
  for (const [key, field] of Object.entries(entry.schema)) if (key !== contentField) readAs(field, data[key], `${rel(file)}: ${key}`);
}

describe('keystatic.config.ts edits the content as src/content.config.ts declares it', () => {
  it('finds the content folders and files in src/content.config.ts', () => {
    expect(astroFolders.length).toBeGreaterThan(0);
    expect(astroFiles).toContain('src/content/people.yaml');
  });

  for (const [name, collection] of collections) {
    const folder = rel(collection.path!.replace(/\/\*$/, ''));

    it(`collection ${name}: ${folder}/<slug>.md is a content folder, each file has only fields of the editor`, () => {
      expect(collection.path, `${name}: the path must end in /* (one file per entry)`).toMatch(/\/\*$/);
      expect(astroFolders, `${name}: ${folder} is not a folder of src/content.config.ts`).toContain(folder);
      const contentField = (collection.format as { contentField: string }).contentField;
      expect(collection.schema[contentField]?.contentExtension).toBe('.md');
      const files = fs.readdirSync(path.join(root, folder)).filter((f) => f.endsWith('.md'));
      for (const file of files) checkMarkdownEntry(path.join(root, folder, file), collection);
    });
  }

  for (const [name, singleton] of singletons) {
    it(`singleton ${name}: ${singleton.path} is content that Astro reads, with only fields of the editor`, () => {
      const contentField = typeof singleton.format === 'object' ? singleton.format.contentField : undefined;
      if (contentField) {
        // A Markdown page in a content folder (src/content/legal/privacy.md); harmless when the file is absent.
        const file = `${rel(singleton.path!)}${singleton.schema[contentField].contentExtension}`;
        expect(file.endsWith('.md')).toBe(true);
        expect(astroFolders, `${name}: ${path.dirname(file)} is not a folder of src/content.config.ts`).toContain(path.posix.dirname(file));
        if (fs.existsSync(path.join(root, file))) checkMarkdownEntry(path.join(root, file), singleton);
      } else {
        const file = `${rel(singleton.path!)}.yaml`;
        expect(astroFiles, `${name}: ${file} is not a file of src/content.config.ts`).toContain(file);
        const data = (yaml.load(fs.readFileSync(path.join(root, file), 'utf8')) ?? {}) as Record<string, unknown>;
        for (const key of Object.keys(data)) expect(singleton.schema, `${file}: "${key}" is not a field of keystatic.config.ts`).toHaveProperty(key);
        for (const [key, field] of Object.entries(singleton.schema)) readAs(field, data[key], `${file}: ${key}`);
      }
    });
  }

  it('every content folder and file of src/content.config.ts can be edited', () => {
    const edited = new Set([
      ...collections.map(([, c]) => rel(c.path!.replace(/\/\*$/, ''))),
      ...singletons.map(([, s]) => (typeof s.format === 'object' && s.format.contentField ? path.posix.dirname(rel(s.path!)) : `${rel(s.path!)}.yaml`)),
    ]);
    for (const place of [...astroFolders, ...astroFiles]) expect([...edited], `${place} has no collection or singleton in keystatic.config.ts`).toContain(place);
  });

  it('every Markdown page of a folder edited by singletons has its singleton', () => {
    for (const [, s] of singletons) {
      if (!(typeof s.format === 'object' && s.format.contentField)) continue;
      const folder = path.posix.dirname(rel(s.path!));
      const pages = fs.existsSync(path.join(root, folder)) ? fs.readdirSync(path.join(root, folder)).filter((f) => f.endsWith('.md')) : [];
      const known = singletons.map(([, x]) => `${path.posix.basename(x.path!)}.md`);
      for (const page of pages) expect(known, `${folder}/${page} has no singleton in keystatic.config.ts`).toContain(page);
    }
  });

  it('the editor has exactly the fields of each collection’s zod schema (the body aside), and its choices are the schema’s', () => {
    expect(Object.keys(schemaOf).sort()).toEqual([...astroFolders, ...astroFiles].sort());
    const fieldsOf = (entry: Entry) => {
      const contentField = typeof entry.format === 'object' ? entry.format.contentField : undefined;
      return Object.keys(entry.schema).filter((k) => k !== contentField).sort();
    };
    for (const [name, c] of collections) {
      const place = rel(c.path!.replace(/\/\*$/, ''));
      expect(fieldsOf(c), `${name}: the fields of ${place}`).toEqual(Object.keys(schemaOf[place].shape).sort());
    }
    for (const [name, s] of singletons) {
      if (typeof s.format === 'object' && s.format.contentField) {
        expect(fieldsOf(s), `${name}: the fields of ${rel(s.path!)}.md`).toEqual(Object.keys(legalDocumentSchema.shape).sort());
      } else {
        // people.yaml: a list (`people:`) of persons.
        expect(Object.keys(s.schema)).toEqual(['people']);
        expect(Object.keys(s.schema.people.element!.fields!).sort(), `${name}: the fields of a person`).toEqual(Object.keys(personSchema.shape).sort());
      }
    }
    const options = (field: Field) => (field as unknown as { options: { value: string }[] }).options.map((o) => o.value);
    const [, articles] = collections.find(([n]) => n === 'articles')!;
    const [, jobs] = collections.find(([n]) => n === 'jobs')!;
    expect(options(articles.schema.category)).toEqual(articleSchema.shape.category.options);
    expect(options(jobs.schema.department)).toEqual(jobSchema.shape.department.options);
    expect(options(jobs.schema.type)).toEqual(jobSchema.shape.type.options);
  });

  it('storage is the working copy unless KEYSTATIC_GITHUB_REPO names a repository', () => {
    expect(keystaticConfig.storage.kind).toBe(process.env.KEYSTATIC_GITHUB_REPO ? 'github' : 'local');
  });
});
