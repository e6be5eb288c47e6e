import * as React from 'react';
import { filtersToQuery, readFilters, type FilterState } from '@/lib/filters';

// The filter state of the site's lists (templates, careers, blog) lives in the URL (`?q=&category=`):
// reload, back and a shared link show the same view. Read with useSyncExternalStore, whose server snapshot
// is the state the HTML was rendered with: none in the prerendered page, the request's query when the
// server rendered the list for a GET with a query (server/filtered-lists.tsx; without JavaScript the
// filters are a plain GET form). The list's <form> carries that state (`data-filters`), so the browser's
// first render reads it back from there and hydrates the HTML as it is; then the URL takes over.
const urlEvent = 'postcraft:url';
function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener(urlEvent, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(urlEvent, onChange);
  };
}
const getSearch = () => window.location.search;

/** The query the server renders a list with (server/filtered-lists.tsx); '' when prerendering. */
export const ServerFilterSearch = React.createContext('');

/** Writes `next` into the address (keeping its fragment): 'push' adds a history entry, 'replace' does not. */
function navigate(next: FilterState, mode: 'push' | 'replace' = 'replace') {
  const url = `${window.location.pathname}${filtersToQuery(next)}${window.location.hash}`;
  if (mode === 'push') window.history.pushState(window.history.state, '', url);
  else window.history.replaceState(window.history.state, '', url);
  window.dispatchEvent(new Event(urlEvent));
}

/**
 * The list's filters as the URL holds them, the function that changes them, and the props of the list's
 * <form> (its id and the state it was rendered with). `searchInput`: the list's search box; what was typed
 * into it before the island hydrated (it hydrates on the first focus) is taken over once it has.
 */
export function useUrlFilters(
  categories: readonly string[],
  searchInput?: React.RefObject<HTMLInputElement | null>,
): [FilterState, typeof navigate, { id: string; 'data-filters': string }] {
  const formId = React.useId();
  const serverSearch = React.useContext(ServerFilterSearch);
  const getServerSnapshot = () =>
    typeof document === 'undefined' ? serverSearch : (document.getElementById(formId)?.getAttribute('data-filters') ?? '');
  const search = React.useSyncExternalStore(subscribe, getSearch, getServerSnapshot);
  const state = React.useMemo(() => readFilters(new URLSearchParams(search), categories), [search, categories]);
  React.useEffect(() => {
    const typed = searchInput?.current?.value;
    if (typed !== undefined && typed !== state.q) navigate({ ...state, q: typed }, 'replace');
    // Once, after hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return [state, navigate, { id: formId, 'data-filters': filtersToQuery(state) }];
}

/**
 * A plain click on a link (no modifier key, main button): the list handles it in place; any other click
 * (new tab, new window) is left to the browser.
 */
export function isPlainClick(e: React.MouseEvent) {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}
