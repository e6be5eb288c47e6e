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
