// What the pages show of the collections, from any source of entries: Astro's content layer for the site
// (src/content/collections.ts), a copy of the content synced by Astro for the tests.
import { articlesOf } from './blog';
import { jobsOf } from './careers';
import type { ContentSource } from './entries';
import { legalDocumentsOf } from './legal';
import { peopleOf } from './people';
import { pressReleasesOf } from './press';

export function contentOf(source: ContentSource) {
  const getPeople = async () => peopleOf(await source.entries('people'));
  return {
    getPeople,
    /** The articles, newest first, with their authors from people.yaml. */
    getArticles: async () => {
      const [entries, people] = await Promise.all([source.entries('articles'), getPeople()]);
      return articlesOf(entries, people);
    },
    getJobs: async () => jobsOf(await source.entries('jobs')),
    getPressReleases: async () => pressReleasesOf(await source.entries('pressReleases')),
    getLegalDocuments: async () => legalDocumentsOf(await source.entries('legal')),
  };
}
