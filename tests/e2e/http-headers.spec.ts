import { createHash } from 'node:crypto';
import { expect, test } from './fixtures';

const required = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-origin',
};

function expectStrictCsp(csp: string | undefined) {
  expect(csp).toBeTruthy();
  const directives = Object.fromEntries(
    csp!.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]),
  );
  expect(directives['script-src']).toContain("'self'");
  expect(directives['script-src']).not.toContain("'unsafe-inline'");
  expect(directives['script-src']).not.toContain("'unsafe-eval'");
  expect(directives['object-src']).toEqual(["'none'"]);
  expect(directives['base-uri']).toEqual(["'none'"]);
  expect(directives['frame-ancestors']).toEqual(["'none'"]);
  expect(directives['form-action']).toEqual(["'self'"]);
  // Style sheets and <style> elements: 'self' and hashes only; style attributes may be inline.
  expect(directives['style-src']).toContain("'self'");
  expect(directives['style-src']).not.toContain("'unsafe-inline'");
  expect(directives['style-src-elem']).toBeUndefined();
  expect(directives['style-src-attr']).toEqual(["'unsafe-inline'"]);
  return directives;
}

test.describe('security and caching headers', () => {
  test('a prerendered page: strict CSP with the hashes of its inline scripts, ETag and 304, compression, HEAD', async ({ request }) => {
    const res = await request.get('/pricing', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status()).toBe(200);
    const h = res.headers();
    for (const [k, v] of Object.entries(required)) expect(h[k]).toBe(v);
    expect(h['permissions-policy']).toContain('camera=()');
    const directives = expectStrictCsp(h['content-security-policy']);
    // Every inline script the page runs is allowed by its SHA-256 (computed by Astro at build), and only
    // so: no 'unsafe-inline'. Data blocks (JSON-LD) are not scripts the browser runs.
    const html = await res.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attributes]) => !/type="application\/ld\+json"/.test(attributes))
      .map(([, , body]) => body);
    expect(inline.length).toBeGreaterThan(0);
    for (const body of inline) {
      expect(directives['script-src']).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    }
    expect(h['content-encoding']).toBe('br');
    expect(h['strict-transport-security']).toBeUndefined(); // plain HTTP: HSTS only over HTTPS

    const again = await request.get('/pricing', { headers: { 'if-none-match': h.etag } });
    expect(again.status()).toBe(304);
    const head = await request.head('/pricing');
    expect(head.status()).toBe(200);
    expect(head.headers()['etag']).toBe(h.etag);
  });

  test('HSTS is sent when a trusted proxy says the visitor came over HTTPS', async ({ request }) => {
    // The e2e server runs with TRUST_PROXY=1.
    const res = await request.get('/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers()['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  });

  test('a page rendered at request time (404) carries a hashed CSP too', async ({ request }) => {
    const res = await request.get('/missing-for-headers');
    expect(res.status()).toBe(404);
    const h = res.headers();
    for (const [k, v] of Object.entries(required)) expect(h[k]).toBe(v);
    const directives = expectStrictCsp(h['content-security-policy']);
    expect(directives['script-src'].some((v: string) => v.startsWith("'sha256-"))).toBe(true);
  });

  test('static assets are cached immutably and carry the security headers', async ({ request }) => {
    // A page loads its islands' code from /_astro/ when they hydrate, and its stylesheet from there.
    const html = await (await request.get('/partners')).text();
    const script = html.match(/component-url="(\/_astro\/[^"]+\.js)"/)?.[1];
    const style = html.match(/<link rel="stylesheet" href="(\/_astro\/[^"]+\.css)"/)?.[1];
    for (const [src, type] of [[script, 'javascript'], [style, 'text/css']]) {
      expect(src, type).toBeTruthy();
      const res = await request.get(src!);
      expect(res.status()).toBe(200);
      expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers()['x-content-type-options']).toBe('nosniff');
      expect(res.headers()['content-type']).toContain(type);
    }
  });

  test('paths that escape the asset folders are not served', async ({ request }) => {
    for (const p of ['/_astro/..%2f..%2fpackage.json', '/_astro/..%2fserver%2fentry.mjs', '/..%2fpackage.json', '/%2e%2e/package.json']) {
      const res = await request.get(p);
      expect(res.status(), p).toBe(404);
    }
  });
});
