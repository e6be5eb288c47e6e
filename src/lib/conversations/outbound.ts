// A reply staff write on a lead's page (docs/conversations.md, "Replying to a lead"): stored as an 'out'
// message of the lead's thread with its own Message-ID and the threading of the message it follows, and
// queued for sending through the outbox (channel 'reply', lib/notify/loop.ts sends it), both in one statement,
// so that a reply is in the thread exactly when it is queued. The first reply to a new lead marks it
// contacted, by the writer, in the same transaction.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { leadKinds, type LeadKind } from '@/lib/leads/kinds';
import type { Env } from '@/lib/notify/config';
import { changeStatus } from '@/lib/staff/triage';
import { bareAddress, conversationSettings } from './config';

/** How many ids a reply's References keeps: the first message's and the latest ones (RFC 5322 asks for the first and the parent). */
export const referencesMax = 20;

export type ReplyDraft = {
  kind: LeadKind;
  id: string;
  authorId: string;
  subject: string;
  /** The text as sent (placeholders already filled). */
  body: string;
  /** The composer's one-time token: a form posted twice writes (and sends) one message. */
  formToken: string;
};

export type ReplyWritten =
  /** Stored and queued (`duplicate`: this form had already been posted: nothing new was written). */
  | { status: 'queued'; messageId: string; to: string; duplicate: boolean; contacted: boolean }
  /** The lead no longer exists (erased meanwhile). */
  | { status: 'gone' }
  /** The form's token was used for another lead's reply (a form copied between pages). */
  | { status: 'token-used' };

type Raw = Record<string, unknown>;
const rowsOf = async (db: Pick<Db, 'execute'>, query: ReturnType<typeof sql>): Promise<Raw[]> => ((await db.execute(query)) as unknown as { rows: Raw[] }).rows;

/** The display name of `Name <address>` ('' when there is none). */
export function displayName(value: string): string {
  const m = /^\s*"?([^"<]*?)"?\s*<[^<>]+>\s*$/.exec(value);
  return m ? m[1]!.trim() : '';
}

/** The threading of a reply that follows `latest` (the thread's newest message with an id): In-Reply-To it, References its chain and it. */
export function threading(latest: { messageId: string; references: string[] } | undefined): { inReplyTo: string | null; references: string[] } {
  if (!latest) return { inReplyTo: null, references: [] };
  const chain = [...latest.references.filter((r) => r && r !== latest.messageId), latest.messageId];
  // Too long a chain keeps its first id (the thread's start) and the newest ones.
  const references = chain.length > referencesMax ? [chain[0]!, ...chain.slice(chain.length - referencesMax + 1)] : chain;
  return { inReplyTo: latest.messageId, references };
}

/**
 * Writes a reply: the 'out' message and its outbox row in one statement, and a new lead's move to contacted
 * (its history naming the writer), in one transaction that holds the lead's row, so that replies to one lead
 * are written one after the other (each follows the one before it) and an erasure cannot remove the lead
 * between the two. Nudging the delivery loop is the caller's (after the commit).
 */
export async function writeReply(db: Db, draft: ReplyDraft, env: Env = process.env): Promise<ReplyWritten> {
  const settings = conversationSettings(env);
  const from = bareAddress(settings.from);
  const domain = settings.inboundAddress.slice(settings.inboundAddress.lastIndexOf('@') + 1) || 'localhost';
  const table = sql.raw(leadKinds[draft.kind].table); // from the registry, never from the request
  return db.transaction(async (tx) => {
    const [lead] = await rowsOf(tx, sql`select email from ${table} where id = ${draft.id}::uuid for update`);
    if (!lead) return { status: 'gone' } as const;
    const to = String(lead.email);
    const [used] = await rowsOf(tx, sql`select id, lead_type, lead_id from lead_messages where form_token = ${draft.formToken}`);
    if (used) {
      if (used.lead_type !== draft.kind || used.lead_id !== draft.id) return { status: 'token-used' } as const;
      return { status: 'queued', messageId: String(used.id), to, duplicate: true, contacted: false } as const;
    }
    const [latest] = await rowsOf(
      tx,
      sql`select message_id, "references" from lead_messages
           where lead_type = ${draft.kind} and lead_id = ${draft.id}::uuid and message_id is not null
           order by created_at desc, id desc limit 1`,
    );
    const thread = threading(latest ? { messageId: String(latest.message_id), references: (latest.references as string[] | null) ?? [] } : undefined);
    const [written] = await rowsOf(
      tx,
      sql`with m as (
            insert into lead_messages (lead_type, lead_id, direction, message_id, in_reply_to, "references", from_address, from_name, to_address, subject, body_text, author_id, form_token)
            values (${draft.kind}, ${draft.id}::uuid, 'out', ${`${randomUUID()}@${domain}`}, ${thread.inReplyTo},
                    array(select jsonb_array_elements_text(${JSON.stringify(thread.references)}::jsonb)), ${from}, ${displayName(settings.from) || null},
                    ${to}, ${draft.subject}, ${draft.body}, ${draft.authorId}::uuid, ${draft.formToken})
            on conflict (form_token) where form_token is not null do nothing
            returning id, lead_type, lead_id
          ), o as (
            insert into notification_outbox (lead_type, lead_id, channel, message_id) select lead_type, lead_id, 'reply', id from m returning id
          )
          select id from m`,
    );
    // The token was taken between our look and our insert: by another lead's reply (this lead's are written one at a time).
    if (!written) return { status: 'token-used' } as const;
    const [triage] = await rowsOf(tx, sql`select status from lead_triage where lead_type = ${draft.kind} and lead_id = ${draft.id}::uuid for update`);
    const isNew = !triage || triage.status === 'new';
    const contacted = isNew && (await changeStatus(tx as unknown as Db, draft.authorId, [{ kind: draft.kind, id: draft.id }], 'contacted')).length > 0;
    return { status: 'queued', messageId: String(written.id), to, duplicate: false, contacted } as const;
  });
}
