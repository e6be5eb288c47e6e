import { departments, type Job } from '@/content/careers-model';
import type { FilterState } from '@/lib/filters';
import { FilterableList } from './filterable-list';
import { JobCard } from './job-card';

/** The careers page's searchable list of open positions (an island: search and chips follow the URL). */
export function JobList({ jobs, filters }: { jobs: Job[]; filters?: FilterState }) {
  return (
    <FilterableList
      action={{ path: '/careers', anchor: 'open-positions' }}
      items={jobs.map((j) => ({ id: j.id, category: j.department, text: [j.title, j.description] }))}
      cards={Object.fromEntries(jobs.map((j) => [j.id, <JobCard key={j.id} job={j} />]))}
      categories={departments}
      categoryLabel="Department"
      searchLabel="Search positions"
      searchPlaceholder="Search positions..."
      noun={['position', 'positions']}
      emptyText="No positions found matching your criteria."
      filters={filters}
    />
  );
}
