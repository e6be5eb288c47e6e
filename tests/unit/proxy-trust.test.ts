import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { chooseClientAddress, parseTrustedRanges, plainAddress, proxyTrustFrom, ProxyConfigError } from '../../server/proxy-trust';

// TRUST_PROXY_RANGES (server/proxy-trust.ts, docs/deploy.md "Behind a proxy"): which peers are our proxies,
// and which X-Forwarded-For entry is then the client.

const request = (peer: string, forwarded?: string, more: Record<string, string> = {}) =>
  ({ socket: { remoteAddress: peer }, headers: { ...(forwarded === undefined ? {} : { 'x-forwarded-for': forwarded }), ...more } }) as unknown as IncomingMessage;

describe('plainAddress', () => {
  it('reads IPv4, IPv6, IPv4-mapped IPv6, a port, brackets and a zone; refuses the rest', () => {
    expect(plainAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(plainAddress(' 203.0.113.7:51234 ')).toBe('203.0.113.7');
    expect(plainAddress('2001:DB8::1')).toBe('2001:db8::1');
    expect(plainAddress('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(plainAddress('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(plainAddress('::FFFF:127.0.0.1')).toBe('127.0.0.1');
    expect(plainAddress('0:0:0:0:0:ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(plainAddress('fe80::1%eth0')).toBe('fe80::1');
    for (const bad of ['', 'unknown', 'example.com', '999.1.1.1', '1.2.3', '2001:db8::zz', '_hidden']) expect(plainAddress(bad)).toBeUndefined();
  });
});

describe('parseTrustedRanges', () => {
  it('takes addresses, CIDRs of both families and the words loopback and private', () => {
    const r = parseTrustedRanges(' 203.0.113.10 , 198.51.100.0/24, 2001:db8:1::/48, loopback ');
    expect(r.entries).toEqual(['203.0.113.10', '198.51.100.0/24', '2001:db8:1::/48', 'loopback']);
    for (const yes of ['203.0.113.10', '198.51.100.77', '2001:db8:1:ffff::5', '127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1', '::ffff:198.51.100.3']) expect(r.check(yes), yes).toBe(true);
    for (const no of ['203.0.113.11', '198.51.101.1', '2001:db8:2::1', '10.0.0.1', '::2', 'garbage', '']) expect(r.check(no), no).toBe(false);
  });

  it('private: RFC 1918, link-local, shared space, unique local IPv6', () => {
    const r = parseTrustedRanges('private');
    for (const yes of ['10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.1.1', '100.64.0.1', 'fd12:3456::1', 'fe80::1', '::ffff:10.0.0.9']) expect(r.check(yes), yes).toBe(true);
    for (const no of ['172.32.0.1', '8.8.8.8', '127.0.0.1', '2001:db8::1', '::ffff:8.8.8.8']) expect(r.check(no), no).toBe(false);
  });

  it('0.0.0.0/0,::/0 trusts every peer', () => {
    const r = parseTrustedRanges('0.0.0.0/0,::/0');
    for (const yes of ['8.8.8.8', '2001:db8::1', '::ffff:8.8.8.8']) expect(r.check(yes)).toBe(true);
  });

  it('refuses an entry that is not an address or a range, a bad prefix, and an empty list, naming the entry', () => {
    expect(() => parseTrustedRanges('10.0.0.0/8, proxy.internal')).toThrow(/"proxy\.internal" is not an IP address or CIDR range/);
    expect(() => parseTrustedRanges('10.0.0.0/33')).toThrow(/"10\.0\.0\.0\/33" has a bad prefix length \(0-32\)/);
    expect(() => parseTrustedRanges('fd00::/129')).toThrow(/bad prefix length \(0-128\)/);
    expect(() => parseTrustedRanges('10.0.0.0/x')).toThrow(ProxyConfigError);
    expect(() => parseTrustedRanges(' , ')).toThrow(/TRUST_PROXY_RANGES is empty/);
  });
});

describe('chooseClientAddress', () => {
  const ours = parseTrustedRanges('10.0.0.0/8, fd00::/8, loopback').check;

  it('ignores X-Forwarded-For from a peer that is not our proxy', () => {
    expect(chooseClientAddress('198.51.100.9', '203.0.113.5', ours)).toBe('198.51.100.9');
    expect(chooseClientAddress('2001:db8::9', '203.0.113.5', ours)).toBe('2001:db8::9');
  });

  it('takes the right-most entry that is not one of our proxies', () => {
    expect(chooseClientAddress('127.0.0.1', '203.0.113.5', ours)).toBe('203.0.113.5');
    // A client's own forged entries stand left of the address our proxy appended.
    expect(chooseClientAddress('10.0.0.2', '1.1.1.1, 6.6.6.6, 203.0.113.5', ours)).toBe('203.0.113.5');
    // Two of our proxies in a row (a load balancer, then Caddy).
    expect(chooseClientAddress('10.0.0.2', '1.1.1.1,203.0.113.5, 10.0.0.7', ours)).toBe('203.0.113.5');
    expect(chooseClientAddress('::1', '2001:db8::42, fd00::7', ours)).toBe('2001:db8::42');
    expect(chooseClientAddress('::ffff:127.0.0.1', '::ffff:203.0.113.5', ours)).toBe('203.0.113.5');
    expect(chooseClientAddress('::ffff:10.0.0.2', '[2001:db8::42]:5555', ours)).toBe('2001:db8::42');
    // A header given twice reads as one list.
    expect(chooseClientAddress('10.0.0.2', ['6.6.6.6', '203.0.113.5'], ours)).toBe('203.0.113.5');
  });

  it('every entry one of ours: the left-most; no header or an empty one: the peer', () => {
    expect(chooseClientAddress('10.0.0.2', '10.9.9.9, 10.0.0.7', ours)).toBe('10.9.9.9');
    expect(chooseClientAddress('10.0.0.2', undefined, ours)).toBe('10.0.0.2');
    expect(chooseClientAddress('10.0.0.2', ' , ', ours)).toBe('10.0.0.2');
  });

  it('an entry that is not an address stops the walk at the last address read (never a key a client chooses)', () => {
    expect(chooseClientAddress('10.0.0.2', 'made-up, 10.0.0.7', ours)).toBe('10.0.0.7');
    expect(chooseClientAddress('10.0.0.2', 'unknown', ours)).toBe('10.0.0.2');
    expect(chooseClientAddress('10.0.0.2', '203.0.113.5, unknown', ours)).toBe('10.0.0.2');
  });
});

describe('proxyTrustFrom (TRUST_PROXY, TRUST_PROXY_RANGES)', () => {
  it('TRUST_PROXY unset: X-Forwarded-* are never believed', () => {
    const p = proxyTrustFrom({});
    expect(p.enabled).toBe(false);
    expect(p.fromProxy(request('127.0.0.1', '203.0.113.5'))).toBe(false);
    expect(p.clientAddress(request('127.0.0.1', '203.0.113.5'))).toBe('127.0.0.1');
  });

  it('TRUST_PROXY_RANGES without TRUST_PROXY=1 stops the start with the fix', () => {
    expect(() => proxyTrustFrom({ TRUST_PROXY_RANGES: '10.0.0.0/8' })).toThrow(/TRUST_PROXY_RANGES is set but TRUST_PROXY is not 1/);
  });

  it('TRUST_PROXY=1 alone trusts loopback and private peers, not a peer from the internet', () => {
    const p = proxyTrustFrom({ TRUST_PROXY: '1' });
    expect(p.ranges).toEqual(['loopback', 'private']);
    expect(p.clientAddress(request('127.0.0.1', '203.0.113.5'))).toBe('203.0.113.5');
    expect(p.clientAddress(request('::ffff:127.0.0.1', '203.0.113.5'))).toBe('203.0.113.5');
    expect(p.clientAddress(request('10.1.2.3', '198.51.100.1, 203.0.113.5'))).toBe('203.0.113.5');
    expect(p.clientAddress(request('198.51.100.9', '203.0.113.5'))).toBe('198.51.100.9');
    expect(p.fromProxy(request('198.51.100.9'))).toBe(false);
  });

  it('TRUST_PROXY=1 with ranges: only those peers; a bad range stops the start', () => {
    const p = proxyTrustFrom({ TRUST_PROXY: '1', TRUST_PROXY_RANGES: '192.0.2.10' });
    expect(p.clientAddress(request('192.0.2.10', '203.0.113.5'))).toBe('203.0.113.5');
    expect(p.clientAddress(request('127.0.0.1', '203.0.113.5'))).toBe('127.0.0.1');
    expect(() => proxyTrustFrom({ TRUST_PROXY: '1', TRUST_PROXY_RANGES: 'caddy' })).toThrow(/"caddy" is not an IP address/);
  });
});
