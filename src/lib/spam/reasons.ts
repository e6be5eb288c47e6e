/**
 * Why a post was held (docs/spam.md): the reasons the screening records with a lead, and what staff read
 * for each. Client-safe: the staff pages show them.
 */
import type { ContentSignal } from './signals';

export type SpamReason = 'no-javascript' | 'no-proof' | 'bad-proof' | 'expired-proof' | 'replayed-proof' | 'too-fast' | 'honeypot' | ContentSignal;

export const spamReasonText: Record<SpamReason, string> = {
  'no-javascript': 'Sent without JavaScript, so without the proof of work',
  'no-proof': 'Posted without the proof of work the form sends',
  'bad-proof': 'Its proof of work was not valid',
  'expired-proof': 'Its proof of work had expired',
  'replayed-proof': 'Its proof of work had already been used by another post',
  'too-fast': 'Sent sooner after the form was first used than a person can fill it',
  honeypot: 'Filled in the hidden field that only scripts see',
  'link-markup': 'Contains link markup (HTML or BBCode)',
  'link-in-name': 'A web address in a name or company field',
  'many-links': 'More than three web addresses',
};

/**
 * `held`: the only reason is the missing JavaScript, which a real person may have turned off: kept for a
 * person to look at. `spam`: anything else.
 */
export type Verdict = 'spam' | 'held';
export const verdictOf = (reasons: readonly SpamReason[]): Verdict => (reasons.length === 1 && reasons[0] === 'no-javascript' ? 'held' : 'spam');

export const isSpamReason = (v: string): v is SpamReason => Object.hasOwn(spamReasonText, v);
