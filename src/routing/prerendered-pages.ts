// The prerendered pages as components, found by their public path: what src/pages/on-request renders
// again for a request (a form posted without JavaScript, a filtered list). Read from the pages folder itself,
// so a new page needs nothing here.
import type { GetStaticPathsItem } from 'astro';
import type { AstroComponentFactory } from 'astro/runtime/server/index.js';

type PageModule = { default: AstroComponentFactory; prerender?: boolean } & Record<string, unknown>;
// The public pages; the staff area, the 404 page and this route's own folder are rendered on request anyway.
const modules = import.meta.glob<PageModule>(['/src/pages/**/*.astro', '!/src/pages/on-request/**', '!/src/pages/404.astro', '!/src/pages/staff/**']);

const routes = Object.entries(modules).map(([file, load]) => {
  const route = file.slice('/src/pages'.length, -'.astro'.length).replace(/\/index$/, '') || '/';
  const params: string[] = [];
  const pattern = route.replace(/\[(\.\.\.)?([^\]]+)\]/g, (_, rest: string | undefined, name: string) => (params.push(name), rest ? '(.+)' : '([^/]+)'));
  return { pattern: new RegExp(`^${pattern}$`), params, load };
});

/** The prerendered page at `path` and the props its static paths give that path; undefined when there is none. */
export async function findPrerenderedPage(path: string): Promise<{ Page: AstroComponentFactory; props: Record<string, unknown> } | undefined> {
  for (const route of routes) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    const mod = await route.load();
    if (mod.prerender === false) continue;
    if (!route.params.length) return { Page: mod.default, props: {} };
    const values = route.params.map((_, i) => decodeURIComponent(match[i + 1]));
    const staticPaths = mod['getStaticPaths'] as (() => GetStaticPathsItem[] | Promise<GetStaticPathsItem[]>) | undefined;
    const entry = (await staticPaths?.())?.find((p) => route.params.every((name, i) => String(p.params[name]) === values[i]));
    if (entry) return { Page: mod.default, props: entry.props ?? {} };
  }
  return undefined;
}
