import { isStatus, kindByKind, kindBySlug, type LeadStatus } from './lead-kinds';
import type { LeadKind } from '@/lib/leads/kinds';

/**
 * The inbox's views (?view=): every lead (''), the leads with replies nobody has read ('unread'), the leads
 * whose last email waits for our answer ('awaiting'), one row per person ('people'), and the first-response
 * clock's ('due-soon', 'overdue', and the signed-in member's open leads, 'mine': lib/staff/due-views.ts).
 */
export const inboxViews = ['unread', 'awaiting', 'people', 'due-soon', 'overdue', 'mine'] as const;
export type InboxView = (typeof inboxViews)[number] | '';

/** The order of "Awaiting our answer": waiting longest first (its default, '') or newest lead first. */
export const inboxSorts = ['newest'] as const;
export type InboxSort = (typeof inboxSorts)[number] | '';

/**
 * The inbox filter, kept in the URL (?view=&type=&status=&owner=&from=&to=&q=&source=&campaign=&sort=&page=). Anything
 * malformed is ignored (never an error): the list then shows what it can.
 * status: '' = open leads (everything but spam and archived), 'all' = every status, or one status.
 * owner: '' = anyone, 'none' = unassigned, or a staff user's id.
 */
export type InboxFilter = {
  view: InboxView;
  kind: LeadKind | null;
  status: LeadStatus | '' | 'all';
  owner: string;
  from: string;
  to: string;
  q: string;
  /** The lead's campaign source and campaign (`utm_source`, `utm_campaign`), matched whatever the letter case; '' = any. */
  source: string;
  campaign: string;
  sort: InboxSort;
  page: number;
};

export const pageSize = 25;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: unknown): v is string => typeof v === 'string' && uuid.test(v);

/** A real calendar date as YYYY-MM-DD, or ''. */
function day(v: unknown) {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return '';
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v ? v : '';
}

type Params = Record<string, string | string[] | undefined> | URLSearchParams;
const one = (p: Params, key: string) => {
  const v = p instanceof URLSearchParams ? p.get(key) : p[key];
  return (Array.isArray(v) ? v[0] : v) ?? '';
};

export function parseFilter(p: Params): InboxFilter {
  const status = one(p, 'status');
  const owner = one(p, 'owner');
  const page = Number(one(p, 'page'));
  const text = (key: string, max: number) =>
    one(p, key)
      .replace(/[\u0000-\u001F\u007F]/g, ' ')
      .trim()
      .slice(0, max);
  const q = text('q', 200);
  const view = one(p, 'view');
  const sort = one(p, 'sort');
  return {
    view: (inboxViews as readonly string[]).includes(view) ? (view as InboxView) : '',
    kind: kindBySlug(one(p, 'type'))?.kind ?? null,
    status: status === 'all' || isStatus(status) ? status : '',
    owner: owner === 'none' || isUuid(owner) ? owner : '',
    from: day(one(p, 'from')),
    to: day(one(p, 'to')),
    q,
    source: text('source', 100),
    campaign: text('campaign', 100),
    sort: view === 'awaiting' && (inboxSorts as readonly string[]).includes(sort) ? (sort as InboxSort) : '',
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
  };
}

/** The query string of a filter (empty values left out), optionally on another page. */
export function filterQuery(f: InboxFilter, overrides: Partial<InboxFilter> = {}) {
  const v = { ...f, ...overrides };
  const params = new URLSearchParams();
  if (v.view) params.set('view', v.view);
  if (v.kind) params.set('type', kindByKind[v.kind].slug);
  if (v.status) params.set('status', v.status);
  if (v.owner) params.set('owner', v.owner);
  if (v.from) params.set('from', v.from);
  if (v.to) params.set('to', v.to);
  if (v.q) params.set('q', v.q);
  if (v.source) params.set('source', v.source);
  if (v.campaign) params.set('campaign', v.campaign);
  if (v.sort) params.set('sort', v.sort);
  if (v.page > 1) params.set('page', String(v.page));
  const s = params.toString();
  return s ? `?${s}` : '';
}
