/**
 * The one filtering rule of the site's lists (templates, careers, blog):
 * a case-insensitive search over some text fields, ANDed with a category where 'All' matches everything.
 */
export const ALL = 'All';

export type FilterState = { q: string; category: string };

export const clearedFilters: FilterState = { q: '', category: ALL };

export function matchesFilters<T>(
  item: T,
  { q, category }: FilterState,
  fields: { text: (item: T) => (string | undefined)[]; category: (item: T) => string },
): boolean {
  if (category && category !== ALL && fields.category(item) !== category) return false;
  const needle = q.trim().toLocaleLowerCase();
  if (!needle) return true;
  return fields.text(item).some((t) => (t ?? '').toLocaleLowerCase().includes(needle));
}

export function filterItems<T>(
  items: readonly T[],
  state: FilterState,
  fields: { text: (item: T) => (string | undefined)[]; category: (item: T) => string },
): T[] {
  return items.filter((item) => matchesFilters(item, state, fields));
}

/**
 * The pages whose list is filtered by their address's query (`?q=&category=`): a GET of one of them with a
 * query is rendered on request (server/serve.ts, src/pages/on-request); the page reads the query with readFilters.
 */
export const filteredListPages: readonly string[] = ['/blog', '/careers', '/templates'];

/**
 * Whether an address's query can change a filtered list: it names `q` or `category`. Any other query (a
 * campaign's `utm_source`, a reader's `?ref=`) leaves the list as prerendered, so the server answers with the
 * prerendered file itself.
 */
export function namesFilters(params: URLSearchParams): boolean {
  return params.has('q') || params.has('category');
}

/** The longest search text kept (the search boxes take no more; a longer `q` in a URL is cut). */
export const MAX_QUERY_LENGTH = 100;

/**
 * Reads the filter state from URL search params (`?q=&category=`); an unknown category reads as 'All', a
 * repeated parameter counts once (the first), and `q` is cut to MAX_QUERY_LENGTH (never inside a
 * surrogate pair). `q` keeps its spaces, so typing "social " does not lose the space; the filter itself
 * ignores surrounding spaces. The server renders a filtered list with this same function (what the
 * browser's first render reads must be the same state).
 */
export function readFilters(
  params: { get(name: string): string | null } | Record<string, string | string[] | undefined>,
  categories: readonly string[],
): FilterState {
  const get = (name: string) => {
    if (typeof (params as { get?: unknown }).get === 'function') return (params as { get(n: string): string | null }).get(name);
    const v = (params as Record<string, string | string[] | undefined>)[name];
    return Array.isArray(v) ? v[0] : v;
  };
  let q = (get('q') ?? '').slice(0, MAX_QUERY_LENGTH);
  if (/[\uD800-\uDBFF]$/.test(q)) q = q.slice(0, -1);
  const raw = get('category') ?? ALL;
  return { q, category: categories.includes(raw) ? raw : ALL };
}

/** The query string for a filter state, leaving out defaults: '' for the cleared state. */
export function filtersToQuery({ q, category }: FilterState): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (category && category !== ALL) params.set('category', category);
  const s = params.toString();
  return s ? `?${s}` : '';
}
