// A lead's thread as its page shows it: every message, out and in, oldest first, with who wrote it and, for
// a reply we sent, how its delivery stands (the outbox row that sends it: the latest one when staff sent it
// again). Two index scans whatever the size of the tables: lead_messages_lead_idx and the outbox's lead index.
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { asDate } from '@/lib/db/values';
import type { MessageAttachment } from '@/lib/db/conversation-schema';
import type { DeliveryStatus } from '@/lib/db/outbox-schema';
import type { LeadKind } from '@/lib/leads/kinds';

/** How a reply's email stands: its outbox row (`id`, for a re-send), pending, sent, failed (with the reason) or cancelled. */
export type MessageDelivery = {
  id: string;
  status: DeliveryStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  sentAt: Date | null;
};

export type ThreadMessage = {
  id: string;
  direction: 'out' | 'in';
  /** The RFC 5322 Message-ID, without angle brackets (null: an incoming message without one). */
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  fromAddress: string;
  fromName: string | null;
  toAddress: string;
  subject: string;
  bodyText: string;
  /** 'in': the text to show, quoted history and signature trimmed (null: nothing was trimmed, show bodyText). */
  shownText: string | null;
  /** 'in': whether the message's source was kept (shown on request, never loaded with the thread). */
  hasSource: boolean;
  notices: string[];
  attachments: MessageAttachment[];
  /** 'out': the writer's id and name (null: a former staff member). */
  authorId: string | null;
  authorName: string | null;
  /** 'in': how it came (imap, webhook), and when a staff member read it (null: unread). */
  channel: string | null;
  readAt: Date | null;
  createdAt: Date;
  /** 'out': its delivery (null: none, which only an outbox row removed by hand leaves). */
  delivery: MessageDelivery | null;
};

const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : asDate(v as Date | string));

/** The messages of a lead's thread, oldest first. */
export async function getThread(db: Db, kind: LeadKind, id: string): Promise<ThreadMessage[]> {
  const result = await db.execute(sql`
    with d as (
      select distinct on (o.message_id) o.message_id, o.id, o.status, o.attempts, o.last_error, o.next_attempt_at, o.sent_at
        from notification_outbox o
       where o.lead_type = ${kind} and o.lead_id = ${id}::uuid and o.message_id is not null
       order by o.message_id, o.created_at desc, o.id desc
    )
    select m.id, m.direction, m.message_id, m.in_reply_to, m."references", m.from_address, m.from_name, m.to_address, m.subject,
           m.body_text, m.shown_text, m.raw is not null as has_source, m.notices, m.attachments, m.author_id, u.name as author_name,
           m.channel, m.read_at, m.created_at,
           d.id as delivery_id, d.status as delivery_status, d.attempts, d.last_error, d.next_attempt_at, d.sent_at
      from lead_messages m
      left join staff_users u on u.id = m.author_id
      left join d on d.message_id = m.id and m.direction = 'out'
     where m.lead_type = ${kind} and m.lead_id = ${id}::uuid
     order by m.created_at, m.id`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    id: String(r.id),
    direction: r.direction as 'out' | 'in',
    messageId: (r.message_id as string | null) ?? null,
    inReplyTo: (r.in_reply_to as string | null) ?? null,
    references: (r.references as string[] | null) ?? [],
    fromAddress: String(r.from_address),
    fromName: (r.from_name as string | null) ?? null,
    toAddress: String(r.to_address),
    subject: String(r.subject),
    bodyText: String(r.body_text),
    shownText: (r.shown_text as string | null) ?? null,
    hasSource: Boolean(r.has_source),
    notices: (r.notices as string[] | null) ?? [],
    attachments: (r.attachments as MessageAttachment[] | null) ?? [],
    authorId: (r.author_id as string | null) ?? null,
    authorName: (r.author_name as string | null) ?? null,
    channel: (r.channel as string | null) ?? null,
    readAt: dateOrNull(r.read_at),
    createdAt: asDate(r.created_at as Date | string),
    delivery: r.delivery_id
      ? {
          id: String(r.delivery_id),
          status: r.delivery_status as DeliveryStatus,
          attempts: Number(r.attempts),
          lastError: (r.last_error as string | null) ?? null,
          nextAttemptAt: asDate(r.next_attempt_at as Date | string),
          sentAt: dateOrNull(r.sent_at),
        }
      : null,
  }));
}
