// Every person named on the site, once: one file each, src/content/people/<id>.yaml (the team, the blog's
// authors, the press contacts, and the customers quoted on / and /agency), read by Astro (the `people`
// collection). Other content names a person by id and never retypes a name, role or company
// (tests/unit/content-consistency.test.ts checks it). The people are made up; they are shown with initials,
// never with photos.
import type { ContentEntry } from './entries';
import { peopleFrom, type Person, type PersonData } from './person-model';
import { site } from '@/lib/config/site';

export { initials, personIn, type Person } from './person-model';

/**
 * The entries of the `people` collection as the pages show them, by id (the file name). The list's order
 * is shown nowhere: every page picks its people by id and sets their order itself (`teamOf` in about.ts,
 * `pressContactsOf` in press.ts, `testimonialsOf` in home.ts, `agencyTestimonialsOf` in programmes.ts),
 * so the files carry no order field; sorting by id only makes the list the same on every machine
 * (the loader of src/content.config.ts stores them by file name, but nothing should rely on it).
 */
export function peopleOf(entries: readonly ContentEntry[]): readonly Person[] {
  return peopleFrom(
    entries.map((e) => ({ ...(e.data as Omit<PersonData, 'id'>), id: e.id })).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    site.name,
  );
}
