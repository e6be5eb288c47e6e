// The lead page's timeline (docs/conversations.md, "The timeline and the person"): everything that happened
// to one lead, oldest first, from one indexed query per kind of event (never one per row, timeline-events.ts),
// so a thread of 200 messages costs what a thread of 2 does, plus the rows themselves; and the replies read by
// opening the page.
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { rowsOf } from '@/lib/staff/inbox';
import { kindByKind } from '@/lib/staff/lead-kinds';
import type { LeadRecord } from '@/lib/staff/leads';
import type { LeadRef } from '@/lib/staff/triage';
import { countEvents, messageEvents, screeningEvents, triageEvents, type TimelineEvent } from './timeline-events';

export type { InMessage, OutMessage, ReplyDelivery, TimelineEvent } from './timeline-events';

/**
 * Events at the same instant (one transaction) read in this order: what arrived, then what was done about it,
 * then what that sent (a release, the status it restores, the notifications it queues).
 */
const rank: Record<TimelineEvent['type'], number> = { received: 0, screening: 1, released: 2, message: 3, status: 4, owner: 5, note: 6, delivery: 7, audit: 8 };

/** The events a lead's page shows at first: the form post and the newest this many; the rest on request (`?timeline=all`). */
export const timelineShown = 50;

/**
 * Marks the lead's unread incoming messages read when `viewerId` may read them for the team: the lead's owner,
 * or anyone while it has none (one UPDATE; the lead_messages trigger keeps lead_index.unread_replies). Returns
 * the ids it marked: the messages this view shows as new.
 */
export async function markRepliesRead(db: Db, ref: LeadRef, viewerId: string): Promise<string[]> {
  const rows = await rowsOf(
    db,
    sql`update lead_messages set read_at = now()
      where lead_type = ${ref.kind} and lead_id = ${ref.id}::uuid and direction = 'in' and read_at is null
        and coalesce((select t.owner_id from lead_triage t where t.lead_type = ${ref.kind} and t.lead_id = ${ref.id}::uuid), ${viewerId}::uuid) = ${viewerId}::uuid
      returning id`,
  );
  return rows.map((r) => String(r.id));
}

/** The long fields of the form post (its message), for the first event of the timeline. */
function receivedEvent(lead: LeadRecord): TimelineEvent {
  const info = kindByKind[lead.kind];
  const texts = info.fields
    .filter((f) => f.long && typeof lead.fields[f.column] === 'string' && String(lead.fields[f.column]).trim())
    .map((f) => ({ label: f.label, text: String(lead.fields[f.column]) }));
  return { type: 'received', id: `received-${lead.id}`, at: lead.createdAt, label: info.label, texts };
}

export type Timeline = {
  /** Oldest first: the form post, then everything after it (the newest `limit`, when the page asked for part). */
  events: TimelineEvent[];
  /** The events left out between the form post and the first one shown (0: everything is shown). */
  earlier: number;
  /** How many incoming emails this view marked read (`fresh`), shown or among the earlier ones. */
  fresh: number;
};

/**
 * What happened to `lead`, oldest first: the form post, the spam screening, notifications, emails out (with
 * where each stands in the outbox) and in, status and owner changes, notes, and for admins a data request's
 * audit. `limit`: after the form post, only the newest that many (each kind read newest first, at most one
 * more than that); undefined: all. `fresh`: the incoming messages this view marked read (`markRepliesRead`),
 * shown as new.
 */
export async function getTimeline(db: Db, lead: LeadRecord, { admin, fresh = [], limit }: { admin: boolean; fresh?: string[]; limit?: number }): Promise<Timeline> {
  const ref = { kind: lead.kind, id: lead.id };
  const parts = await Promise.all([messageEvents(db, ref, new Set(fresh), limit), triageEvents(db, ref, limit), screeningEvents(db, ref, admin, limit)]);
  // Events of one kind at one instant keep their query's order (the sort is stable).
  const all = parts.flatMap((p) => p.events).sort((a, b) => a.at.getTime() - b.at.getTime() || rank[a.type] - rank[b.type]);
  const events = limit === undefined ? all : all.slice(-limit);
  let earlier = 0;
  if (limit !== undefined && (all.length > limit || parts.some((p) => p.more))) {
    // Screening and notifications were read whole; the other kinds are counted.
    const whole = all.filter((e) => e.type === 'screening' || e.type === 'released' || e.type === 'delivery').length;
    earlier = whole + (await countEvents(db, ref, admin)) - events.length;
  }
  return { events: [receivedEvent(lead), ...events], earlier, fresh: fresh.length };
}

/**
 * The lead's timeline as its page opens it: the replies its viewer may read marked read first, and shown as
 * new; the newest `timelineShown` events, or all of them (`all`).
 */
export async function openTimeline(db: Db, lead: LeadRecord, viewer: { id: string; role: string }, { all = false }: { all?: boolean } = {}): Promise<Timeline> {
  const fresh = await markRepliesRead(db, { kind: lead.kind, id: lead.id }, viewer.id);
  return getTimeline(db, lead, { admin: viewer.role === 'admin', fresh, limit: all ? undefined : timelineShown });
}
