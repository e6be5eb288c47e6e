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
  /**
   * An email to our reply address that matched no lead (a reply from another address, a stranger's mail,
   * spam): days after it arrived. Admins attach it to its lead or discard it in that time; a reply to a lead
   * that came from a colleague's address is looked at within days, and a month covers a holiday
   * (docs/conversations.md). An email of a lead's thread goes with its lead.
   */
  unmatchedMessageDays: 30,
  /**
   * The page counts of a day (page_views, docs/analytics.md): months after that day. They hold no personal
   * data; the period is the spec's "Analytics data is anonymized after 26 months" (`policy.analyticsAnonymisedMonths`,
   * content/legal.ts: a test keeps the two equal), long enough to compare any range of the insights (at most
   * a year) with the same range a year before.
   */
  pageViewMonths: 26,
  /**
   * A form post's submission token that names no lead (from before repeats were linked to their
   * subscription; for a post without JavaScript a hash of what was typed): days. It only stops a double
   * click or a reload from storing twice, and a post without a token of its own is keyed by its day.
   */
  orphanTokenDays: 2,
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

/** When the answer to a data request received at `receivedAt` is due once extended. */
export const extendedReplyDueBy = (receivedAt: Date): Date => addMonths(receivedAt, extendedReplyMonths);

/**
 * A data request's reply deadline: the extended date (`data_request_checks.extended_until`, set by
 * `extendDeadline`), or `dataRequestReplyDays` after receipt. The one definition: the staff pages read it
 * in JavaScript (`replyDueBy`), the inbox and the retention purge in SQL (`replyDueBySql`), and a test
 * checks that the two agree.
 */
export const replyDueBy = (receivedAt: Date, extendedUntil: Date | null = null): Date => extendedUntil ?? addDays(receivedAt, dataRequestReplyDays);

/** `replyDueBy` as an SQL expression of two SQL expressions (whole days of 24 hours, as `addDays`). */
export const replyDueBySql = (receivedAt: string, extendedUntil: string): string =>
  `coalesce(${extendedUntil}, (${receivedAt}) + ${dataRequestReplyDays} * interval '24 hours')`;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * The retention periods of leads. Each kind of the registry names one (`retention` in lib/leads/kinds.ts):
 * the purge (lib/retention/purge.ts) deletes its leads by it, the lead's staff page shows the date
 * (`deletionDateFor`), and /gdpr's table and the privacy policy list the kind under it, by its label
 * (lib/retention/periods.ts). `data` words a row from the kinds' names in the plural ("Partner applications,
 * ... and trial requests"); `period` is the /gdpr table's sentence.
 */
export const leadRetention = {
  /** Deleted `retention.leadMonths` after arrival (spam after `spamDays`). */
  lead: { data: (kinds: string) => kinds, period: `Deleted ${plural(retention.leadMonths, 'month')} after they arrive` },
  /** A request the law makes us answer: kept `dataRequestMonths` as the record that we did; never deleted before its reply deadline. */
  request: { data: (kinds: string) => `${kinds} and how we checked them`, period: `Deleted ${plural(retention.dataRequestMonths, 'month')} after they arrive` },
  /** A subscription with double opt-in: kept while confirmed; deleted when never confirmed or after unsubscribing. */
  subscription: {
    data: (kinds: string) => kinds,
    period: `Unconfirmed: deleted after ${plural(retention.newsletterUnconfirmedDays, 'day')}; after you unsubscribe: deleted after ${plural(retention.newsletterUnsubscribedDays, 'day')}`,
  },
} as const;

/** A retention period a kind of lead names. */
export type LeadRetention = keyof typeof leadRetention;

/** The rows of /gdpr's retention table about what is not one kind of lead (after the kinds' own rows of `request`). */
export const otherRetentionRows = {
  spam: { data: 'Messages, requests and sign-ups held as spam', period: `Deleted ${plural(retention.spamDays, 'day')} after they arrive (a data protection request not before the date we must answer it by)` },
  delivery: { data: 'Records of emails and notifications we sent about a request', period: `Deleted ${plural(retention.deliveryDays, 'day')} after sending` },
  unmatched: {
    data: 'Emails to our reply address that we could not match to a request',
    period: `Deleted ${plural(retention.unmatchedMessageDays, 'day')} after they arrive (the emails of a request go with it)`,
  },
} as const;

/**
 * When the daily purge deletes a lead kept for `period`, as its staff page says: a date, or null while a
 * confirmed subscription is kept (until its reader unsubscribes). A request held as spam waits for its reply
 * deadline (`replyDue`, when the page knows an extension; else the one without).
 */
export function deletionDateFor(period: LeadRetention, createdAt: Date, status: string, fields: Record<string, unknown>, replyDue?: Date | null): Date | null {
  if (status === 'spam') {
    const spamEnd = addDays(createdAt, retention.spamDays);
    if (period !== 'request') return spamEnd;
    const due = replyDue ?? replyDueBy(createdAt, null);
    return due > spamEnd ? due : spamEnd;
  }
  if (period === 'subscription') {
    if (fields.status === 'pending') return addDays(createdAt, retention.newsletterUnconfirmedDays);
    if (fields.status === 'unsubscribed' && fields.unsubscribed_at) return addDays(new Date(String(fields.unsubscribed_at)), retention.newsletterUnsubscribedDays);
    return null;
  }
  return addMonths(createdAt, period === 'request' ? retention.dataRequestMonths : retention.leadMonths);
}
