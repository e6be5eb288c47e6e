// The emails to a lead's own address, built at send time from the lead row (docs/notifications.md):
// the acknowledgement of what they sent, and the newsletter's confirmation link. The visitor's text
// goes into the React Email components as text (escaped in the HTML, never a link); the subjects are
// fixed text, so nothing typed in a form reaches a header.
import * as React from 'react';
import { site } from '@/lib/config/site';
import { Acknowledgement, NewsletterConfirm, renderEmail } from './emails';
import { asDate } from '@/lib/db/values';
import { confirmLinkDays, kindDef, type FieldDef } from '@/lib/leads/kinds';
import { linkUrl, signLink } from '@/lib/newsletter/links';
import type { LeadRow } from './leads';
import { bodyText, type EmailMessage } from './message';

export type VisitorEmail = EmailMessage & { html: string };
export type VisitorEmailOptions = { from: string; siteUrl: string; deliveryId: string };

const when = (d: Date | string) =>
  asDate(d).toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' });

/** A field's value as the visitor chose it: an option's label, or the text as typed. */
function shown(field: FieldDef, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(not given)';
  const option = field.options?.find((o) => o.value === value);
  return option ? option.label : bodyText(value);
}

/** "We received your …": a copy of what was sent, the promised reply time and whom to write to. */
export async function buildAcknowledgement(kind: string, lead: LeadRow, { from, siteUrl, deliveryId }: VisitorEmailOptions): Promise<VisitorEmail> {
  const def = kindDef(kind);
  if (!def.acknowledge) throw new Error(`a ${kind} lead is not acknowledged`);
  const fields = Object.values(def.fields)
    .filter((f) => f.rule.type !== 'fixed')
    .map((f) => ({ label: f.label, value: shown(f, lead[f.column]) }));
  const name = String(lead.first_name ?? lead.name ?? '').replace(/\s+/g, ' ').trim() || undefined;
  const title = `We received your ${def.label.toLowerCase()}`;
  const element = React.createElement(Acknowledgement, {
    siteUrl,
    title,
    name,
    intro: `${def.acknowledge.intro} It reached us on ${when(lead.created_at)}.`,
    promise: def.outcome.success.message,
    fields,
    contactEmail: def.acknowledge.contact,
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
