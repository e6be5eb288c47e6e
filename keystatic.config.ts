// Keystatic (https://keystatic.com): the editor at /keystatic for the content of src/content, added to
// `astro dev` only (astro.config.mjs); the production build has no /keystatic or /api/keystatic route.
// It edits the very files that src/content.config.ts declares to Astro, in the same layout: Markdown with
// YAML front matter (same keys, same order), and one YAML file per person in src/content/people (the file
// name is the person's id). The choices (categories, departments, job types, the person id rule) come from
// the collections' zod schemas (src/content/schemas.ts);
// tests/unit/keystatic-config.test.ts fails when the editor's fields and those schemas, or the files, part ways.
//
// Storage: the working copy (local mode) by default; with KEYSTATIC_GITHUB_REPO=owner/name, GitHub mode
// (a save is a commit on a branch of that repository; README "Editing content").
import { collection, config, fields, singleton } from '@keystatic/core';
import type { BasicFormField, FormFieldStoredValue } from '@keystatic/core';
import { Grid } from '@keystar/ui/layout';
import { Text } from '@keystar/ui/typography';
import { createElement, useId } from 'react';
import { articleSchema, jobSchema, entryIdPattern } from './src/content/schemas';

const githubRepo = process.env.KEYSTATIC_GITHUB_REPO;

// ---------------------------------------------------------------------------------------------------------
// Fields that write what the site's schemas (src/content/schemas.ts) expect and nothing more, so that a
// save changes only what the editor changed.

/** A day, 'YYYY-MM-DD', with a date picker; written as a quoted string (Keystatic's own date field writes
 * an unquoted YAML date, which other YAML readers turn into a timestamp). */
function day(label: string, description?: string): BasicFormField<string | null, string> {
  const field = fields.date({ label, description, validation: { isRequired: true } });
  return { ...field, serialize: (value) => ({ value: value ?? undefined }) };
}

/** An optional flag: written as `key: true` when ticked and left out when not. */
function flag(label: string, description: string): BasicFormField<boolean> {
  const field = fields.checkbox({ label, description });
  return { ...field, serialize: (value) => ({ value: value ? true : undefined }) };
}

/**
 * One piece of Markdown: `## ` headings, paragraphs and `- ` lists, and for articles (`rich`) `### `
 * subheadings, numbered lists and tables too, which is all the pages render (the loader of
 * src/content.config.ts refuses anything else, and reads the editor's `{% table %}` tags as tables); bold,
 * links, images and the like are off.
 */
function body(label: string, { headings, rich = false }: { headings: boolean; /** Subheadings, numbered lists and tables (articles). */ rich?: boolean }) {
  return fields.markdoc({
    label,
    extension: 'md',
    options: {
      heading: headings ? (rich ? [2, 3] : [2]) : false,
      unorderedList: true,
      orderedList: rich,
      bold: false,
      italic: false,
      strikethrough: false,
      code: false,
      codeBlock: false,
      blockquote: false,
      divider: false,
      link: false,
      image: false,
      table: rich,
    },
  });
}

type Office = { city: string; region: string; country: string };
const noOffice: Office = { city: '', region: '', country: '' };
const countryCode = /^[A-Z]{2}$/;

function officeProblem(o: Office): string | undefined {
  const filled = [o.city, o.region, o.country].filter((v) => v.trim() !== '').length;
  if (filled === 0) return undefined;
  if (filled < 3) return 'Fill in city, region and country, or leave all three empty for a remote job.';
  if (!countryCode.test(o.country.trim())) return 'The country is a two-letter code such as US or GB.';
  return undefined;
}

const cityInput = fields.text({ label: 'City', description: 'e.g. London' }).Input;
const regionInput = fields.text({ label: 'Region', description: 'State or area, e.g. CA' }).Input;
const countryInput = fields.text({ label: 'Country', description: 'Two-letter code, e.g. US' }).Input;

/** A job's office ({ city, region, country }), left out of the file when the three are empty (remote jobs). */
function office(): BasicFormField<Office, Office, Office | undefined> {
  function OfficeInput(props: { value: Office; onChange(value: Office): void; autoFocus: boolean; forceValidation: boolean }) {
    const id = useId();
    const { value, onChange, forceValidation } = props;
    const problem = officeProblem(value);
    const part = (key: keyof Office, Input: typeof cityInput) =>
      createElement(Input, { key, value: value[key], onChange: (v: string) => onChange({ ...value, [key]: v }), autoFocus: false, forceValidation: false });
    return createElement(
      Grid,
      { role: 'group', gap: 'medium', 'aria-labelledby': `${id}-label`, 'aria-describedby': `${id}-description` },
      createElement(Text, { id: `${id}-label`, color: 'neutralEmphasis', size: 'medium', weight: 'semibold' }, 'Office'),
      createElement(Text, { id: `${id}-description`, size: 'regular', color: 'neutralSecondary' }, 'For a hybrid or on-site job. Leave the three empty for a remote job.'),
      createElement(Grid, { columns: 'repeat(3, minmax(auto, 1fr))', columnGap: 'medium' }, part('city', cityInput), part('region', regionInput), part('country', countryInput)),
      forceValidation && problem ? createElement(Text, { role: 'alert', color: 'critical' }, problem) : null,
    );
  }
  return {
    kind: 'form',
    label: 'Office',
    Input: OfficeInput,
    defaultValue: () => noOffice,
    parse(stored: FormFieldStoredValue): Office {
      if (stored === undefined || stored === null) return noOffice;
      const o = stored as Partial<Record<keyof Office, unknown>>;
      return { city: String(o.city ?? ''), region: String(o.region ?? ''), country: String(o.country ?? '') };
    },
    validate(value) {
      const problem = officeProblem(value);
      if (problem) throw new Error(problem);
      return value;
    },
    serialize(value) {
      const v = { city: value.city.trim(), region: value.region.trim(), country: value.country.trim() };
      return { value: v.city || v.region || v.country ? v : undefined };
    },
    reader: { parse: (stored) => stored as Office | undefined },
  };
}

type Place = { kind: 'Country' | 'AdministrativeArea'; name: string };
const placeLine = /^(Country|AdministrativeArea)\s*:\s*(\S.*)$/;

function placesProblem(lines: string[]): string | undefined {
  const bad = lines.find((l) => !placeLine.test(l));
  return bad === undefined ? undefined : `"${bad}" is not "Country: US" or "AdministrativeArea: Europe".`;
}
const placeLines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

const remoteText = fields.text({
  label: 'Remote from',
  multiline: true,
  description:
    'For a remote job, where it can be done from, one place a line: "Country: US" (a two-letter code) or "AdministrativeArea: Europe" (a state or region). Leave empty for an office job.',
});

/** A remote job's places ([{ kind, name }]), one `Kind: name` a line; left out of the file when empty. */
function remoteIn(): BasicFormField<string, string, Place[] | undefined> {
  return {
    kind: 'form',
    label: 'Remote from',
    Input(props) {
      const problem = placesProblem(placeLines(props.value));
      return createElement(
        Grid,
        { gap: 'regular' },
        createElement(remoteText.Input, props),
        props.forceValidation && problem ? createElement(Text, { role: 'alert', color: 'critical' }, problem) : null,
      );
    },
    defaultValue: () => '',
    parse(stored) {
      if (!Array.isArray(stored)) return '';
      return (stored as Place[]).map((p) => `${p.kind}: ${p.name}`).join('\n');
    },
    validate(value) {
      const problem = placesProblem(placeLines(value));
      if (problem) throw new Error(problem);
      return value;
    },
    serialize(value) {
      const places = placeLines(value).map((l): Place => {
        const [, kind, name] = placeLine.exec(l)!;
        return { kind: kind as Place['kind'], name: name.trim() };
      });
      return { value: places.length ? places : undefined };
    },
    reader: { parse: (stored) => stored as Place[] | undefined },
  };
}

/** A page of src/content/legal (privacy.md, terms.md, cookies.md): the page's title is in the page itself. */
function legalDocument(label: string, name: string) {
  return singleton({
    label,
    path: `src/content/legal/${name}`,
    format: { contentField: 'body' },
    entryLayout: 'content',
    schema: {
      updated: day('Last updated'),
      body: body('Text', { headings: true }),
    },
  });
}

const title = (label = 'Title') => fields.slug({ name: { label, validation: { isRequired: true } }, slug: { label: 'File name', description: 'The name of the file in src/content (and of the page address where there is one).' } });
const required = { isRequired: true } as const;

export default config({
  storage: githubRepo ? { kind: 'github', repo: githubRepo as `${string}/${string}` } : { kind: 'local' },
  ui: {
    brand: { name: 'Postcraft' },
    navigation: { Content: ['articles', 'jobs', 'pressReleases'], Company: ['people', 'privacy', 'terms', 'cookies'] },
  },
  collections: {
    articles: collection({
      label: 'Blog articles',
      path: 'src/content/articles/*',
      slugField: 'title',
      format: { contentField: 'body' },
      entryLayout: 'content',
      columns: ['title', 'date'],
      schema: {
        title: title(),
        excerpt: fields.text({ label: 'Excerpt', multiline: true, validation: { isRequired: true, length: { max: 240 } } }),
        // The id of a person (the name of their file in src/content/people): a pick among the People entries.
        author: fields.relationship({ label: 'Author', description: 'A person of People.', collection: 'people', validation: required }),
        date: day('Date', 'Day of publication'),
        category: fields.select({
          label: 'Category',
          options: articleSchema.shape.category.options.map((c) => ({ label: c, value: c })),
          defaultValue: 'Social Media',
        }),
        featured: flag('Featured', 'The big card at the top of /blog'),
        trending: flag('Trending', 'Listed under Trending on /blog'),
        body: body('Text', { headings: true, rich: true }),
      },
    }),
    jobs: collection({
      label: 'Jobs',
      path: 'src/content/jobs/*',
      slugField: 'title',
      format: { contentField: 'body' },
      columns: ['title', 'posted'],
      schema: {
        title: title(),
        department: fields.select({
          label: 'Department',
          options: jobSchema.shape.department.options.map((d) => ({ label: d, value: d })),
          defaultValue: 'Engineering',
        }),
        location: fields.text({ label: 'Location', description: 'As shown on the card, e.g. "Remote (US)" or "London, UK (Hybrid)"', validation: required }),
        remoteIn: remoteIn(),
        office: office(),
        type: fields.select({
          label: 'Type',
          options: jobSchema.shape.type.options.map((t) => ({ label: t, value: t })),
          defaultValue: 'Full-time',
        }),
        experience: fields.text({ label: 'Experience', description: 'e.g. "5+ years"', validation: required }),
        requirements: fields.array(fields.text({ label: 'Requirement', validation: required }), {
          label: 'Requirements',
          itemLabel: (props) => props.value,
          validation: { length: { min: 1 } },
        }),
        posted: day('Posted'),
        body: body('Description', { headings: false }),
      },
    }),
    pressReleases: collection({
      label: 'Press releases',
      path: 'src/content/press-releases/*',
      slugField: 'title',
      format: { contentField: 'body' },
      columns: ['title', 'date'],
      schema: {
        title: title(),
        date: day('Date'),
        body: body('Summary', { headings: false }),
      },
    }),
    // One file per person, src/content/people/<id>: `name` is the slug field, so the editor makes the id (the
    // file name) from the name, lets it be changed, and refuses one that is taken or that Astro's loader
    // would refuse. The keys are written in personSchema's order: name, role, company (left out when empty).
    people: collection({
      label: 'People',
      path: 'src/content/people/*',
      slugField: 'name',
      format: { data: 'yaml' },
      columns: ['name', 'role', 'company'],
      schema: {
        name: fields.slug({
          name: { label: 'Name', validation: required },
          slug: {
            label: 'Id',
            description: 'The name of the file, made from the name (marcus-reid); articles name their author by it, so renaming it breaks theirs.',
            validation: { pattern: { regex: entryIdPattern, message: 'Lower-case words joined by "-"' } },
          },
        }),
        role: fields.text({ label: 'Role', validation: required }),
        company: fields.text({ label: 'Company', description: 'Empty for our own people' }),
      },
    }),
  },
  singletons: {
    privacy: legalDocument('Privacy policy', 'privacy'),
    terms: legalDocument('Terms of service', 'terms'),
    cookies: legalDocument('Cookie policy', 'cookies'),
  },
});
