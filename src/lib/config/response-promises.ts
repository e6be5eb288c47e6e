import { dataRequestReplyDays } from './retention';

/**
 * How soon the site promises an answer, per kind of lead (the keys are the lead kinds of lib/leads/kinds.ts;
 * lib/staff/reply-insights.ts checks them). The one place of these numbers: each kind's success message and
 * acknowledgement email (lib/leads/kinds.ts), /partners, /affiliate and /agency (content/programmes.ts and
 * their descriptions in routes.ts), /contact's general address (content/contact.ts), and the first-response
 * clock (lead_index.due_at, in the team's business hours), by which the insights' "Answered on time" counts.
 *
 * A data request's promise is /gdpr's `dataRequestReplyDays`: the staff's deadline (`replyDueBy`, which an
 * admin may extend as the law allows) is counted from it. A kind not listed (newsletter sign-ups) is
 * promised no answer.
 */
export const responsePromises = {
  partner: { hours: 48 },
  affiliate: { hours: 24 },
  agency: { hours: 24 },
  contact: { hours: 24 },
  /** The trial's sign-in details. */
  trial: { hours: 24 },
  dataRequest: { days: dataRequestReplyDays },
} as const;

export type ResponsePromise = { hours: number } | { days: number };

/** A promise in hours (a day is 24 hours, as `replyDueBy` counts). */
export const promiseHours = (p: ResponsePromise): number => ('hours' in p ? p.hours : p.days * 24);

/** A promise as the site words it: "48 hours", "30 days". */
export const promiseText = (p: ResponsePromise): string => ('hours' in p ? `${p.hours} hours` : `${p.days} days`);
