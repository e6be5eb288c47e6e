import { describe, expect, it } from 'vitest';
import { configuredHosts, postOrigin } from '../../server/request-guards';

// The cross-origin check of server/request-guards.ts: which POSTs count as coming from the site.

const req = (headers: Record<string, string>) => ({ headers }) as unknown as import('node:http').IncomingMessage;

describe('configuredHosts', () => {
  it('takes the host of SITE_URL and every ALLOWED_ORIGINS entry (hosts or origins)', () => {
    expect(configuredHosts({ SITE_URL: 'https://www.postcraft.example/', ALLOWED_ORIGINS: 'postcraft.example, https://Proxy.example:8443 ,*.preview.example,' })).toEqual([
      'www.postcraft.example',
      'postcraft.example',
      'proxy.example:8443',
      '*.preview.example',
    ]);
    expect(configuredHosts({})).toEqual([]);
  });
});

describe('postOrigin', () => {
  const host = { host: '127.0.0.1:3400' };
  it('accepts the request’s own host, from Origin or, without one, from Referer', () => {
    expect(postOrigin(req({ ...host, origin: 'http://127.0.0.1:3400' }), [])).toBe('same');
    expect(postOrigin(req({ ...host, referer: 'http://127.0.0.1:3400/contact?x=1' }), [])).toBe('same');
    // X-Forwarded-Host names our host only behind a trusted proxy (TRUST_PROXY=1); anyone can send it.
    expect(postOrigin(req({ ...host, 'x-forwarded-host': 'www.postcraft.example', origin: 'https://www.postcraft.example' }), [], true)).toBe('same');
    expect(postOrigin(req({ ...host, 'x-forwarded-host': 'www.postcraft.example', origin: 'https://www.postcraft.example' }), [])).toBe('foreign');
    expect(postOrigin(req({ ...host, 'x-forwarded-host': 'evil.test', origin: 'http://evil.test' }), [])).toBe('foreign');
  });
  it('accepts the configured hosts and their wildcard subdomains', () => {
    expect(postOrigin(req({ ...host, origin: 'https://www.postcraft.example' }), ['www.postcraft.example'])).toBe('same');
    expect(postOrigin(req({ ...host, origin: 'https://pr-12.preview.example' }), ['*.preview.example'])).toBe('same');
    expect(postOrigin(req({ ...host, origin: 'https://preview.example' }), ['*.preview.example'])).toBe('foreign');
  });
  it('refuses another origin, Origin: null, look-alike hosts, non-web schemes and a foreign Referer', () => {
    expect(postOrigin(req({ ...host, origin: 'https://evil.example' }), [])).toBe('foreign');
    expect(postOrigin(req({ ...host, origin: 'null' }), [])).toBe('foreign');
    expect(postOrigin(req({ ...host, origin: 'http://127.0.0.1:3400.evil.example' }), [])).toBe('foreign');
    expect(postOrigin(req({ ...host, origin: 'http://127.0.0.1:3401' }), [])).toBe('foreign');
    expect(postOrigin(req({ ...host, origin: 'file:///tmp/x.html' }), [])).toBe('foreign');
    expect(postOrigin(req({ ...host, referer: 'https://evil.example/page' }), [])).toBe('foreign');
    // Origin decides when both are sent.
    expect(postOrigin(req({ ...host, origin: 'https://evil.example', referer: 'http://127.0.0.1:3400/' }), [])).toBe('foreign');
  });
  it('calls a POST with neither header unknown', () => {
    expect(postOrigin(req(host), [])).toBe('unknown');
  });
});
