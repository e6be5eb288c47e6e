import { commercial } from '@/lib/config/commercial';
import { leadRetentionPeriods } from '@/lib/retention/periods';
import { policy } from './legal';
import type { DataRequestType } from '@/lib/leads/options';

/** The four rights cards of /gdpr with the label of each card's button (it opens the data-request form). */
export const gdprRights: { type: DataRequestType; title: string; article: string; description: string; button: string }[] = [
  { type: 'export', title: 'Right of access', article: 'Article 15', description: 'Get a copy of the personal data we hold about you and learn how we use it.', button: 'Request Data Export' },
  { type: 'rectify', title: 'Right to rectification', article: 'Article 16', description: 'Have inaccurate or incomplete personal data corrected.', button: 'Update Information' },
  { type: 'erase', title: 'Right to erasure', article: 'Article 17', description: 'Ask us to delete your account and the personal data that goes with it.', button: 'Delete Account' },
  { type: 'portability', title: 'Right to data portability', article: 'Article 20', description: 'Receive your data in a structured, machine-readable format to take elsewhere.', button: 'Export Data' },
];

export const lawfulBases = [
  { basis: 'Contract', use: 'Running your account: importing designs, publishing and scheduling posts, billing.' },
  { basis: 'Legitimate interests', use: 'Keeping the service secure, preventing abuse and improving features with aggregated usage data.' },
  { basis: 'Consent', use: 'Product newsletters and any optional communication; you can withdraw consent at any time.' },
  { basis: 'Legal obligation', use: 'Keeping invoices and answering lawful requests from authorities.' },
] as const;

export const retentionPeriods = [
  { data: 'Design files and derivatives', period: `Deleted within ${policy.designFileDeletionMinutes} minutes of processing` },
  { data: 'Account personal data', period: `Deleted within ${policy.personalDataDeletionDays} days of account closure` },
  { data: 'Account data after subscription cancellation', period: `Kept ${commercial.dataRetentionDaysAfterCancellation} days, then deleted` },
  { data: 'Analytics data', period: `Anonymized after ${policy.analyticsAnonymisedMonths} months` },
  { data: 'Support conversations', period: `Deleted after ${policy.supportDataDeletionYears} years` },
  // What the site's forms collect: the periods the daily purge deletes by (lib/config/retention.ts), each listing
  // the kinds of lead that name it (lib/retention/periods.ts).
  ...leadRetentionPeriods,
] as const;

export const transfers = [
  { region: 'United States', mechanism: 'Standard contractual clauses', detail: 'Our hosting and email processors in the United States are bound by the European Commission\u2019s standard contractual clauses, with additional safeguards such as encryption.' },
  { region: 'Canada', mechanism: 'Adequacy decision', detail: 'Transfers to Canada rely on the European Commission\u2019s adequacy decision for Canada.' },
] as const;
