// An email that came in (by IMAP, lib/conversations/imap.ts, or the inbound webhook, server/inbound-email.ts):
// parsed with postal-mime, matched to a lead, and stored once as an incoming message of its thread, or as
// unmatched email for the admins (docs/conversations.md, "Answers coming back").
//
// Matching: the signed token of a lead's reply address (`replies+<token>@...`) in a recipient address (the
// envelope recipients the caller knows, To, Cc, Delivered-To, X-Original-To), else `In-Reply-To` or
// `References` naming a message we sent to a lead; and in either case only when the sender (From) is that
// lead's email address. What matches no lead is stored without one.
//
// Hostile mail is bounded: a message over the size limit is kept as its headers; the parse runs in a worker
// thread with a deadline and a memory limit (parse-mail.ts); at most 200 recipients, 50 referenced ids and
// 100 attachments are looked at; the HTML and the trimming have their own bounds (mail-text.ts). Nothing
// here throws on a message's content: a message that cannot be read is stored with its source and a notice.
import { createHash } from 'node:crypto';
import type { Address } from 'postal-mime';
import type { Queryable } from '@/lib/db/connection';
import type { MessageAttachment, MessageChannel } from '@/lib/db/conversation-schema';
import { logger } from '@/lib/logger';
import type { Env } from '@/lib/notify/config';
import { conversationSettings } from './config';
import { htmlToText } from './html-text';
import { cleanText, trimReply } from './mail-text';
import { parseMail, type ParsedMail } from './parse-mail';
import { matchLead } from './match';
import { sourceWithoutAttachments } from './scrub';

export const conversationsLog = logger.child({ name: 'conversations' });

export type IngestOutcome = 'joined' | 'unmatched' | 'duplicate';
export type IngestResult = { outcome: IngestOutcome; id?: string; lead?: { type: string; id: string } };

export type IngestOptions = {
  /** The envelope recipients (RCPT TO), when the caller knows them. */
  envelopeTo?: string[];
  /** Set when `raw` is only the headers of a message of this many bytes, over the size limit (IMAP fetches no more). */
  sizeWithoutBody?: number;
  env?: Env;
};

const maxRecipients = 200;
const maxReferences = 50;
const maxAttachments = 100;
const short = (value: string | undefined | null, n: number) => cleanText(value ?? '').trim().slice(0, n);
const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

/** The header block of a message (up to the blank line that ends it). */
function headerBlock(raw: Buffer): Buffer {
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  const ends = [crlf < 0 ? -1 : crlf + 4, lf < 0 ? -1 : lf + 2].filter((n) => n > 0);
  return ends.length ? raw.subarray(0, Math.min(...ends)) : raw;
}

/** Message ids of a header value (`<a@b> <c@d>`), without their angle brackets; a bare id when none is bracketed. */
function messageIds(value: string | undefined): string[] {
  if (!value) return [];
  const ids = [...value.slice(0, 100_000).matchAll(/<([^<>\s]{1,500})>/g)].map((m) => m[1]!);
  if (ids.length) return ids;
  const bare = value.trim().split(/\s+/)[0];
  return bare && bare.length <= 500 ? [bare] : [];
}

function mailboxes(list: Address[] | Address | undefined): { address: string; name: string }[] {
  const out: { address: string; name: string }[] = [];
  for (const a of Array.isArray(list) ? list : list ? [list] : []) {
    if (out.length >= maxRecipients) break;
    if (a.group) out.push(...a.group.slice(0, maxRecipients - out.length));
    else if (a.address) out.push({ address: a.address, name: a.name });
  }
  return out;
}

const bare = (address: string) => short(address, 320).toLowerCase();

/** Whether the source declares a text/plain part (or no type at all, which means text/plain). */
function hasPlainPart(email: ParsedMail, source: Buffer): boolean {
  if (!email.headers.some((h) => h.key === 'content-type')) return true;
  return /^content-type:\s*text\/plain/im.test(source.toString('latin1'));
}

type Parsed = {
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  from: string;
  fromName: string | null;
  recipients: string[];
  firstTo: string;
  subject: string;
  bodyText: string;
  attachments: MessageAttachment[];
  notices: string[];
};

/** What is stored of a message, from postal-mime's reading of it. */
function readEmail(email: ParsedMail, source: Buffer, notices: string[], withBody: boolean): Parsed {
  const from = mailboxes(email.from)[0];
  if (!from) notices.push('It has no sender (From): it cannot be matched to a lead.');
  const header = (key: string) => email.headers.filter((h) => h.key === key).map((h) => h.value);
  const to = mailboxes(email.to);
  const recipients = [
    ...to,
    ...mailboxes(email.cc),
    ...[...header('delivered-to'), ...header('x-original-to')].flatMap((v) => v.split(',')).map((address) => ({ address: address.replace(/[<>]/g, '').trim(), name: '' })),
  ]
    .map((r) => bare(r.address))
    .filter(Boolean)
    .slice(0, maxRecipients);
  let bodyText = '';
  if (withBody) {
    if (email.html && !hasPlainPart(email, source)) {
      const converted = htmlToText(email.html);
      bodyText = converted.text;
      notices.push('It had no plain text part: its HTML is shown as text.', ...converted.notices);
    } else bodyText = cleanText(email.text ?? '').trim();
    if (bodyText.includes('\ufffd')) notices.push('Some of its characters could not be read (a wrong or unknown character set): they show as �.');
  }
  const attachments = email.attachments.slice(0, maxAttachments).map((a) => ({
    filename: a.filename ? short(a.filename, 255) : null,
    contentType: short(a.mimeType, 255) || 'application/octet-stream',
    size: a.size,
  }));
  if (email.attachments.length > maxAttachments) notices.push(`It had ${email.attachments.length} attachments: the first ${maxAttachments} are listed.`);
  const references = messageIds(email.references);
  return {
    messageId: short(messageIds(email.messageId)[0], 500) || null,
    inReplyTo: short(messageIds(email.inReplyTo)[0], 500) || null,
    references: references.slice(-maxReferences).map((id) => short(id, 500)).filter(Boolean),
    from: from ? bare(from.address) : '',
    fromName: from?.name ? short(from.name, 300) : null,
    recipients,
    firstTo: to[0] ? bare(to[0].address) : '',
    subject: short(email.subject, 1000),
    bodyText,
    attachments,
    notices,
  };
}

/** The message's fields when the parser could not read it: the source is kept, nothing else is known. */
function unreadable(reason: string, notices: string[]): Parsed {
  notices.push(`It could not be read as an email (${reason}): only its source is kept.`);
  return { messageId: null, inReplyTo: null, references: [], from: '', fromName: null, recipients: [], firstTo: '', subject: '', bodyText: '', attachments: [], notices };
}

/**
 * Stores one incoming email (its source, `raw`) and says what became of it: joined to a lead's thread,
 * stored as unmatched, or a duplicate of a message already taken (the same Message-ID, or without one the
 * same source; a copy of a message we sent is one too). Throws only when the database fails.
 */
export async function ingestEmail(client: Queryable, raw: Buffer, via: MessageChannel, options: IngestOptions = {}): Promise<IngestResult> {
  const env = options.env ?? process.env;
  const { maxBytes } = conversationSettings(env);
  const notices: string[] = [];
  const size = options.sizeWithoutBody ?? (raw.length > maxBytes ? raw.length : undefined);
  let source = size === undefined ? raw : headerBlock(raw);
  if (source.length > maxBytes) source = source.subarray(0, maxBytes);
  if (size !== undefined) notices.push(`It was ${megabytes(size)}, over the limit of ${megabytes(maxBytes)}: only its headers were kept.`);
  let m: Parsed;
  try {
    m = readEmail(await parseMail(source), source, notices, size === undefined);
  } catch (err) {
    // Its body could not be read: its headers alone may still say who sent it, to whom and in answer to what.
    const reason = String((err as Error)?.message ?? err).slice(0, 200);
    const head = headerBlock(source);
    try {
      if (head.length === source.length) throw err;
      m = readEmail(await parseMail(head), head, notices, false);
      notices.push(`Its body could not be read (${reason}): its headers and source are kept.`);
    } catch {
      m = unreadable(reason, notices);
    }
  }
  if (m.messageId) {
    const { rows } = await client.query(`select 1 from lead_messages where direction = 'out' and message_id = $1`, [m.messageId]);
    if (rows.length) return { outcome: 'duplicate' };
  }
  const recipients = [...(options.envelopeTo ?? []).map(bare).filter(Boolean), ...m.recipients].slice(0, maxRecipients);
  const match = await matchLead(client, { ...m, recipients }, env);
  if (match.notice) m.notices.push(match.notice);
  const shown = m.bodyText ? trimReply(m.bodyText) : null;
  const dedupeKey = m.messageId ?? `sha256:${createHash('sha256').update(source).digest('hex')}`;
  const { rows } = await client.query(
    `insert into lead_messages (lead_type, lead_id, direction, message_id, in_reply_to, "references", from_address, from_name, to_address,
       subject, body_text, shown_text, raw, notices, attachments, channel, dedupe_key)
     values ($1, $2, 'in', $3, $4, $5::text[], $6, $7, $8, $9, $10, $11, $12, $13::text[], $14::jsonb, $15, $16)
     on conflict (dedupe_key) where direction = 'in' do nothing
     returning id`,
    [
      match.lead?.type ?? null,
      match.lead?.id ?? null,
      m.messageId,
      m.inReplyTo,
      m.references,
      m.from,
      m.fromName,
      match.address || m.firstTo || recipients[0] || '',
      m.subject,
      m.bodyText,
      shown,
      new TextDecoder('utf-8').decode(sourceWithoutAttachments(source)).replace(/\u0000/g, ''),
      m.notices.map((n) => cleanText(n)),
      JSON.stringify(m.attachments),
      via,
      dedupeKey,
    ],
  );
  const id = (rows[0] as { id: string } | undefined)?.id;
  if (!id) return { outcome: 'duplicate' };
  const outcome: IngestOutcome = match.lead ? 'joined' : 'unmatched';
  conversationsLog.info({ event: 'conversations.email_in', via, outcome, messageId: id, leadType: match.lead?.type }, outcome === 'joined' ? 'an answer joined its lead' : 'an email matched no lead');
  return { outcome, id, lead: match.lead };
}
