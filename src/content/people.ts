import { site } from './site';

/**
 * Every person named on the site, once: the team (/about, blog bylines, press contacts) and the customers
 * quoted on /, /agency and elsewhere. Other content modules reference a person by key (`people.marcusReid`)
 * and never retype a name, role or company (docs/content.md; tests/unit/content-consistency.test.ts checks
 * it). The people are made up; they are shown with initials, never with photos.
 */
type PersonEntry = { name: string; role: string; company: string };

const registry = {
  // The team (company: the brand).
  ameliaChen: { name: 'Amelia Chen', role: 'Co-founder & CEO', company: site.name },
  jonasWeber: { name: 'Jonas Weber', role: 'Co-founder & CTO', company: site.name },
  marcusReid: { name: 'Marcus Reid', role: 'Head of Product', company: site.name },
  elenaPark: { name: 'Elena Park', role: 'Head of Content', company: site.name },
  priyaShah: { name: 'Priya Shah', role: 'Head of Customer Success', company: site.name },
  tomBecker: { name: 'Tom Becker', role: 'Developer Advocate', company: site.name },
  luciaRomero: { name: 'Lucía Romero', role: 'Lead Product Designer', company: site.name },
  kwameMensah: { name: 'Kwame Mensah', role: 'Head of Partnerships', company: site.name },
  hannahBrooks: { name: 'Hannah Brooks', role: 'Communications Manager', company: site.name },

  // Customers of the product (home page).
  sarahChen: { name: 'Sarah Chen', role: 'Social Media Manager', company: 'Bloom & Co.' },
  marcusJohnson: { name: 'Marcus Johnson', role: 'Founder', company: 'Northside Fitness' },
  priyaPatel: { name: 'Priya Patel', role: 'Creative Director', company: 'Lumen Studio' },
  danielOkafor: { name: 'Daniel Okafor', role: 'Head of Marketing', company: 'Cedar Labs' },

  // Clients of the agency service (/agency).
  mayaHoffman: { name: 'Maya Hoffman', role: 'Founder', company: 'Bloom & Stem Florals' },
  jordanEllis: { name: 'Jordan Ellis', role: 'Marketing Director', company: 'Riverbend Fitness' },
  sofiaMarchetti: { name: 'Sofia Marchetti', role: 'Owner', company: 'Trattoria Marchetti' },
} as const satisfies Record<string, PersonEntry>;

export type PersonKey = keyof typeof registry;

export type Person = PersonEntry & {
  /** Two capital letters for the avatar circle, from the name. */
  initials: string;
};

/** Two initials from a name ('Lucía Romero' -> 'LR'). */
export function initials(name: string) {
  return name
    .split(/\s+/)
    .map((p) => p[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

export const people: Readonly<Record<PersonKey, Person>> = Object.freeze(
  Object.fromEntries(Object.entries(registry).map(([key, p]) => [key, Object.freeze({ ...p, initials: initials(p.name) })])) as Record<
    PersonKey,
    Person
  >,
);

/** The people working at the company (company is the brand). */
export const isStaff = (p: Person) => p.company === site.name;
