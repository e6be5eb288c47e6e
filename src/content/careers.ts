// The open positions: the Markdown files of src/content/jobs (one per job, its name the id; the front
// matter holds the facts, the body the description), checked against their schema. The perks state where
// the listed jobs can be done, computed from the jobs.
import { checked, ContentError, readMarkdownCollection } from '@/lib/content/entries';
import { readBlocks } from '@/lib/content/markdown';
import { departments, type Department, type Job } from './careers-model';
import type { IconItem } from './programmes';
import { jobSchema } from './schemas';

export * from './careers-model';

function readJobs(): Job[] {
  const list = readMarkdownCollection('jobs').map(({ id, file, data, body }) => {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id)) throw new ContentError(file, 'the file name is the id of the job: lowercase letters, digits and dashes only');
    const fm = checked(jobSchema, data, file);
    const blocks = readBlocks(body, file, 'description');
    if (blocks.length !== 1 || typeof blocks[0] !== 'string') throw new ContentError(file, 'description: the body must be one paragraph');
    return { id, ...fm, department: fm.department as Department, description: blocks[0] } satisfies Job;
  });
  // By department (in the filter's order), then newest first.
  return list.sort((a, b) => departments.indexOf(a.department) - departments.indexOf(b.department) || b.posted.localeCompare(a.posted) || a.id.localeCompare(b.id));
}

/** The open positions. */
export const jobs: Job[] = readJobs();

const unique = (items: string[]) => [...new Set(items)];
const listText = (items: string[], last: 'and' | 'or') =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
/** How the job locations name a country ('Remote (US or Canada)'). */
const countryNames: Record<string, string> = { US: 'the US', CA: 'Canada', GB: 'the UK' };

/** Where the listed positions can be done, from the jobs themselves (so the perk and the list agree). */
export function workLocations(list: readonly Job[] = jobs) {
  return {
    remote: unique(list.flatMap((j) => (j.remoteIn ?? []).map((r) => (r.kind === 'Country' ? (countryNames[r.name] ?? r.name) : r.name)))),
    offices: unique(list.flatMap((j) => (j.office ? [j.office.city] : []))),
  };
}

/** 'Work remotely from the US, Canada or Europe, or hybrid from our San Francisco, London and New York offices' */
function whereYouCanWork(): string {
  const { remote, offices } = workLocations();
  const parts = [
    remote.length ? `remotely from ${listText(remote, 'or')}` : '',
    offices.length ? `hybrid from our ${listText(offices, 'and')} office${offices.length > 1 ? 's' : ''}` : '',
  ].filter(Boolean);
  return `Work ${parts.join(', or ')}`;
}

/** The perks of /careers; the remote perk states the locations of the listed jobs. */
export const perks: IconItem[] = [
  { icon: 'layout', title: 'Remote-first', description: `${whereYouCanWork()}, with a yearly team retreat.` },
  { icon: 'headset', title: 'Health & wellness', description: 'Full medical, dental and vision cover for you and your family, plus a wellness stipend.' },
  { icon: 'coins', title: 'Equity for everyone', description: 'Every employee owns part of the company through stock options.' },
  { icon: 'calendar', title: 'Flexible time off', description: '25 days of paid leave, public holidays and a company-wide week off in December.' },
  { icon: 'rocket', title: 'Learning budget', description: '$1,500 a year for courses, books and conferences of your choice.' },
  { icon: 'image', title: 'Home office setup', description: 'A $1,000 budget for your desk, chair and the gear you need to do your best work.' },
];
