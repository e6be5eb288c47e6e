/**
 * Where a lead came from (issue 20, docs/leads.md#attribution): the campaign tags in the address of the
 * page the form is on (`utm_source`, `utm_medium`, `utm_campaign`, `utm_term`, `utm_content`; tags of an
 * earlier page of the visit are not carried over, as the privacy policy says), the site
 * that referred them (its host only) and the page the form was on. Nothing is stored on the visitor's
 * device. With JavaScript the form's island sends what the page's address and `document.referrer` say;
 * without it the server reads the post's own `Referer` (the page's address, its query included). Odd
 * values are cut and kept as text: a campaign tag never makes a lead fail. Client-safe.
 */
export const utmParams = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmParam = (typeof utmParams)[number];

/** The form fields the island adds: the tags under their own names, the referring address and the page's path. */
export const referrerField = 'referrer';
export const pageField = 'page';

export type Attribution = {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  term: string | null;
  content: string | null;
  /** The referring site's host (never its path: that can carry someone's data). */
  referrer: string | null;
  /** The path of the page the form was on. */
  page: string | null;
  /** The affiliate code of the referral cookie the post came with (lib/leads/referral.ts), read by the server. */
  referral: string | null;
};

const key: Record<UtmParam, keyof Attribution> = { utm_source: 'source', utm_medium: 'medium', utm_campaign: 'campaign', utm_term: 'term', utm_content: 'content' };
export const tagMax = 100;
export const pageMax = 200;

/** A tag as stored: control characters gone, spaces squeezed, at most `tagMax` characters; null when empty. */
export function cleanTag(value: unknown, max = tagMax): string | null {
  if (typeof value !== 'string') return null;
  const text = value
    .replace(/[\u0000-\u001F\u007F-\u009F]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text ? Array.from(text).slice(0, max).join('') : null;
}

function urlOf(value: unknown): URL | null {
  if (typeof value !== 'string' || !value || value.length > 4000) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** A path as stored: starts with `/`, no query or fragment, at most `pageMax` characters. */
export function cleanPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  return cleanTag(value.split(/[?#]/)[0], pageMax);
}

/** The host of a referring address, when it is another site's (http or https). */
export function referrerHost(value: unknown, ownHost: string | null): string | null {
  const url = urlOf(value);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  if (!host || (ownHost && host === ownHost.toLowerCase().replace(/:\d+$/, '').replace(/^www\./, ''))) return null;
  return cleanTag(host, tagMax);
}

export const noAttribution: Attribution = { source: null, medium: null, campaign: null, term: null, content: null, referrer: null, page: null, referral: null };

/**
 * The attribution of a post: the island's fields when it sent them, else the tags and path of the post's
 * `Referer` when it is a page of this site (`ownHost`), else `fallbackPage` (the page a post without
 * JavaScript was sent to); `referral` is the code of the post's referral cookie (never a form field).
 */
export function attributionOf(
  form: { get(name: string): unknown },
  referer: string | null | undefined,
  ownHost: string | null,
  fallbackPage: string | null = null,
  referral: string | null = null,
): Attribution {
  const from = urlOf(referer);
  const sameSite = from && ownHost && from.host.toLowerCase() === ownHost.toLowerCase() ? from : null;
  const out: Attribution = { ...noAttribution };
  for (const param of utmParams) out[key[param]] = cleanTag(form.get(param)) ?? cleanTag(sameSite?.searchParams.get(param));
  out.referrer = referrerHost(form.get(referrerField), ownHost);
  out.page = cleanPath(form.get(pageField)) ?? cleanPath(sameSite?.pathname) ?? cleanPath(fallbackPage);
  out.referral = referral;
  return out;
}

/** The fields the island posts, read from the page it runs in. */
export function pageAttribution(location: { pathname: string; search: string }, referrer: string): Record<string, string> {
  const params = new URLSearchParams(location.search);
  const fields: Record<string, string> = { [pageField]: location.pathname };
  for (const param of utmParams) {
    const v = params.get(param);
    if (v) fields[param] = v.slice(0, 500);
  }
  if (referrer) fields[referrerField] = referrer.slice(0, 2000);
  return fields;
}

/** Labels, for staff pages, emails and the CSV. */
export const attributionLabels: Record<keyof Attribution, string> = {
  source: 'Source',
  medium: 'Medium',
  campaign: 'Campaign',
  term: 'Term',
  content: 'Content',
  referrer: 'Referred by',
  page: 'Form page',
  referral: 'Affiliate code',
};

/** Each part's `lead_attribution` column, in the order staff pages, the CSV and the exports show them. */
export const attributionColumns: Record<keyof Attribution, string> = {
  source: 'utm_source',
  medium: 'utm_medium',
  campaign: 'utm_campaign',
  term: 'utm_term',
  content: 'utm_content',
  referrer: 'referrer_host',
  page: 'page',
  referral: 'referral_code',
};
export const attributionKeys = Object.keys(attributionColumns) as (keyof Attribution)[];

/** The `lead_attribution` columns of a row read with them (named `<prefix><column>`) as an Attribution. */
export function attributionFromColumns(row: Record<string, unknown>, prefix = ''): Attribution {
  const v = (column: string) => (row[`${prefix}${column}`] as string | null | undefined) ?? null;
  return Object.fromEntries(attributionKeys.map((k) => [k, v(attributionColumns[k])])) as Attribution;
}
