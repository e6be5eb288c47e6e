// Every person named on the site, once: src/content/people.yaml (the team, the blog's authors, the press
// contacts, and the customers quoted on / and /agency), read by Astro (the `people` collection). Other
// content names a person by id and never retypes a name, role or company (tests/unit/content-consistency.test.ts
// checks it). The people are made up; they are shown with initials, never with photos.
import type { ContentEntry } from './entries';
import { peopleFrom, type Person, type PersonData } from './person-model';
import { site } from '@/lib/config/site';

export { initials, personIn, type Person } from './person-model';

/** The entries of the `people` collection as the pages show them, in the file's order. */
export function peopleOf(entries: readonly ContentEntry[]): readonly Person[] {
  return peopleFrom(
    entries.map((e) => ({ ...(e.data as PersonData), id: e.id })),
    site.name,
  );
}
