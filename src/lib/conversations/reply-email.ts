// The email of a reply to a lead, built at send time from its lead_messages row (lib/notify/loop.ts, channel
// 'reply'): from the row's sender to the lead's address, the writer's subject and text as plain text, its own
// Message-ID (so every attempt and every re-send carries the same one), In-Reply-To and References of the
// message it follows, and a Reply-To whose signed token brings the answer back to this lead.
import type { Queryable } from '@/lib/db/connection';
import { isLeadKind } from '@/lib/leads/kinds';
import type { Env } from '@/lib/notify/config';
import { bodyText, headerText, type EmailMessage } from '@/lib/notify/message';
import { replySubjectMax } from './compose';
import { conversationSettings } from './config';
import { replyAddress, replyToken, replyTokenKey } from './reply-token';

export type OutgoingMessage = {
  id: string;
  lead_type: string;
  lead_id: string;
  message_id: string;
  in_reply_to: string | null;
  references: string[];
  from_address: string;
  from_name: string | null;
  to_address: string;
  subject: string;
  body_text: string;
};

/** The 'out' message an outbox row sends, or undefined when it no longer exists (erased with its lead). */
export async function loadOutgoing(client: Queryable, id: string | null): Promise<OutgoingMessage | undefined> {
  if (!id) return undefined;
  const { rows } = await client.query(
    `select id, lead_type, lead_id, message_id, in_reply_to, "references", from_address, from_name, to_address, subject, body_text
       from lead_messages where id = $1 and direction = 'out' and lead_id is not null`,
    [id],
  );
  return rows[0] as OutgoingMessage | undefined;
}

/** The reply's email (`deliveryId`: the outbox row, in X-Postcraft-Delivery-Id as on every email). */
export async function buildReplyEmail(client: Queryable, message: OutgoingMessage, deliveryId: string, env: Env = process.env): Promise<EmailMessage> {
  if (!isLeadKind(message.lead_type)) throw new Error(`unknown lead type "${message.lead_type}"`);
  const key = await replyTokenKey(client, env);
  const { inboundAddress } = conversationSettings(env);
  // nodemailer quotes the name and wraps each id in angle brackets (the rows keep them bare).
  const name = message.from_name ? headerText(message.from_name, 100) : '';
  return {
    from: name ? { name, address: message.from_address } : message.from_address,
    to: message.to_address,
    subject: headerText(message.subject, replySubjectMax),
    text: `${bodyText(message.body_text)}\n`,
    replyTo: replyAddress(inboundAddress, replyToken(key, message.lead_type, message.lead_id)),
    messageId: `<${message.message_id}>`,
    ...(message.in_reply_to ? { inReplyTo: `<${message.in_reply_to}>` } : {}),
    ...(message.references?.length ? { references: message.references.map((r) => `<${r}>`) } : {}),
    headers: { 'X-Postcraft-Delivery-Id': deliveryId },
  };
}
