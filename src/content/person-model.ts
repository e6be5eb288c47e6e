// A person as the pages show them (no file is read here: islands may import it).

export type Person = {
  /** The id that other content uses to name them ('marcus-reid'). */
  id: string;
  name: string;
  role: string;
  /** The company they work for (the brand for the team). */
  company: string;
  /** Two capital letters for the avatar circle, from the name. */
  initials: string;
};

/** Two initials from a name ('Ada Lovelace' -> 'AL'). */
export function initials(name: string) {
  return name
    .split(/\s+/)
    .map((p) => p[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** A person as their file src/content/people/<id>.yaml holds them (src/content/schemas.ts: personSchema), with the id. */
export type PersonData = { id: string; name: string; role: string; company?: string };

/** The people of src/content/people as the pages show them; `ownCompany` is the company of those without one (the team). */
export function peopleFrom(list: readonly PersonData[], ownCompany: string): readonly Person[] {
  return Object.freeze(list.map((p) => Object.freeze({ id: p.id, name: p.name, role: p.role, company: p.company ?? ownCompany, initials: initials(p.name) })));
}

/** The person with this id; an id that has no file in src/content/people stops the build. */
export function personIn(people: readonly Person[], id: string): Person {
  const found = people.find((p) => p.id === id);
  if (!found) throw new Error(`src/content/people has no person "${id}" (no file ${id}.yaml)`);
  return found;
}
