import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referralCookieMaxAge, referralCookieName } from '@/lib/leads/referral';
import { launch, type StartedServer } from '../support/start-server';

// The referral cookie on the production server (lib/leads/referral.ts, docs/leads.md#referral): set by a
// public page reached through an affiliate's link, whichever way the page is served (a prerendered file from
// memory, a filtered list or /contact with a subject rendered by Astro, /signup rendered on every request),
// with an answer no shared cache keeps; never by another file, another answer or a page without `?ref=`.
// In the browser: tests/e2e/referral-cookie.spec.ts.

const root = path.resolve(__dirname, '../..');
let server: StartedServer;
beforeAll(async () => {
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'server/build.ts', '--if-needed'], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
  if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}\n${build.stderr}`);
  // TRUST_PROXY: a request that says it came over HTTPS through the proxy gets a Secure cookie.
  server = await launch({ DATABASE_URL: '', PORT: '3211', TRUST_PROXY: '1' });
}, 300_000);
afterAll(() => server?.stop());

const get = (pathAndQuery: string, init: RequestInit = {}) => fetch(server.url + pathAndQuery, { redirect: 'manual', ...init });
const expected = (code: string, secure = false) => `${referralCookieName}=${code}; Max-Age=${referralCookieMaxAge}; Path=/; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`;

describe('an affiliate link sets the referral cookie', () => {
  it('on a prerendered page: the page whole, private and no-store, without a validator; the same page without ?ref= is unchanged', async () => {
    const plain = await get('/pricing');
    const res = await get('/pricing?ref=jane-doe&utm_source=x');
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([expected('jane-doe')]);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('etag')).toBeNull();
    expect(await res.text()).toBe(await plain.text());
    expect(plain.headers.get('set-cookie')).toBeNull();
    expect(plain.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    // A browser that kept the page asks again with its validator: the page is sent whole, with the cookie.
    const again = await get('/pricing?ref=jane-doe', { headers: { 'If-None-Match': plain.headers.get('etag')! } });
    expect(again.status).toBe(200);
    expect(again.headers.getSetCookie()).toEqual([expected('jane-doe')]);
    // HEAD answers with the same headers.
    const head = await get('/?ref=jane-doe', { method: 'HEAD' });
    expect(head.headers.getSetCookie()).toEqual([expected('jane-doe')]);
  });

  it('Secure over HTTPS (a trusted proxy that says so)', async () => {
    const res = await get('/affiliate?ref=jane-doe', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(res.headers.getSetCookie()).toEqual([expected('jane-doe', true)]);
  });

  it('on the pages Astro renders: a filtered list, /contact with a subject, /signup', async () => {
    for (const address of ['/blog?category=Tutorials&ref=amy_1', '/contact?subject=Business%20plan&ref=amy_1', '/signup?plan=pro&billing=monthly&ref=amy_1', '/signup?ref=amy_1']) {
      const res = await get(address);
      expect(res.status, address).toBe(200);
      expect(res.headers.getSetCookie(), address).toEqual([expected('amy_1')]);
      expect(res.headers.get('cache-control'), address).toBe('private, no-store');
      await res.arrayBuffer();
    }
    // The filtered list without the link: cached as before, no cookie (its kept answer holds none either).
    for (let i = 0; i < 2; i++) {
      const list = await get('/blog?category=Tutorials');
      expect(list.headers.get('set-cookie')).toBeNull();
      expect(list.headers.get('cache-control')).toBe('public, max-age=60');
      await list.arrayBuffer();
    }
  });

  it('keeps the link through the redirect of an address written with a trailing slash', async () => {
    const res = await get('/pricing/?ref=jane-doe&utm_source=news');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/pricing?ref=jane-doe&utm_source=news');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect((await get('/about/')).headers.get('location')).toBe('/about');
  });
});

describe('nothing else sets it', () => {
  it('an invalid code, an asset, a feed, the 404 page, a POST, the staff area: no cookie', async () => {
    const css = await get('/');
    const asset = /href="(\/_astro\/[^"]+\.css)"/.exec(await css.text())?.[1];
    expect(asset).toBeTruthy();
    const addresses = ['/pricing?ref=', '/pricing?ref=a', `/pricing?ref=${'x'.repeat(33)}`, '/pricing?ref=jane%3Bx%3D1', '/pricing?ref=%3Cb%3E', `${asset}?ref=jane`, '/robots.txt?ref=jane', '/blog/rss.xml?ref=jane', '/no-such-page?ref=jane', '/staff/sign-in?ref=jane'];
    for (const address of addresses) {
      const res = await get(address);
      expect(res.headers.get('set-cookie'), address).toBeNull();
      await res.arrayBuffer();
    }
    const post = await get('/contact?ref=jane', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url }, body: 'a=b' });
    expect(post.headers.get('set-cookie')).toBeNull();
  });
});
