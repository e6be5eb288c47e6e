/**
 * The trial and guarantee constants: the one place pricing, terms, FAQ and structured data read them
 * from (kept exactly: docs/content.md).
 */
export const commercial = {
  trialDays: 14,
  trialNeedsCard: false,
  moneyBackDays: 30,
  dataRetentionDaysAfterCancellation: 30,
  planChangesImmediate: true,
  setupFee: 0,
  /** The trial gives the features of this /pricing plan (by id); after it, an account without a paid plan is on Free. */
  trialPlanId: 'pro',
  /**
   * How long an affiliate's link is remembered (the spec's "90 days cookie duration"): the referral cookie's
   * lifetime (lib/leads/referral.ts), the /affiliate page's figure and the cookie policy's.
   */
  affiliateCookieDays: 90,
} as const;
