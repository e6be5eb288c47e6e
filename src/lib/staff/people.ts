import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { LeadKind } from '@/lib/leads/kinds';
import { asDate } from '@/lib/db/values';
import { countCap, likePattern, rowsOf } from './inbox';
import { pageSize, type InboxFilter } from './filters';
import { kindByKind, kinds as kindList, type LeadStatus } from './lead-kinds';

/**
 * The inbox's People view: one row per address (lower-cased) across every kind of lead, spam aside, read from
 * `lead_people` (kept by triggers on lead_index, migration 0024), newest latest lead first, so that a page is an
 * indexed read however many leads and people there are.
 */
export type PersonRow = {
  /** lower(email): the person's key. */
  key: string;
  email: string;
  name: string | null;
  company: string | null;
  /** The kinds they came as, in the registry's order. */
  kinds: LeadKind[];
  leads: number;
  firstAt: Date;
  lastAt: Date;
  /** Replies nobody has read, across their leads. */
  unreadReplies: number;
  /** Their latest lead, with its status and owner now. */
  latest: { kind: LeadKind; id: string; status: LeadStatus; ownerName: string | null };
};

const wholeAddress = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The filter's conditions that apply to people: search (a whole address is their key; a fragment, the name,
 * address and company of their latest lead that gave them: a trigram index), a kind they came as (its GIN
 * index), and the dates of their latest lead. Status, owner and campaign belong to a lead, not a person.
 */
function conditions(f: InboxFilter): SQL {
  const where: SQL[] = [];
  if (f.q && wholeAddress.test(f.q)) where.push(sql`p.email_key = ${f.q.toLowerCase()}`);
  else if (f.q) where.push(sql`p.search like ${likePattern(f.q.toLowerCase())}`);
  if (f.kind) where.push(sql`p.kinds @> array[${f.kind}]::text[]`);
  if (f.from) where.push(sql`p.last_at >= ${f.from}::date`);
  if (f.to) where.push(sql`p.last_at < (${f.to}::date + 1)`);
  return where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
}

const order = sql`order by p.last_at desc nulls last, p.email_key desc nulls last`;
const kindOrder = new Map(kindList.map((k, i) => [k.kind, i]));

/** One page of people and how many match, counted up to `countCap` (as the inbox counts leads). */
export async function listPeople(db: Db, f: InboxFilter, size = pageSize) {
  const offset = (f.page - 1) * size;
  const [rows, counted] = await Promise.all([
    rowsOf(
      db,
      sql`select p.email_key, p.email, p.name, p.company, p.kinds, p.leads, p.first_at, p.last_at, p.latest_type, p.latest_id,
          i.status, u.name as owner_name,
          -- the unread replies of all their leads: a look-up by address (lead_index_email_idx) for each of the page's people
          (select coalesce(sum(x.unread_replies), 0)::int from lead_index x where lower(x.email) = p.email_key and x.status <> 'spam') as unread_replies
        from (select * from lead_people p ${conditions(f)} ${order} limit ${size} offset ${offset}) p
        left join lead_index i on i.lead_type = p.latest_type and i.lead_id = p.latest_id
        left join staff_users u on u.id = i.owner_id
        ${order}`,
    ),
    rowsOf(db, sql`select count(*)::int as n from (select 1 from lead_people p ${conditions(f)} limit ${countCap + 1}) x`),
  ]);
  const n = Number(counted[0]?.n ?? 0);
  const capped = n > countCap;
  const total = capped ? countCap : n;
  return { rows: rows.map(toPerson), total, capped, pages: capped ? null : Math.max(1, Math.ceil(total / size)) };
}

function toPerson(r: Record<string, unknown>): PersonRow {
  const known = ((r.kinds as string[] | null) ?? []).filter((k): k is LeadKind => k in kindByKind);
  return {
    key: String(r.email_key),
    email: String(r.email),
    name: (r.name as string | null) ?? null,
    company: (r.company as string | null) ?? null,
    kinds: known.sort((a, b) => (kindOrder.get(a) ?? 0) - (kindOrder.get(b) ?? 0)),
    leads: Number(r.leads),
    firstAt: asDate(r.first_at),
    lastAt: asDate(r.last_at),
    unreadReplies: Number(r.unread_replies ?? 0),
    latest: {
      kind: r.latest_type as LeadKind,
      id: String(r.latest_id),
      status: (r.status as LeadStatus | null) ?? 'new',
      ownerName: (r.owner_name as string | null) ?? null,
    },
  };
}
