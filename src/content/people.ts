// Every person named on the site, once: src/content/people.yaml (the team, the blog's authors, the
// press contacts, and the customers quoted on / and /agency). Other content names a person by id and
// never retypes a name, role or company (tests/unit/content-consistency.test.ts checks it). The people are
// made up; they are shown with initials, never with photos.
import { checked, ContentError, readYamlFile } from '@/lib/content/entries';
import { initials, type Person } from './person-model';
import { peopleFileSchema } from './schemas';
import { site } from '@/lib/config/site';

export { initials, type Person } from './person-model';

function readPeople(): readonly Person[] {
  const { file, data } = readYamlFile('people.yaml');
  const list = checked(peopleFileSchema, data, file).people;
  const seen = new Set<string>();
  return Object.freeze(
    list.map((p, i) => {
      if (seen.has(p.id)) throw new ContentError(file, `people.${i}.id: "${p.id}" is used twice`);
      seen.add(p.id);
      return Object.freeze({ id: p.id, name: p.name, role: p.role, company: p.company ?? site.name, initials: initials(p.name) });
    }),
  );
}

/** Everyone, in the file's order. */
export const people: readonly Person[] = readPeople();

/** The person with this id, or undefined. */
export const findPerson = (id: string) => people.find((p) => p.id === id);

/** The person with this id; an id that is not in people.yaml stops the build. */
export function person(id: string): Person {
  const found = findPerson(id);
  if (!found) throw new Error(`src/content/people.yaml has no person "${id}"`);
  return found;
}
