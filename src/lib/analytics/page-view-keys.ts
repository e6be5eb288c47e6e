/**
 * What a page count may hold in its dimensions (docs/analytics.md, "Bounded"): the campaign tags and the
 * referring host come from the visitor, so each is normalised to a short value of plain characters, and
 * anything else is counted as `otherValue`. The number of distinct keys a day may add is capped in the
 * database (`pageViewsWriter`, lib/analytics/page-views-store.ts): beyond it, new keys are counted under
 * the page's "other" key, every dimension `otherValue`.
 */
import { cleanTag } from '@/lib/leads/attribution';

/** The value of a dimension that was not kept: not plain text, too long, or past the day's limit of keys. */
export const otherValue = '(other)';

/** Longest tag counted as it is (characters); a longer one is `otherValue`. Campaign tags are short slugs. */
export const tagMaxLength = 64;
/** Longest referring host counted as it is (below `referrerHost`'s cut at 100, so that a cut host is never counted as a host). */
export const hostMaxLength = 80;

/** Distinct keys with a referring host or a tag that one day may add, site-wide (the "none" and "other" key of each page aside). */
export const defaultDailyKeys = 1000;

// Letters and digits of any script, and the punctuation of tags as people write them. No markup
// characters (<>"'=;), no brackets (so that `(other)` is never a visitor's value), no control characters.
const plainTag = /^[\p{L}\p{M}\p{N} ._+\-/:@&~]+$/u;
// A host name as the URL parser gives it (lower case, IDNs in punycode): labels of letters, digits,
// hyphens and underscores. IPv6 literals and anything stranger are not a referring site we can name.
const plainHost = /^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*$/;

/**
 * A campaign tag as counted: cleaned as a lead's (`cleanTag`: control characters out, spaces squeezed) and
 * lower-cased, so that it matches the lead's tag in the insights; '' when absent; `otherValue` when it is
 * longer than `tagMaxLength` or holds another character than letters, digits, spaces and `._+-/:@&~`.
 */
export function countedTag(raw: string | null): string {
  if (raw === null) return '';
  const text = cleanTag(raw, tagMaxLength + 1)?.toLowerCase() ?? '';
  if (!text) return '';
  return Array.from(text).length <= tagMaxLength && plainTag.test(text) ? text : otherValue;
}

/** A referring host as counted (already lower case, without `www.`): `otherValue` when it is not a plain host name of at most `hostMaxLength` characters. */
export function countedHost(host: string): string {
  if (!host) return '';
  return host.length <= hostMaxLength && plainHost.test(host) ? host : otherValue;
}
