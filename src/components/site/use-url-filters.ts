import * as React from 'react';
import { clearedFilters, filtersToQuery, readFilters, type FilterState } from '@/lib/filters';

// The filter state of the site's lists (templates, careers, blog) lives in the URL (`?q=&category=`):
// reload, back and a shared link show the same view. Read with useSyncExternalStore, whose server snapshot
// is the state the HTML was rendered with (the list's `filters` prop): cleared in the prerendered page, the
// request's query when Astro rendered the page for a GET with a query (src/pages/on-request; without
// JavaScript the filters are a plain GET form). The island gets the same prop in the browser, so its first
// render hydrates the HTML as it is; then the URL takes over.
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

/** Writes `next` into the address (keeping its fragment): 'push' adds a history entry, 'replace' does not. */
function navigate(next: FilterState, mode: 'push' | 'replace' = 'replace') {
  const url = `${window.location.pathname}${filtersToQuery(next)}${window.location.hash}`;
  if (mode === 'push') window.history.pushState(window.history.state, '', url);
  else window.history.replaceState(window.history.state, '', url);
  window.dispatchEvent(new Event(urlEvent));
}

/**
 * The list's filters as the URL holds them and the function that changes them. `rendered`: the state the
 * page was rendered with (cleared when prerendered). `searchInput`: the list's search box; what was typed
 * into it before the island hydrated (it hydrates on the first focus) is taken over once it has.
 */
export function useUrlFilters(
  categories: readonly string[],
  rendered: FilterState = clearedFilters,
  searchInput?: React.RefObject<HTMLInputElement | null>,
): [FilterState, typeof navigate] {
  const renderedSearch = filtersToQuery(rendered);
  const getServerSnapshot = () => renderedSearch;
  const search = React.useSyncExternalStore(subscribe, getSearch, getServerSnapshot);
  const state = React.useMemo(() => readFilters(new URLSearchParams(search), categories), [search, categories]);
  React.useEffect(() => {
    const typed = searchInput?.current?.value;
    if (typed !== undefined && typed !== state.q) navigate({ ...state, q: typed }, 'replace');
    // Once, after hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return [state, navigate];
}

/**
 * A plain click on a link (no modifier key, main button): the list handles it in place; any other click
 * (new tab, new window) is left to the browser.
 */
export function isPlainClick(e: React.MouseEvent) {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}
