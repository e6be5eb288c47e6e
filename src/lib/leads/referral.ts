/**
 * The affiliate's referral (issue 30, docs/leads.md#referral): arriving at a public page through an
 * affiliate's link (`?ref=CODE`) sets one first-party cookie holding the code for
 * `commercial.affiliateCookieDays` days; a lead sent while it is there stores the code with its attribution
 * (read by the server from the request's cookies, never from a form field). No other public page sets a
 * cookie. The last link followed wins: a second affiliate's link replaces the code and starts the days again.
 */
import { commercial } from '@/lib/config/commercial';

/** The query parameter of an affiliate's link. */
export const referralParam = 'ref';
/** The cookie's name (listed on /cookies: src/content/legal.ts). */
export const referralCookieName = 'pc_referral';
export const referralCookieDays = commercial.affiliateCookieDays;
export const referralCookieMaxAge = referralCookieDays * 24 * 60 * 60;

/** A code: 2 to 32 letters, digits, `_` or `-`, starting with a letter or digit. Nothing else is kept. */
const codePattern = /^[A-Za-z0-9][A-Za-z0-9_-]{1,31}$/;

/** The code when `value` is one, else null. */
export function referralCode(value: unknown): string | null {
  return typeof value === 'string' && codePattern.test(value) ? value : null;
}

/** The code of an affiliate's link in `params` (the first `ref`), or null when there is none or it is not a code. */
export function referralOfLink(params: URLSearchParams): string | null {
  return referralCode(params.get(referralParam));
}

/**
 * The `Set-Cookie` value that remembers `code`: `Path=/`, `SameSite=Lax` (sent when the visitor comes back
 * through another site's link), `HttpOnly` (only the server reads it), `Secure` over HTTPS.
 */
export function referralSetCookie(code: string, https: boolean): string {
  return `${referralCookieName}=${code}; Max-Age=${referralCookieMaxAge}; Path=/; SameSite=Lax; HttpOnly${https ? '; Secure' : ''}`;
}

/** The `Set-Cookie` value for a request with an affiliate's link (`?ref=` with a valid code), else undefined. */
export function referralCookieFor(params: URLSearchParams, https: boolean): string | undefined {
  const code = referralOfLink(params);
  return code ? referralSetCookie(code, https) : undefined;
}

/** The code of the referral cookie in a `Cookie` header, or null (none, or a value that is not a code). */
export function referralFromCookies(header: string | null | undefined): string | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== referralCookieName) continue;
    const code = referralCode(pair.slice(at + 1).trim());
    if (code) return code;
  }
  return null;
}

/**
 * A page's answer that also sets the referral cookie: the cookie added, and `Cache-Control: private, no-store`
 * so that no shared cache keeps an answer that sets a cookie (nor a browser one that would not set it again).
 */
export function withReferralCookie(response: Response, setCookie: string | undefined): Response {
  if (!setCookie || response.status !== 200 || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return response;
  const headers = new Headers(response.headers);
  headers.append('Set-Cookie', setCookie);
  headers.set('Cache-Control', 'private, no-store');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
