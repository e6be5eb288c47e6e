import * as React from 'react';
import { filtersToQuery, readFilters, type FilterState } from '@/lib/filters';

// The filter state of the site's lists (templates, careers, blog) lives in the URL (`?q=&category=`):
// reload, back and a shared link show the same view. Read with useSyncExternalStore (server snapshot: no
// filters), so a prerendered list hydrates as it is instead of being rendered again on the client.
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
const getServerSearch = () => '';

/** Writes `next` into the address (keeping its fragment): 'push' adds a history entry, 'replace' does not. */
function navigate(next: FilterState, mode: 'push' | 'replace' = 'replace') {
  const url = `${window.location.pathname}${filtersToQuery(next)}${window.location.hash}`;
  if (mode === 'push') window.history.pushState(window.history.state, '', url);
  else window.history.replaceState(window.history.state, '', url);
  window.dispatchEvent(new Event(urlEvent));
}

/**
 * The list's filters as the URL holds them, and the function that changes them. `searchInput`: the list's
 * search box; what was typed into it before the island hydrated (it hydrates on the first focus) is taken
 * over once it has.
 */
export function useUrlFilters(categories: readonly string[], searchInput?: React.RefObject<HTMLInputElement | null>): [FilterState, typeof navigate] {
  const search = React.useSyncExternalStore(subscribe, getSearch, getServerSearch);
  const state = React.useMemo(() => readFilters(new URLSearchParams(search), categories), [search, categories]);
  React.useEffect(() => {
    const typed = searchInput?.current?.value;
    if (typed !== undefined && typed !== state.q) navigate({ ...state, q: typed }, 'replace');
    // Once, after hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return [state, navigate];
}
