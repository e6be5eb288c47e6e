// The open positions: the entries of the `jobs` collection (src/content/jobs, one Markdown file per job, its
// name the id; the front matter holds the facts, the body the description). The perks state where the listed
// jobs can be done, computed from the jobs.
import type { z } from 'zod';
import { departments, type Department, type Job } from './careers-model';
import type { ContentEntry } from './entries';
import type { IconItem } from './programmes';
import type { jobSchema } from './schemas';

export * from './careers-model';

/** The open positions, by department (in the filter's order), then newest first. */
export function jobsOf(entries: readonly ContentEntry[]): Job[] {
  const list = entries.map(({ id, data, body }) => {
    const fm = data as z.output<typeof jobSchema>;
    return { id, ...fm, department: fm.department as Department, description: body.text ?? '' } satisfies Job;
  });
  return list.sort((a, b) => departments.indexOf(a.department) - departments.indexOf(b.department) || b.posted.localeCompare(a.posted) || a.id.localeCompare(b.id));
}

const unique = (items: string[]) => [...new Set(items)];
const listText = (items: string[], last: 'and' | 'or') =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
/** How the job locations name a country ('Remote (US or Canada)'). */
const countryNames: Record<string, string> = { US: 'the US', CA: 'Canada', GB: 'the UK' };

/** Where the listed positions can be done, from the jobs themselves (so the perk and the list agree). */
export function workLocations(list: readonly Job[]) {
  return {
    remote: unique(list.flatMap((j) => (j.remoteIn ?? []).map((r) => (r.kind === 'Country' ? (countryNames[r.name] ?? r.name) : r.name)))),
    offices: unique(list.flatMap((j) => (j.office ? [j.office.city] : []))),
  };
}

/** 'Work remotely from the US, Canada or Europe, or hybrid from our San Francisco, London and New York offices' */
function whereYouCanWork(jobs: readonly Job[]): string {
  const { remote, offices } = workLocations(jobs);
  const parts = [
    remote.length ? `remotely from ${listText(remote, 'or')}` : '',
    offices.length ? `hybrid from our ${listText(offices, 'and')} office${offices.length > 1 ? 's' : ''}` : '',
  ].filter(Boolean);
  return `Work ${parts.join(', or ')}`;
}

/** The perks of /careers; the remote perk states the locations of the listed jobs. */
export const perksFor = (jobs: readonly Job[]): IconItem[] => [
  { icon: 'layout', title: 'Remote-first', description: `${whereYouCanWork(jobs)}, with a yearly team retreat.` },
  { icon: 'headset', title: 'Health & wellness', description: 'Full medical, dental and vision cover for you and your family, plus a wellness stipend.' },
  { icon: 'coins', title: 'Equity for everyone', description: 'Every employee owns part of the company through stock options.' },
  { icon: 'calendar', title: 'Flexible time off', description: '25 days of paid leave, public holidays and a company-wide week off in December.' },
  { icon: 'rocket', title: 'Learning budget', description: '$1,500 a year for courses, books and conferences of your choice.' },
  { icon: 'image', title: 'Home office setup', description: 'A $1,000 budget for your desk, chair and the gear you need to do your best work.' },
];
