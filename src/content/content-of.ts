// What the pages show of the collections, from any source of entries: Astro's content layer for the site
// (src/content/collections.ts), a copy of the content synced by Astro for the tests.
import { articlesOf } from './blog';
import { jobsOf } from './careers';
import type { ContentSource } from './entries';
import { legalDocumentsOf } from './legal';
import { peopleOf } from './people';
import { pressReleasesOf } from './press';

/**
 * `memoize`: each getter reads and shapes its collection once, for a built site whose content cannot change
 * (a filtered list or a form's answer rendered on request then costs no content work). Off under `astro dev`,
 * where an edited file shows on the next request.
 */
export function contentOf(source: ContentSource, { memoize = false }: { memoize?: boolean } = {}) {
  const once = <T>(get: () => Promise<T>): (() => Promise<T>) => {
    if (!memoize) return get;
    let value: Promise<T> | undefined;
    return () => {
      value ??= get().catch((error: unknown) => {
        value = undefined;
        throw error;
      });
      return value;
    };
  };
  const getPeople = once(async () => peopleOf(await source.entries('people')));
  return {
    getPeople,
    /** The articles, newest first, with their authors from src/content/people. */
    getArticles: once(async () => {
      const [entries, people] = await Promise.all([source.entries('articles'), getPeople()]);
      return articlesOf(entries, people);
    }),
    getJobs: once(async () => jobsOf(await source.entries('jobs'))),
    getPressReleases: once(async () => pressReleasesOf(await source.entries('pressReleases'))),
    getLegalDocuments: once(async () => legalDocumentsOf(await source.entries('legal'))),
  };
}
