import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { LeadKind } from '@/lib/leads/kinds';
import { filterQuery, parseFilter, type InboxFilter } from './filters';
import { isDueView, type ViewContext } from './due-views';
import { conditions, rowsOf } from './inbox';
import { kindByKind } from './lead-kinds';

/**
 * Keyboard triage (docs/speed-to-lead.md, "Keyboard triage"): the lead before and after one in an inbox
 * list, so that a lead's page opened from the inbox can go to the next lead of the same list (its filters,
 * search, view and order). The list travels in the lead page's address as `?list=<the inbox's query
 * string>`; no list is the open inbox. Each neighbour is one keyset read of lead_index in the list's order
 * (`limit 1` past the lead's own key), served by the same indexes as the inbox's first page, so it costs
 * what that page costs however many leads there are (EXPLAINs in docs/speed-to-lead.md).
 */

/**
 * A list's order: its key (expressions on `lead_index i`, each with its SQL type, as its index holds them)
 * and direction, with `lead_id` as the last tie-break in the same direction.
 */
type ListOrder = { key: { expr: string; type: 'timestamptz' | 'boolean' }[]; desc: boolean };

const at = (expr: string) => ({ expr, type: 'timestamptz' as const });
/**
 * The inbox's order of a filter (lib/staff/inbox.ts `orderOf`): newest first; "Awaiting our answer" waiting
 * longest first; the first-response views soonest due first, Mine unanswered first (lib/staff/due-views.ts).
 */
export const listOrder = (f: InboxFilter): ListOrder => {
  if (f.view === 'mine') return { key: [{ expr: '(i.answered_at is not null)', type: 'boolean' }, at(`coalesce(i.due_at, 'infinity'::timestamptz)`)], desc: false };
  if (isDueView(f.view)) return { key: [at('i.due_at')], desc: false };
  if (f.view === 'awaiting' && f.sort === '') return { key: [at('i.awaiting_since')], desc: false };
  return { key: [at('i.created_at')], desc: true };
};

export type LeadRef = { kind: LeadKind; id: string };
export type Neighbour = LeadRef & { name: string | null; email: string };
export type Neighbours = { previous: Neighbour | null; next: Neighbour | null };

/**
 * The list a lead page was opened from: the inbox filter in its `list` parameter. The page number is
 * dropped (neighbours are found by key, not by page), and the People view (one row per person, not per
 * lead) counts as the open inbox.
 */
export function listOf(url: URL): InboxFilter {
  const f = parseFilter(new URLSearchParams(url.searchParams.get('list') ?? ''));
  return { ...f, page: 1, view: f.view === 'people' ? '' : f.view };
}

/** `?list=...` for a lead page in list `f` ('' for the open inbox, which needs none). */
export function listParam(f: InboxFilter): string {
  const q = filterQuery(f, { page: 1 }).slice(1);
  return q ? `?${new URLSearchParams({ list: q })}` : '';
}

/** The address of a lead's page within list `f`. */
export const leadHref = (ref: LeadRef, f: InboxFilter) => `/staff/leads/${kindByKind[ref.kind].slug}/${ref.id}${listParam(f)}`;

/** The inbox page of list `f` (its first page). */
export const inboxHref = (f: InboxFilter) => `/staff${filterQuery(f, { page: 1 })}`;

/** The index's order (read forward) and its reverse, for an ascending or descending list. */
const indexOrder = (desc: boolean, reverse: boolean) =>
  desc ? (reverse ? sql`asc nulls first` : sql`desc nulls last`) : reverse ? sql`desc nulls first` : sql`asc nulls last`;

/**
 * One neighbour: the first lead of the list past `key` going `forward` (down the list) or back. The order
 * clause is the index's own order, read forward or backward, so that the planner walks the index from the
 * key and stops at the first match (`limit 1`).
 */
function neighbourQuery(f: InboxFilter, order: ListOrder, key: Key | null, forward: boolean, context: ViewContext, plan: Plan = 'walk', window = searchWindow): SQL {
  const cols = order.key.map((k) => sql.raw(k.expr));
  const smaller = forward === order.desc;
  // A row comparison of the whole key, which the planner reads as a range of the list's index.
  const row = sql.join([...cols, sql`i.lead_id`], sql`, `);
  const values = sql.join([...order.key.map((k, n) => sql`${key?.values[n]}::${sql.raw(k.type)}`), sql`${key?.id}::uuid`], sql`, `);
  const past = key ? [smaller ? sql`(${row}) < (${values})` : sql`(${row}) > (${values})`] : [];
  const dir = indexOrder(order.desc, !forward);
  const orderBy = sql`order by ${sql.join([...cols, sql`i.lead_id`].map((c) => sql`${c} ${dir}`), sql`, `)}`;
  const pick = sql`select i.lead_type, i.lead_id, i.name, i.email`;
  const where = (g: InboxFilter) => conditions(g, undefined, context, past);
  if (plan === 'walk') return sql`${pick} from lead_index i ${where(f)} ${orderBy} limit 1`;
  // A search: the planner, told `limit 1`, walks the order's index and tests each lead against the search,
  // which for the last match of a rare fragment reads every older lead (seconds at a million). So first the
  // next `searchWindow` leads of the list without the search (an index walk of a few milliseconds) ...
  if (plan === 'window')
    return sql`${pick} from (select * from lead_index i ${where({ ...f, q: '' })} ${orderBy} limit ${window}) i ${where(f)} ${orderBy} limit 1`;
  // ... and only past them the matches themselves, found by the search's own index (`offset 0` keeps the
  // limit out of the subquery, so that it is planned as the whole set: a bitmap of the trigram index).
  return sql`${pick} from (select * from lead_index i ${where(f)} offset 0) i ${orderBy} limit 1`;
}

/** A lead's place in a list: its key's values (as text) and its id. */
type Key = { values: string[]; id: string };

type Plan = 'walk' | 'window' | 'matches';
/** How many leads of the list a search's neighbour is first looked for among (see neighbourQuery). */
const searchWindow = 1000;

/** The neighbour past `key` (none: from the list's start). */
async function neighbour(db: Db, f: InboxFilter, order: ListOrder, key: Key | null, forward: boolean, window: number, context: ViewContext) {
  if (!f.q) return (await rowsOf(db, neighbourQuery(f, order, key, forward, context)))[0];
  const [near] = await rowsOf(db, neighbourQuery(f, order, key, forward, context, 'window', window));
  return near ?? (await rowsOf(db, neighbourQuery(f, order, key, forward, context, 'matches')))[0];
}

const toNeighbour = (r: Record<string, unknown> | undefined): Neighbour | null =>
  r ? { kind: r.lead_type as LeadKind, id: String(r.lead_id), name: (r.name as string | null) ?? null, email: String(r.email) } : null;

/**
 * The leads before and after `lead` in list `f`. A lead need not be in the list itself (archived from the
 * open inbox, it keeps its place: its key is unchanged). One that has no key in the list's order (answered,
 * it left "Awaiting our answer") has no place: its next lead is the list's first, and it has no previous one.
 * `window`: how many leads a search's neighbour is first looked for among (tests make it small); `context`: the
 * first-response views' clock and member (lib/staff/due-views.ts), as the inbox page had them.
 */
export async function leadNeighbours(db: Db, f: InboxFilter, lead: LeadRef, { window = searchWindow, context = {} as ViewContext } = {}): Promise<Neighbours> {
  const order = listOrder(f);
  const parts = sql.join(order.key.map((k, n) => sql`${sql.raw(k.expr)}::text as ${sql.raw(`k${n}`)}`), sql`, `);
  const [own] = await rowsOf(db, sql`select ${parts} from lead_index i where i.lead_type = ${lead.kind} and i.lead_id = ${lead.id}::uuid`);
  const values = order.key.map((_, n) => own?.[`k${n}`]);
  if (!own || values.some((v) => v == null)) {
    return { previous: null, next: toNeighbour(await neighbour(db, f, order, null, true, window, context)) };
  }
  const key = { values: values.map(String), id: lead.id };
  const [previous, next] = await Promise.all([neighbour(db, f, order, key, false, window, context), neighbour(db, f, order, key, true, window, context)]);
  return { previous: toNeighbour(previous), next: toNeighbour(next) };
}
