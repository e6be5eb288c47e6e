// The two notification messages built from a lead row: a plain-text email and a signed JSON webhook.
import { asDate } from '@/lib/db/values';
import { attributionFromColumns, attributionLabels, type Attribution } from '@/lib/leads/attribution';
import { leadDefinition, type LeadRow } from './leads';

/** Control characters (C0 incl. CR/LF, DEL, C1) and Unicode line/paragraph separators. */
const headerUnsafe = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;

/**
 * Text safe for a single header line: every control character (CR and LF included) becomes a space,
 * runs of white space collapse, and the result is cut at `max` characters.
 */
export function headerText(value: unknown, max = 150): string {
  const s = String(value ?? '').replace(headerUnsafe, ' ').replace(/\s+/g, ' ').trim();
  return s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s;
}

/** Body text: line breaks normalised to LF, other control characters (except tab) removed. */
export function bodyText(value: unknown): string {
  return (
    String(value ?? '')
      .replace(/\r\n?/g, '\n')
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g, '')
  );
}

/** A plain address the Reply-To header can carry, or undefined. */
function replyAddress(email: unknown): string | undefined {
  const s = String(email ?? '');
  return /^[^\s<>()[\]",;:\\@]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/.test(s) && s.length <= 254 ? s : undefined;
}

const iso = (d: Date | string): string => asDate(d).toISOString();

export type EmailMessage = {
  /** An address, or a name and an address (nodemailer quotes the name). */
  from: string | { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative (the emails to visitors). */
  html?: string;
  replyTo?: string;
  /** A reply to a lead (lib/conversations/reply-email.ts): its own Message-ID and the ids it follows, each in angle brackets. */
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  headers: Record<string, string>;
};

export type EmailOptions = { from: string; to: string; deliveryId: string; siteUrl?: string };

/** The staff email about a lead (`lead` is the row from loadLead). */
export function buildEmail(kind: string, lead: LeadRow, { from, to, deliveryId, siteUrl }: EmailOptions): EmailMessage {
  const def = leadDefinition(kind);
  const lines = [`A new ${def.title} arrived on the website.`, ''];
  for (const field of def.fields) {
    const value = lead[field.column];
    const text = value === null || value === undefined || value === '' ? '(not given)' : bodyText(value);
    // A long text goes under its label, every line indented; a one-line field stays on one line.
    // Either way no value can start a line of its own that reads like another field.
    if (field.multiline && text.includes('\n')) lines.push(`${field.label}:`, ...text.split('\n').map((l) => `  ${l}`));
    else lines.push(`${field.label}: ${field.multiline ? text : text.replace(/\s*\n\s*/g, ' ')}`);
  }
  const source = attributionOfLead(lead);
  const tagged = (Object.keys(source) as (keyof Attribution)[]).filter((k) => source[k]);
  if (tagged.length) lines.push('', ...tagged.map((k) => `${attributionLabels[k]}: ${bodyText(source[k]).replace(/\s*\n\s*/g, ' ')}`));
  lines.push('', `Received: ${iso(lead.created_at)}`, `Reference: ${kind} ${lead.id}`);
  if (siteUrl) lines.push(`Staff inbox: ${siteUrl.replace(/\/+$/, '')}/staff`);
  return {
    from,
    to,
    // Fixed text plus the sanitised summary: no value can start a new header line.
    subject: `New ${def.title}: ${headerText(def.summary(lead), 150)}`,
    text: `${lines.join('\n')}\n`,
    replyTo: replyAddress(lead.email),
    headers: { 'X-Postcraft-Delivery-Id': deliveryId },
  };
}

/**
 * The webhook body: `{ event, type, id, createdAt, fields, attribution }`. `fields` holds the lead's fields
 * under their form names (camelCase), nested so that a field named like a top-level key (the data
 * request's `type`) cannot collide with it; `attribution` where it came from (`source`, `medium`,
 * `campaign`, `term`, `content`, `referrer`, `page`, `referral`: an affiliate's code; each null when not known).
 */
export function buildWebhookBody(kind: string, lead: LeadRow): string {
  const def = leadDefinition(kind);
  const fields: Record<string, unknown> = {};
  for (const field of def.fields) fields[field.key] = lead[field.column] ?? null;
  return JSON.stringify({ event: 'lead.created', type: kind, id: lead.id, createdAt: iso(lead.created_at), fields, attribution: attributionOfLead(lead) });
}

/** The attribution loadLead read with the row (`attr_*` columns). */
const attributionOfLead = (lead: LeadRow): Attribution => attributionFromColumns(lead, 'attr_');
