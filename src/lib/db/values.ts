/** A timestamp from a raw query: the pg driver gives strings, PGlite gives Dates. */
export const asDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
