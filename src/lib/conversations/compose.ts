// What the reply composer and its action share (client-safe: the composer's island fills a saved reply in
// the browser with the same code the server uses): the limits, the placeholders of saved replies, the first
// name a greeting uses, the subject a reply starts with, and who may reply to which lead.
import type { LeadKind } from '@/lib/leads/kinds';
import type { ActionResult } from '@/lib/staff/action-state';

/** The longest message a reply may carry (as a note, lib/staff/triage.ts) and the longest subject. */
export const replyMessageMax = 5000;
export const replySubjectMax = 200;

/** What the composer says, and its action answers, while emails are off. */
export const smtpOffMessage = 'Replies cannot be sent until SMTP_URL is set on the server.';

/** The placeholders of a saved reply, filled when it is inserted (and once more when the reply is sent). */
export type Placeholders = { firstName: string; myName: string };

/** `{firstName}` and `{myName}` replaced (any other text in braces is left as it is). */
export function fillPlaceholders(text: string, values: Placeholders): string {
  return text.replace(/\{(firstName|myName)\}/g, (_, name: keyof Placeholders) => values[name]);
}

/** The greeting's name of a lead: its first name, or the first word of its name; "there" when it gave none ("Hello there"). */
export function firstNameOf(fields: Record<string, unknown>): string {
  const given = typeof fields.first_name === 'string' ? fields.first_name : typeof fields.name === 'string' ? fields.name : '';
  return given.trim().split(/\s+/)[0] || 'there';
}

/** Control characters a subject or a message may not hold (tab and line breaks are fine in a message). */
export const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** "Re: <subject>", without piling up "Re:" prefixes. */
export const followUpSubject = (subject: string) => (/^\s*re\s*:/i.test(subject) ? subject.trim() : `Re: ${subject.trim()}`);

/**
 * The subject a reply starts with: "Re: <latest subject>" when the thread has a message, else one that names
 * what the lead sent: a contact message's own subject ("Re: Question about pricing"), otherwise "Your partner
 * application" and the like.
 */
export function startingSubject(kindLabel: string, fields: Record<string, unknown>, latestSubject: string | null): string {
  const clip = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, replySubjectMax);
  if (latestSubject?.trim()) return clip(followUpSubject(latestSubject));
  if (typeof fields.subject === 'string' && fields.subject.trim()) return clip(followUpSubject(fields.subject));
  return `Your ${kindLabel.toLowerCase()}`;
}

/** The lead kinds staff never reply to from the lead's page: a newsletter subscription asked nothing (see docs/conversations.md). */
export const kindsWithoutReplies: readonly LeadKind[] = ['newsletter'];

/**
 * Why `role` may not reply to this lead now, or undefined when they may: the lead's kind takes no replies,
 * a data request is answered by admins only (like everything about data requests), and a lead marked spam or
 * archived gets no email until its status is changed back (as a re-send, lib/staff/resend-access.ts).
 */
export function replyRefusalFor(role: 'admin' | 'member', kind: LeadKind, status: string): string | undefined {
  if (kindsWithoutReplies.includes(kind)) return 'Replies are not sent to newsletter subscriptions.';
  if (kind === 'dataRequest' && role !== 'admin') return 'Only admins can reply to a data request.';
  if (status === 'spam') return 'This lead is marked Spam: change its status first to reply to it.';
  if (status === 'archived') return 'This lead is archived: change its status first to reply to it.';
  return undefined;
}

/** The composer's fields as the writer left them. */
export type ReplyDraftFields = { subject: string; message: string };

/**
 * What the composer's action answers: an action result, and after "Insert" without JavaScript the draft to
 * show again with the saved reply inserted (`draft`).
 */
export type ComposerResult = ActionResult & { draft?: ReplyDraftFields };
