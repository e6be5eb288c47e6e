// The events of a lead's timeline (lib/conversations/timeline.ts), one indexed query per kind: the emails
// and the outbox (notifications, and where each reply stands), status and owner changes and notes, the spam
// screening and a data request's audit. Each kind is read whole, or newest first up to a limit.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { MessageAttachment } from '@/lib/db/conversation-schema';
import type { DeliveryChannel, DeliveryStatus } from '@/lib/db/outbox-schema';
import { asDate } from '@/lib/db/values';
import { isSpamReason, type SpamReason, type Verdict } from '@/lib/spam/reasons';
import { rowsOf } from '@/lib/staff/inbox';
import type { LeadStatus } from '@/lib/staff/lead-kinds';
import type { LeadRef } from '@/lib/staff/triage';

/** Where a reply stands in the outbox (its latest delivery row, `id` for a re-send); null when none is kept (purged after its period). */
export type ReplyDelivery = { id: string; status: DeliveryStatus; attempts: number; lastError: string | null; sentAt: Date | null; nextAttemptAt: Date };

type Base = { id: string; at: Date };
export type OutMessage = Base & { direction: 'out'; author: string | null; from: string; to: string; subject: string; text: string; delivery: ReplyDelivery | null };
export type InMessage = Base & {
  direction: 'in';
  fromName: string | null;
  from: string;
  to: string;
  subject: string;
  /** What the thread shows: quoted history and signature trimmed when `trimmed`. */
  shown: string;
  /** The whole text (the text part, or the HTML turned into text). */
  whole: string;
  trimmed: boolean;
  notices: string[];
  attachments: MessageAttachment[];
  /** The source is kept and can be viewed (`/staff/messages/<id>/original`). */
  hasOriginal: boolean;
  /** Nobody with the right to has read it yet (read_at null after this view). */
  unread: boolean;
  /** It was unread until this view marked it read. */
  fresh: boolean;
};

export type TimelineEvent =
  | (Base & { type: 'received'; label: string; texts: { label: string; text: string }[] })
  | (Base & { type: 'screening'; verdict: Verdict; reasons: SpamReason[] })
  | (Base & { type: 'released'; by: string | null })
  | (Base & { type: 'status'; from: LeadStatus; to: LeadStatus; by: string | null; answered: boolean })
  | (Base & { type: 'owner'; from: string | null; to: string | null; by: string | null; /** Given by an assignment rule (lib/assignment), not by a person. */ byRule: boolean })
  | (Base & { type: 'note'; body: string; by: string | null })
  | (Base & { type: 'delivery'; channel: DeliveryChannel; status: DeliveryStatus; attempts: number; lastError: string | null; sentAt: Date | null })
  | (Base & { type: 'audit'; action: string; by: string | null; rowCounts: Record<string, number> | null })
  | (Base & { type: 'message'; message: OutMessage | InMessage });

const name = (v: unknown) => (v as string | null) ?? null;

/**
 * The rows of `query` (aliasing its table `alias`), oldest first: all of them, or the newest `limit + 1` (one
 * more than shown tells that there are more), read backwards along the (lead_type, lead_id, ...) index.
 */
function inOrder(query: SQL, alias: string, limit: number | undefined): SQL {
  const a = sql.raw(alias);
  if (limit === undefined) return sql`${query} order by ${a}.created_at, ${a}.id`;
  return sql`select * from (${query} order by ${a}.created_at desc, ${a}.id desc limit ${limit + 1}) newest order by created_at, id`;
}
export type Part = { events: TimelineEvent[]; more: boolean };

export async function messageEvents(db: Db, ref: LeadRef, fresh: Set<string>, limit: number | undefined): Promise<Part> {
  const [messages, outbox] = await Promise.all([
    // Never the source itself (up to the size limit each): only whether it is kept.
    rowsOf(
      db,
      inOrder(
        sql`select m.id, m.direction, m.from_address, m.from_name, m.to_address, m.subject, m.body_text, m.shown_text, m.notices, m.attachments,
            m.read_at, m.created_at, m.raw is not null as has_original, u.name as author_name
          from lead_messages m left join staff_users u on u.id = m.author_id
          where m.lead_type = ${ref.kind} and m.lead_id = ${ref.id}::uuid`,
        'm',
        limit,
      ),
    ),
    // Every row of the lead (small rows, a few per message at most): the state of each reply shown, and the notifications.
    outboxOf(db, ref),
  ]);
  const replyState = new Map<string, ReplyDelivery>();
  const events: TimelineEvent[] = [];
  // Oldest first: the last row of a message is its latest delivery (a re-send is a new row).
  for (const r of outbox) {
    if (r.message_id) replyState.set(String(r.message_id), deliveryOf(r));
    else {
      events.push({ type: 'delivery', at: asDate(r.created_at), channel: r.channel as DeliveryChannel, ...deliveryOf(r) });
    }
  }
  for (const r of messages) {
    const base = { id: String(r.id), at: asDate(r.created_at), from: String(r.from_address), to: String(r.to_address), subject: String(r.subject) };
    if (r.direction === 'out') {
      events.push({ type: 'message', id: base.id, at: base.at, message: { ...base, direction: 'out', author: name(r.author_name), text: String(r.body_text), delivery: replyState.get(base.id) ?? null } });
    } else {
      const whole = String(r.body_text);
      const shown = r.shown_text === null || r.shown_text === undefined ? null : String(r.shown_text);
      const message: InMessage = {
        ...base,
        direction: 'in',
        fromName: name(r.from_name),
        shown: shown ?? whole,
        whole,
        trimmed: shown !== null && shown !== whole,
        notices: (r.notices as string[] | null) ?? [],
        attachments: (r.attachments as MessageAttachment[] | null) ?? [],
        hasOriginal: Boolean(r.has_original),
        unread: r.read_at === null || r.read_at === undefined,
        fresh: fresh.has(base.id),
      };
      events.push({ type: 'message', id: base.id, at: base.at, message });
    }
  }
  return { events, more: limit !== undefined && messages.length > limit };
}

const outboxOf = (db: Db, ref: LeadRef) =>
  rowsOf(
    db,
    sql`select id, channel, status, attempts, last_error, sent_at, next_attempt_at, created_at, message_id from notification_outbox
      where lead_type = ${ref.kind} and lead_id = ${ref.id}::uuid order by created_at, id`,
  );

const deliveryOf = (r: Record<string, unknown>): ReplyDelivery => ({
  id: String(r.id),
  status: r.status as DeliveryStatus,
  attempts: Number(r.attempts),
  lastError: name(r.last_error),
  sentAt: r.sent_at ? asDate(r.sent_at) : null,
  nextAttemptAt: asDate(r.next_attempt_at),
});

export async function triageEvents(db: Db, ref: LeadRef, limit: number | undefined): Promise<Part> {
  const read = (query: SQL, alias: string) => rowsOf(db, inOrder(query, alias, limit));
  const [statuses, owners, notes] = await Promise.all([
    read(
      sql`select h.id, h.from_status, h.to_status, h.answered, u.name as by_name, h.created_at from lead_status_history h left join staff_users u on u.id = h.changed_by
        where h.lead_type = ${ref.kind} and h.lead_id = ${ref.id}::uuid`,
      'h',
    ),
    read(
      sql`select h.id, f.name as from_name, t.name as to_name, b.name as by_name, h.by_rule, h.created_at from lead_owner_history h
        left join staff_users f on f.id = h.from_owner left join staff_users t on t.id = h.to_owner left join staff_users b on b.id = h.changed_by
        where h.lead_type = ${ref.kind} and h.lead_id = ${ref.id}::uuid`,
      'h',
    ),
    read(
      sql`select n.id, n.body, u.name as by_name, n.created_at from lead_notes n left join staff_users u on u.id = n.author_id
        where n.lead_type = ${ref.kind} and n.lead_id = ${ref.id}::uuid`,
      'n',
    ),
  ]);
  return {
    events: [
      ...statuses.map((r): TimelineEvent => ({ type: 'status', id: String(r.id), at: asDate(r.created_at), from: r.from_status as LeadStatus, to: r.to_status as LeadStatus, by: name(r.by_name), answered: r.answered === true })),
      ...owners.map((r): TimelineEvent => ({ type: 'owner', id: String(r.id), at: asDate(r.created_at), from: name(r.from_name), to: name(r.to_name), by: name(r.by_name), byRule: r.by_rule === true })),
      ...notes.map((r): TimelineEvent => ({ type: 'note', id: String(r.id), at: asDate(r.created_at), body: String(r.body), by: name(r.by_name) })),
    ],
    more: limit !== undefined && [statuses, owners, notes].some((rows) => rows.length > limit),
  };
}

export async function screeningEvents(db: Db, ref: LeadRef, admin: boolean, limit: number | undefined): Promise<Part> {
  const [screening, audit] = await Promise.all([
    rowsOf(
      db,
      sql`select s.verdict, s.reasons, s.created_at, s.released_at, u.name as released_by from lead_screening s left join staff_users u on u.id = s.released_by
        where s.lead_type = ${ref.kind} and s.lead_id = ${ref.id}::uuid`,
    ),
    // A data request's audit trail: what admins did about it (admins only, as its panel).
    admin && ref.kind === 'dataRequest'
      ? rowsOf(
          db,
          inOrder(
            sql`select a.id, a.action, a.row_counts, u.name as by_name, a.created_at from data_request_audit a left join staff_users u on u.id = a.performed_by
              where a.request_id = ${ref.id}::uuid`,
            'a',
            limit,
          ),
        )
      : Promise.resolve([]),
  ]);
  const events: TimelineEvent[] = [];
  for (const s of screening) {
    events.push({ type: 'screening', id: `screening-${ref.id}`, at: asDate(s.created_at), verdict: s.verdict as Verdict, reasons: (s.reasons as string[]).filter(isSpamReason) });
    if (s.released_at) events.push({ type: 'released', id: `released-${ref.id}`, at: asDate(s.released_at), by: name(s.released_by) });
  }
  for (const a of audit) {
    events.push({ type: 'audit', id: String(a.id), at: asDate(a.created_at), action: String(a.action), by: name(a.by_name), rowCounts: (a.row_counts as Record<string, number> | null) ?? null });
  }
  return { events, more: limit !== undefined && audit.length > limit };
}

/** How many events of the kinds read newest first the lead has (only asked when the page shows part of them). */
export async function countEvents(db: Db, ref: LeadRef, admin: boolean): Promise<number> {
  const of = (table: string) => sql`(select count(*) from ${sql.raw(table)} where lead_type = ${ref.kind} and lead_id = ${ref.id}::uuid)`;
  const audit = admin && ref.kind === 'dataRequest' ? sql`(select count(*) from data_request_audit where request_id = ${ref.id}::uuid)` : sql`0`;
  const [row] = await rowsOf(db, sql`select (${of('lead_messages')} + ${of('lead_status_history')} + ${of('lead_owner_history')} + ${of('lead_notes')} + ${audit})::int as n`);
  return Number(row?.n ?? 0);
}
