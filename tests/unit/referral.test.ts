import { describe, expect, it } from 'vitest';
import { attributionOf } from '@/lib/leads/attribution';
import {
  referralCode,
  referralCookieFor,
  referralCookieMaxAge,
  referralCookieName,
  referralFromCookies,
  referralSetCookie,
  withReferralCookie,
} from '@/lib/leads/referral';
import { commercial } from '@/lib/config/commercial';

// The affiliate's referral cookie (lib/leads/referral.ts, docs/leads.md#referral).
describe('referral codes', () => {
  it('takes 2 to 32 letters, digits, _ and -, starting with a letter or digit; nothing else', () => {
    for (const ok of ['jane', 'JANE20', 'ab', 'a-b_c', 'x'.repeat(32), '9lives']) expect(referralCode(ok), ok).toBe(ok);
    for (const bad of ['', 'a', 'x'.repeat(33), '-jane', '_jane', 'jane doe', 'jane;x=1', 'jane%20', 'ja\u00efne', '<b>', 'a,b', 'a=b', ' jane', null, 42, undefined]) {
      expect(referralCode(bad), String(bad)).toBeNull();
    }
  });

  it("an affiliate's link: the first ref, valid, gives the cookie; an invalid or missing one gives none", () => {
    expect(referralCookieFor(new URLSearchParams('ref=jane&ref=john'), false)).toBe(referralSetCookie('jane', false));
    expect(referralCookieFor(new URLSearchParams('utm_source=x'), false)).toBeUndefined();
    expect(referralCookieFor(new URLSearchParams('ref='), false)).toBeUndefined();
    expect(referralCookieFor(new URLSearchParams('ref=jane%0d%0aSet-Cookie:x=1'), false)).toBeUndefined();
    expect(referralCookieFor(new URLSearchParams('REF=jane'), false)).toBeUndefined();
  });

  it(`lives ${commercial.affiliateCookieDays} days, on every path, SameSite=Lax, HttpOnly, Secure over HTTPS only`, () => {
    expect(referralCookieMaxAge).toBe(commercial.affiliateCookieDays * 86_400);
    expect(referralSetCookie('jane', false)).toBe(`${referralCookieName}=jane; Max-Age=${referralCookieMaxAge}; Path=/; SameSite=Lax; HttpOnly`);
    expect(referralSetCookie('jane', true)).toBe(`${referralCookieName}=jane; Max-Age=${referralCookieMaxAge}; Path=/; SameSite=Lax; HttpOnly; Secure`);
  });

  it('is read from a Cookie header among others; a tampered value is no code', () => {
    expect(referralFromCookies(`a=1; ${referralCookieName}=jane; b=2`)).toBe('jane');
    expect(referralFromCookies(`${referralCookieName}=jane`)).toBe('jane');
    expect(referralFromCookies(`x${referralCookieName}=jane`)).toBeNull();
    expect(referralFromCookies(`${referralCookieName}=<script>; ${referralCookieName}=john`)).toBe('john');
    expect(referralFromCookies(`${referralCookieName}=${'x'.repeat(40)}`)).toBeNull();
    expect(referralFromCookies('')).toBeNull();
    expect(referralFromCookies(undefined)).toBeNull();
  });

  it('goes with the attribution only as the server read it: a form field naming it is ignored', () => {
    const form = new FormData();
    form.set('ref', 'forged');
    form.set('referral', 'forged');
    form.set(referralCookieName, 'forged');
    expect(attributionOf(form, null, 'postcraft.example').referral).toBeNull();
    expect(attributionOf(form, null, 'postcraft.example', null, 'jane').referral).toBe('jane');
  });

  it('a page rendered on request gets the cookie and private, no-store; anything but a 200 page does not', async () => {
    const page = new Response('<p>hi</p>', { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=60' } });
    const set = withReferralCookie(page, referralSetCookie('jane', false));
    expect(set.headers.get('set-cookie')).toBe(referralSetCookie('jane', false));
    expect(set.headers.get('cache-control')).toBe('private, no-store');
    expect(await set.text()).toBe('<p>hi</p>');
    const missing = new Response('nope', { status: 404, headers: { 'content-type': 'text/html' } });
    expect(withReferralCookie(missing, referralSetCookie('jane', false)).headers.get('set-cookie')).toBeNull();
    const feed = new Response('<rss/>', { headers: { 'content-type': 'application/rss+xml' } });
    expect(withReferralCookie(feed, referralSetCookie('jane', false)).headers.get('set-cookie')).toBeNull();
    expect(withReferralCookie(page, undefined)).toBe(page);
  });
});
