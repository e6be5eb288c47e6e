/**
 * How long the lead backend keeps each kind of data: the one configuration that the daily purge
 * (lib/retention/purge.ts) deletes by, and that /gdpr's retention table and the privacy policy state, so
 * the pages cannot disagree with the system. Client-safe: plain data.
 */
import { addDays, addMonths } from '@/lib/dates';

export const retention = {
  /** Applications, messages and trial requests: months after they arrive. */
  leadMonths: 24,
  /** Data protection requests and how each was checked: months after they arrive (a record that we answered). */
  dataRequestMonths: 36,
  /** A lead held as spam (by the screening, or marked by staff): days after it arrived. */
  spamDays: 30,
  /** A newsletter sign-up never confirmed: days after it was made. */
  newsletterUnconfirmedDays: 30,
  /** A newsletter subscription after its unsubscribe: days. */
  newsletterUnsubscribedDays: 30,
  /** The record of an email or webhook sent about a lead (address hash, error text): days after it finished. */
  deliveryDays: 90,
} as const;

/**
 * Days a data request's answer may take: what /gdpr, its form and the privacy policy promise (decisions.md),
 * within the law's one month (GDPR Art. 12(3)). The staff's deadline is counted from it, in code and in SQL.
 */
export const dataRequestReplyDays = 30;
/**
 * An extended deadline (once, with the reason recorded): the most the law allows, the one month plus two
 * further months of Art. 12(3), so three calendar months from receipt.
 */
export const extendedReplyMonths = 3;

/** When the answer to a data request received at `receivedAt` is due, unless extended. */
export const replyDueBy = (receivedAt: Date): Date => addDays(receivedAt, dataRequestReplyDays);
/** When it is due once extended. */
export const extendedReplyDueBy = (receivedAt: Date): Date => addMonths(receivedAt, extendedReplyMonths);

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** The rows of the retention table of /gdpr and the privacy policy, in words, made from `retention`. */
export const leadRetentionPeriods = [
  { data: 'Partner, affiliate and agency applications, contact messages and trial requests', period: `Deleted ${plural(retention.leadMonths, 'month')} after they arrive` },
  { data: 'Data protection requests and how we checked them', period: `Deleted ${plural(retention.dataRequestMonths, 'month')} after they arrive` },
  { data: 'Messages and sign-ups held as spam', period: `Deleted ${plural(retention.spamDays, 'day')} after they arrive` },
  {
    data: 'Newsletter sign-ups',
    period: `Unconfirmed: deleted after ${plural(retention.newsletterUnconfirmedDays, 'day')}; after you unsubscribe: deleted after ${plural(retention.newsletterUnsubscribedDays, 'day')}`,
  },
  { data: 'Records of emails and notifications we sent about a request', period: `Deleted ${plural(retention.deliveryDays, 'day')} after sending` },
] as const;

/**
 * When the daily purge deletes a lead, as its staff page says: a date, or null while a confirmed newsletter
 * subscription is kept (until its reader unsubscribes).
 */
export function deletionDate(kind: string, createdAt: Date, status: string, fields: Record<string, unknown>): Date | null {
  if (status === 'spam') return addDays(createdAt, retention.spamDays);
  if (kind === 'newsletter') {
    if (fields.status === 'pending') return addDays(createdAt, retention.newsletterUnconfirmedDays);
    if (fields.status === 'unsubscribed' && fields.unsubscribed_at) return addDays(new Date(String(fields.unsubscribed_at)), retention.newsletterUnsubscribedDays);
    return null;
  }
  return addMonths(createdAt, kind === 'dataRequest' ? retention.dataRequestMonths : retention.leadMonths);
}
