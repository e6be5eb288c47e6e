// The answer to GET /blog, /careers or /templates with a query (`?q=&category=`, what their filter form
// sends without JavaScript, or a shared link): the page's prerendered HTML in which only the list island's
// children are rendered again, for that filter state (the count line, the matching cards or the empty
// state). The island element keeps its attributes, so the list still hydrates: its first render in the
// browser reads the same state back from the form's `data-filters` (components/site/use-url-filters.ts).
// Nothing else of the page changes (no script is added: the page's CSP hashes stay valid).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ServerFilterSearch } from '@/components/site/use-url-filters';
import { ArticleList, articleSummaries } from '@/components/sections/company/article-list';
import { JobList } from '@/components/sections/company/job-list';
import { TemplateGallery } from '@/components/sections/product/templates/template-gallery';
import { blogCategories } from '@/content/blog';
import { departments } from '@/content/careers';
import { templateFilterChips, templates } from '@/content/templates';
import { filtersToQuery, readFilters } from '@/lib/filters';
import { builtContent } from './built-content';
import { sendPage } from './send-page';
import type { StaticFiles } from './static-files';

type FilteredList = {
  /** The island's `component-export` attribute in the prerendered page. */
  component: string;
  categories: readonly string[];
  /** The island's component with the props the page gives it. */
  element: () => ReactElement;
};

const { articles, jobs } = await builtContent();
const summaries = articleSummaries(articles);

export const filteredLists: Record<string, FilteredList> = {
  '/blog': { component: 'ArticleList', categories: blogCategories, element: () => <ArticleList articles={summaries} /> },
  '/careers': { component: 'JobList', categories: departments, element: () => <JobList jobs={jobs} /> },
  '/templates': { component: 'TemplateGallery', categories: templateFilterChips, element: () => <TemplateGallery templates={templates} /> },
};

/** Where the island's children are in the page, and its `prefix` (React's useId prefix, which the browser uses too). */
function locateIsland(html: string, component: string): { start: number; end: number; prefix?: string } | undefined {
  const marker = html.indexOf(` component-export="${component}"`);
  const open = html.lastIndexOf('<astro-island ', marker);
  if (marker < 0 || open < 0) return undefined;
  // The end of the opening tag: the first '>' outside a quoted attribute value.
  let openEnd = -1;
  for (let i = open, quoted = false; i < html.length; i++) {
    if (html[i] === '"') quoted = !quoted;
    else if (html[i] === '>' && !quoted) {
      openEnd = i;
      break;
    }
  }
  if (openEnd < marker) return undefined;
  const close = html.indexOf('</astro-island>', openEnd);
  if (close < 0) return undefined;
  // The island ends with Astro's end marker (its loader waits for it); it stays.
  const endMarker = '<!--astro:end-->';
  const end = html.slice(openEnd + 1, close).endsWith(endMarker) ? close - endMarker.length : close;
  return { start: openEnd + 1, end, prefix: /\sprefix="([^"]*)"/.exec(html.slice(open, openEnd))?.[1] };
}

/**
 * The page at `pathname` (its prerendered HTML) with its list rendered for `search` (a query string);
 * undefined when this is not such a page or its list is not found in it.
 */
export function pageWithFilteredList(pageHtml: string, pathname: string, search: string): string | undefined {
  const list = filteredLists[pathname];
  if (!list) return undefined;
  const place = locateIsland(pageHtml, list.component);
  if (!place) return undefined;
  // The state as the browser will read it (unknown category: All; q cut to 100 characters), written back as a query.
  const state = readFilters(new URLSearchParams(search), list.categories);
  const markup = renderToString(<ServerFilterSearch.Provider value={filtersToQuery(state)}>{list.element()}</ServerFilterSearch.Provider>, {
    identifierPrefix: place.prefix,
  })
    // As Astro's React renderer does: React's resource hints (an image preload) stay out of the island.
    .replace(/<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g, '');
  return pageHtml.slice(0, place.start) + markup + pageHtml.slice(place.end);
}

/**
 * Answers a GET or HEAD of one of the filtered lists' pages with a query; false when the request is not one
 * (no query, another path or method) or the page cannot be rendered (then the prerendered page answers).
 *
 * Cache-Control: `public, max-age=60`. The answer depends on the address only (no cookie, nothing
 * personal), so a browser's Back and a shared cache may reuse it; a minute, because a deploy changes the
 * cards and the hashed script addresses the page refers to (the prerendered pages revalidate every time).
 */
export async function answerFilteredList(req: IncomingMessage, res: ServerResponse, files: StaticFiles, https: boolean, onError: (err: unknown) => void): Promise<boolean> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const raw = req.url ?? '/';
  const q = raw.indexOf('?');
  if (q < 0 || q === raw.length - 1) return false;
  let pathname: string;
  try {
    pathname = decodeURIComponent(raw.slice(0, q));
  } catch {
    return false;
  }
  if (!Object.hasOwn(filteredLists, pathname)) return false;
  const page = files.page(pathname);
  if (!page) return false;
  let html: string | undefined;
  try {
    html = pageWithFilteredList(page.html, pathname, raw.slice(q + 1));
  } catch (err) {
    onError(err);
  }
  if (html === undefined) return false;
  await sendPage(req, res, { html, policy: page.policy, cacheControl: 'public, max-age=60', https });
  return true;
}
