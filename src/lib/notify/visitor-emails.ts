// The emails to a lead's own address, built at send time from the lead row (docs/notifications.md):
// the acknowledgement of what arrived, and the newsletter's confirmation link. Nothing the visitor typed
// is quoted in them (the address typed is not proven to be theirs); the subjects are fixed text, so
// nothing typed in a form reaches a header.
import * as React from 'react';
import { site } from '@/lib/config/site';
import { Acknowledgement, NewsletterConfirm, renderEmail } from './emails';
import { asDate } from '@/lib/db/values';
import { confirmLinkDays, kindDef, valueLabel, type FieldDef } from '@/lib/leads/kinds';
import { linkUrl, signLink } from '@/lib/newsletter/links';
import type { LeadRow } from './leads';
import { bodyText, type EmailMessage } from './message';

export type VisitorEmail = EmailMessage & { html: string };
export type VisitorEmailOptions = { from: string; siteUrl: string; deliveryId: string };

const when = (d: Date | string) =>
  asDate(d).toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' });

/**
 * What the acknowledgement says of a field: an option's label (text of ours), the address it is sent to,
 * or for text the visitor typed only that it arrived. Typed text is never quoted: whatever address is
 * typed into a form gets this email, so quoting a name or a message would let anyone send their words
 * from our domain to anyone (a relay for spam and phishing).
 */
function shown(field: FieldDef, value: unknown): string {
  // A box to tick: Yes or No; a choice: its option's label (a value that left a content list: itself, ours too).
  if (field.rule.type === 'tick' || field.options) return valueLabel(field, value) ?? '(not given)';
  if (value === null || value === undefined || value === '') return '(not given)';
  if (field.rule.type === 'email') return bodyText(value);
  const length = [...String(value)].length;
  return field.long ? `Received (${length.toLocaleString('en-US')} characters)` : 'Received';
}

/** "We received your …": what arrived (choices by name, typed text not quoted), the promised reply time and whom to write to. */
export async function buildAcknowledgement(kind: string, lead: LeadRow, { from, siteUrl, deliveryId }: VisitorEmailOptions, key?: Buffer): Promise<VisitorEmail> {
  const def = kindDef(kind);
  if (!def.acknowledge) throw new Error(`a ${kind} lead is not acknowledged`);
  const fields = Object.values(def.fields)
    .filter((f) => f.rule.type !== 'fixed')
    .map((f) => ({ label: f.label, value: shown(f, lead[f.column]) }));
  const title = `We received your ${def.label.toLowerCase()}`;
  const element = React.createElement(Acknowledgement, {
    siteUrl,
    title,
    intro: `${def.acknowledge.intro} It reached us on ${when(lead.created_at)}.`,
    promise: def.outcome.success.message,
    fields,
    contactEmail: def.acknowledge.contact,
    // A data request is acted on only once its requester confirms it is theirs (docs/leads.md).
    ...(kind === 'dataRequest' && key
      ? {
          action: {
            text: 'Before we act on it, please confirm that this request is yours: we export, correct or delete data only for the person who controls the address.',
            label: 'Confirm my request',
            url: linkUrl(siteUrl, 'verify', signLink(key, 'verify', lead.id)),
            note: `This link works for ${confirmLinkDays} days. If you did not send this request, ignore this email and nothing will happen.`,
          },
        }
      : {}),
  });
  const { html, text } = await renderEmail(element);
  return { from, to: String(lead.email), subject: title, html, text, replyTo: def.acknowledge.contact, headers: { 'X-Postcraft-Delivery-Id': deliveryId, 'Auto-Submitted': 'auto-replied' } };
}

/** The double opt-in email: the signed confirmation link, and a one-click unsubscribe (RFC 8058). */
export async function buildConfirmation(lead: LeadRow, key: Buffer, { from, siteUrl, deliveryId }: VisitorEmailOptions): Promise<VisitorEmail> {
  const confirmUrl = linkUrl(siteUrl, 'confirm', signLink(key, 'confirm', lead.id));
  const unsubscribeUrl = linkUrl(siteUrl, 'unsubscribe', signLink(key, 'unsubscribe', lead.id));
  const element = React.createElement(NewsletterConfirm, { siteUrl, confirmUrl, unsubscribeUrl, expiresInDays: confirmLinkDays });
  const { html, text } = await renderEmail(element);
  return {
    from,
    to: String(lead.email),
    subject: `Confirm your ${site.name} newsletter subscription`,
    html,
    text,
    headers: {
      'X-Postcraft-Delivery-Id': deliveryId,
      'Auto-Submitted': 'auto-generated',
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
