// The editor (keystatic.config.ts) and the content must not part ways: every collection and singleton of the
// editor is a folder that src/content.config.ts declares to Astro, every folder of src/content.config.ts is
// editable, the editor's fields are the fields of the collection's zod schema (src/content/schemas.ts, the
// schemas Astro checks the files with), and every key of the files there (front matter, or a YAML data file)
// is a field of the editor (which would otherwise drop it on the next save) whose value the editor reads as
// it is; a YAML data file is exactly what the editor would write back, and its name an id the editor accepts.
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import keystaticConfig from '../../keystatic.config';
import { articleSchema, collectionSources, jobSchema, legalDocumentSchema, entryIdPattern, personSchema, pressReleaseSchema } from '../../src/content/schemas';

const root = path.resolve(import.meta.dirname, '../..');
const rel = (p: string) => path.relative(root, path.resolve(root, p)).split(path.sep).join('/');

// The folders of the content collections (Astro's glob loaders): src/content.config.ts loads them from
// `collectionSources` (under src/content, or CONTENT_ROOT).
const astroFolders = Object.values(collectionSources).map((s) => `src/content/${s.folder}`);
/** The zod schema of the collection in each place. */
const schemaOf: Record<string, z.ZodObject> = {
  'src/content/articles': articleSchema,
  'src/content/jobs': jobSchema,
  'src/content/press-releases': pressReleaseSchema,
  'src/content/legal': legalDocumentSchema,
  'src/content/people': personSchema,
};

type Field = {
  kind: string;
  formKind?: string;
  parse?: (v: unknown, extra?: unknown) => unknown;
  validate?: (v: unknown, extra?: unknown) => unknown;
  serialize?: (v: unknown, extra?: unknown) => { value: unknown };
  serializeWithSlug?: (v: unknown) => { value: unknown; slug: string };
  Input?: (props: object) => { props: Record<string, unknown> };
  contentExtension?: string;
  element?: Field;
  fields?: Record<string, Field>;
};
type Entry = { path?: string; slugField?: string; format?: { contentField?: string; data?: string } | string; schema: Record<string, Field> };
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

/** The editor's id rule on a slug (its file name), given the slugs of the other entries of the collection. */
function slugProblem(field: Field, name: unknown, slug: string, others: string[]): string | undefined {
  try {
    field.validate!(field.parse!(name, { slug }), { slugField: { slugs: new Set(others), glob: '*' } });
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * Checks a YAML data entry (one file an entry, its name the slug) against the editor's schema: only fields of
 * the editor, each read as it is, the file name an id the editor accepts, and the file exactly what the editor
 * writes when it saves the entry unchanged (Keystatic: js-yaml's `dump` of the fields in the schema's order,
 * empty ones left out), so a save changes only what the editor changed.
 */
function checkDataEntry(file: string, entry: Entry, slugs: string[]) {
  const slug = path.basename(file, '.yaml');
  const text = fs.readFileSync(file, 'utf8');
  const data = (yaml.load(text) ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(data)) expect(entry.schema, `${rel(file)}: "${key}" is not a field of keystatic.config.ts`).toHaveProperty(key);
  const written: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(entry.schema)) {
    // Fields of a data file are plain values here (an object or a list field would be written its own way).
    expect(field.kind, `${rel(file)}: ${key} is a plain field`).toBe('form');
    if (key === entry.slugField) {
      const problem = slugProblem(field, data[key], slug, slugs.filter((s) => s !== slug));
      expect(problem, `${rel(file)}: the editor does not accept the name ${JSON.stringify(data[key])} with the id "${slug}"`).toBeUndefined();
      const saved = field.serializeWithSlug!(field.parse!(data[key], { slug }));
      expect(saved.slug, `${rel(file)}: the editor keeps the file name`).toBe(slug);
      written[key] = saved.value;
    } else {
      readAs(field, data[key], `${rel(file)}: ${key}`);
      written[key] = field.serialize!(field.parse!(data[key])).value;
    }
  }
  expect(text, `${rel(file)}: the editor would write this file otherwise`).toBe(yaml.dump(written));
}

describe('keystatic.config.ts edits the content as src/content.config.ts declares it', () => {
  it('finds the content folders in src/content.config.ts', () => {
    expect(astroFolders.length).toBeGreaterThan(0);
    expect(astroFolders).toContain('src/content/people');
  });

  for (const [name, collection] of collections) {
    const folder = rel(collection.path!.replace(/\/\*$/, ''));
    const contentField = typeof collection.format === 'object' ? collection.format.contentField : undefined;

    if (contentField) {
      it(`collection ${name}: ${folder}/<slug>.md is a content folder, each file has only fields of the editor`, () => {
        expect(collection.path, `${name}: the path must end in /* (one file per entry)`).toMatch(/\/\*$/);
        expect(astroFolders, `${name}: ${folder} is not a folder of src/content.config.ts`).toContain(folder);
        expect(collection.schema[contentField]?.contentExtension).toBe('.md');
        const files = fs.readdirSync(path.join(root, folder)).filter((f) => f.endsWith('.md'));
        for (const file of files) checkMarkdownEntry(path.join(root, folder, file), collection);
      });
    } else {
      it(`collection ${name}: ${folder}/<slug>.yaml is a content folder, each file is what the editor writes`, () => {
        expect(collection.path, `${name}: the path must end in /* (one file per entry)`).toMatch(/\/\*$/);
        expect(astroFolders, `${name}: ${folder} is not a folder of src/content.config.ts`).toContain(folder);
        // The loader of src/content.config.ts reads *.yaml, the editor writes <slug>.yaml: nothing else is there.
        expect(typeof collection.format === 'object' ? collection.format.data : collection.format, `${name}: format.data`).toBe('yaml');
        const files = fs.readdirSync(path.join(root, folder));
        expect(files.filter((f) => !f.endsWith('.yaml')), `${folder}: files that are not <id>.yaml`).toEqual([]);
        expect(files.length).toBeGreaterThan(0);
        const slugs = files.map((f) => path.basename(f, '.yaml'));
        for (const file of files) checkDataEntry(path.join(root, folder, file), collection, slugs);
      });
    }
  }

  for (const [name, singleton] of singletons) {
    it(`singleton ${name}: ${singleton.path} is content that Astro reads, with only fields of the editor`, () => {
      // A Markdown page in a content folder (src/content/legal/privacy.md); harmless when the file is absent.
      const contentField = typeof singleton.format === 'object' ? singleton.format.contentField : undefined;
      expect(contentField, `${name}: a singleton is a Markdown page of a content folder (format.contentField)`).toBeTruthy();
      const file = `${rel(singleton.path!)}${singleton.schema[contentField!].contentExtension}`;
      expect(file.endsWith('.md')).toBe(true);
      expect(astroFolders, `${name}: ${path.dirname(file)} is not a folder of src/content.config.ts`).toContain(path.posix.dirname(file));
      if (fs.existsSync(path.join(root, file))) checkMarkdownEntry(path.join(root, file), singleton);
    });
  }

  it('every content folder of src/content.config.ts can be edited', () => {
    const edited = new Set([...collections.map(([, c]) => rel(c.path!.replace(/\/\*$/, ''))), ...singletons.map(([, s]) => path.posix.dirname(rel(s.path!)))]);
    for (const place of astroFolders) expect([...edited], `${place} has no collection or singleton in keystatic.config.ts`).toContain(place);
  });

  it('every Markdown page of a folder edited by singletons has its singleton', () => {
    for (const [, s] of singletons) {
      const folder = path.posix.dirname(rel(s.path!));
      const pages = fs.existsSync(path.join(root, folder)) ? fs.readdirSync(path.join(root, folder)).filter((f) => f.endsWith('.md')) : [];
      const known = singletons.map(([, x]) => `${path.posix.basename(x.path!)}.md`);
      for (const page of pages) expect(known, `${folder}/${page} has no singleton in keystatic.config.ts`).toContain(page);
    }
  });

  it('the editor has exactly the fields of each collection’s zod schema (the body aside), and its choices are the schema’s', () => {
    expect(Object.keys(schemaOf).sort()).toEqual([...astroFolders].sort());
    const fieldsOf = (entry: Entry) => {
      const contentField = typeof entry.format === 'object' ? entry.format.contentField : undefined;
      return Object.keys(entry.schema).filter((k) => k !== contentField);
    };
    for (const [name, c] of collections) {
      const place = rel(c.path!.replace(/\/\*$/, ''));
      expect(fieldsOf(c).sort(), `${name}: the fields of ${place}`).toEqual(Object.keys(schemaOf[place].shape).sort());
    }
    for (const [name, s] of singletons) expect(fieldsOf(s).sort(), `${name}: the fields of ${rel(s.path!)}.md`).toEqual(Object.keys(legalDocumentSchema.shape).sort());
    const options = (field: Field) => (field as unknown as { options: { value: string }[] }).options.map((o) => o.value);
    const [, articles] = collections.find(([n]) => n === 'articles')!;
    const [, jobs] = collections.find(([n]) => n === 'jobs')!;
    expect(options(articles.schema.category)).toEqual(articleSchema.shape.category.options);
    expect(options(jobs.schema.department)).toEqual(jobSchema.shape.department.options);
    expect(options(jobs.schema.type)).toEqual(jobSchema.shape.type.options);
  });

  it('people: one file each, the id its name, written with the keys of personSchema in its order', () => {
    const [, people] = collections.find(([n]) => n === 'people')!;
    expect(rel(people.path!.replace(/\/\*$/, ''))).toBe(`src/content/${collectionSources.people.folder}`);
    // The editor writes the keys in the order of its schema: the same as personSchema's (and the files').
    expect(Object.keys(people.schema)).toEqual(Object.keys(personSchema.shape));
    // The id is the file name, made by the slug field from the name; the editor accepts the ids Astro's loader does.
    expect(people.slugField).toBe('name');
    expect(people.schema.name.formKind).toBe('slug');
    for (const id of ['marcus-reid', 'r2-d2', 'Marcus-Reid', 'marcus_reid', 'marcus--reid', '-marcus', 'marcus reid', 'marcus.reid']) {
      expect(slugProblem(people.schema.name, 'Someone', id, []) === undefined, `the editor and entryIdPattern on "${id}"`).toBe(entryIdPattern.test(id));
    }
    expect(slugProblem(people.schema.name, 'Someone', 'marcus-reid', ['marcus-reid']), 'an id that is taken').toBeDefined();
    expect(slugProblem(people.schema.name, '', 'someone', []), 'a person without a name').toBeDefined();
  });

  it("an article's author is a pick among the people (Keystatic's relationship to the people collection), and each names one", () => {
    const [, articles] = collections.find(([n]) => n === 'articles')!;
    const author = articles.schema.author;
    expect(author.kind).toBe('form');
    // The relationship field renders Keystatic's picker of that collection's entries (its props name the collection).
    expect(author.Input!({}).props.collection).toBe('people');
    expect(() => author.validate!(author.parse!(undefined)), 'the author is required').toThrow();
    const [, people] = collections.find(([n]) => n === 'people')!;
    const peopleFolder = path.join(root, rel(people.path!.replace(/\/\*$/, '')));
    const folder = path.join(root, rel(articles.path!.replace(/\/\*$/, '')));
    for (const file of fs.readdirSync(folder).filter((f) => f.endsWith('.md'))) {
      const { author: id } = frontMatter(path.join(folder, file)).data;
      expect(fs.existsSync(path.join(peopleFolder, `${String(id)}.yaml`)), `${rel(path.join(folder, file))}: author "${String(id)}" is no file of ${rel(peopleFolder)}`).toBe(true);
    }
  });

  it('storage is the working copy unless KEYSTATIC_GITHUB_REPO names a repository', () => {
    expect(keystaticConfig.storage.kind).toBe(process.env.KEYSTATIC_GITHUB_REPO ? 'github' : 'local');
  });
});
