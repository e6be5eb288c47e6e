// Which connections come from our own reverse proxy, and so whose X-Forwarded-For / -Proto / -Host the
// server believes (docs/deploy.md, "Behind a proxy"). TRUST_PROXY=1 turns it on; TRUST_PROXY_RANGES names the
// proxies' addresses (comma-separated IPs and CIDRs, IPv4 or IPv6, and the words `loopback` and `private`);
// unset, it is `loopback,private`: a proxy on this machine or on the private network, never a client that
// reaches the server from the internet. `0.0.0.0/0,::/0` trusts every peer (what TRUST_PROXY=1 did before
// the ranges existed). The client's address is then the right-most X-Forwarded-For entry that is not one
// of our proxies: each proxy appends the address it got the request from, and entries further left were
// written by the client and may be anything.
import net from 'node:net';
import type { IncomingMessage } from 'node:http';

/** A setting that stops the start: the message names the variable and the entry. */
export class ProxyConfigError extends Error {}

/** The ranges of the words TRUST_PROXY_RANGES accepts besides addresses. */
const namedRanges: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  // RFC 1918, IPv4 link-local, RFC 6598 shared address space (carrier NAT, some cloud load balancers), IPv6 unique local and link-local.
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '100.64.0.0/10', 'fc00::/7', 'fe80::/10'],
};
export const defaultTrustedRanges = 'loopback,private';

/** An address as compared: an IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) is its IPv4 address; undefined when not an IP. */
export function plainAddress(raw: string): string | undefined {
  let text = raw.trim();
  // `[2001:db8::1]:443` and `203.0.113.7:51234` (some proxies append the client's port).
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  const zone = text.indexOf('%'); // fe80::1%eth0
  if (zone > 0) text = text.slice(0, zone);
  const family = net.isIP(text);
  if (!family) return undefined;
  if (family === 6) {
    const mapped = /^(?:0{0,4}:){0,5}:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(text);
    if (mapped && net.isIPv4(mapped[1])) return mapped[1];
    return text.toLowerCase();
  }
  return text;
}

export type TrustedRanges = { check: (address: string) => boolean; entries: string[] };

/** Parses TRUST_PROXY_RANGES (or the default); throws ProxyConfigError naming a bad entry. */
export function parseTrustedRanges(text: string): TrustedRanges {
  const list = new net.BlockList();
  const entries: string[] = [];
  const add = (entry: string, shown: string) => {
    const slash = entry.indexOf('/');
    const address = plainAddress(slash < 0 ? entry : entry.slice(0, slash));
    if (!address) throw new ProxyConfigError(`TRUST_PROXY_RANGES: "${shown}" is not an IP address or CIDR range (e.g. 10.0.0.5, 10.0.0.0/8, fd00::/8, loopback, private)`);
    const family = net.isIPv4(address) ? 'ipv4' : 'ipv6';
    if (slash < 0) {
      list.addAddress(address, family);
      return;
    }
    const bits = entry.slice(slash + 1);
    const prefix = Number(bits);
    if (!/^\d{1,3}$/.test(bits) || prefix > (family === 'ipv4' ? 32 : 128)) {
      throw new ProxyConfigError(`TRUST_PROXY_RANGES: "${shown}" has a bad prefix length (0-${family === 'ipv4' ? 32 : 128})`);
    }
    list.addSubnet(address, prefix, family);
  };
  for (const raw of text.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const named = namedRanges[entry.toLowerCase()];
    if (named) named.forEach((range) => add(range, entry));
    else add(entry, entry);
    entries.push(entry);
  }
  if (!entries.length) throw new ProxyConfigError('TRUST_PROXY_RANGES is empty: name the proxies\' addresses (e.g. 127.0.0.1, 10.0.0.0/8), or unset it for loopback and private networks');
  return {
    entries,
    check: (address: string) => {
      const plain = plainAddress(address);
      return plain !== undefined && list.check(plain, net.isIPv4(plain) ? 'ipv4' : 'ipv6');
    },
  };
}

/**
 * The client's address of a request that came through our proxies: `peer` is the socket's address,
 * `forwarded` the X-Forwarded-For header. Without a trusted peer the header is ignored. Otherwise the
 * entries are read from the right, skipping our proxies; the first other one is the client. When every
 * entry is one of our proxies, the left-most is. An entry that is not an address stops the walk at the
 * last address read (a client could otherwise choose its own rate-limit key).
 */
export function chooseClientAddress(peer: string, forwarded: string | string[] | undefined, trusted: (address: string) => boolean): string {
  if (!forwarded || !trusted(peer)) return peer;
  const entries = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded).split(',');
  let chosen = peer;
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i].trim();
    if (!entry) continue;
    const address = plainAddress(entry);
    if (!address) return chosen;
    chosen = address;
    if (!trusted(address)) return address;
  }
  return chosen;
}

export type ProxyTrust = {
  /** TRUST_PROXY=1. */
  enabled: boolean;
  /** What TRUST_PROXY_RANGES says (or the default), for the start line and the docs. */
  ranges: string[];
  /** Whether this request's connection comes from one of our proxies (whose X-Forwarded-* headers count). */
  fromProxy: (req: IncomingMessage) => boolean;
  /** The client's address: the socket's, or through our proxies the right-most X-Forwarded-For entry not one of them. */
  clientAddress: (req: IncomingMessage) => string;
};

/** Reads TRUST_PROXY and TRUST_PROXY_RANGES; throws ProxyConfigError for a setting that cannot be meant. */
export function proxyTrustFrom(env: Record<string, string | undefined> = process.env): ProxyTrust {
  const enabled = env.TRUST_PROXY === '1';
  const rangesText = env.TRUST_PROXY_RANGES?.trim();
  if (!enabled) {
    if (rangesText) throw new ProxyConfigError('TRUST_PROXY_RANGES is set but TRUST_PROXY is not 1: set TRUST_PROXY=1 to believe the proxy\'s X-Forwarded-* headers, or unset TRUST_PROXY_RANGES');
    const peer = (req: IncomingMessage) => req.socket?.remoteAddress ?? 'unknown';
    return { enabled, ranges: [], fromProxy: () => false, clientAddress: peer };
  }
  const ranges = parseTrustedRanges(rangesText || defaultTrustedRanges);
  // One socket serves many requests (keep-alive): its answer is kept on it.
  const verdicts = new WeakMap<object, boolean>();
  const fromProxy = (req: IncomingMessage) => {
    const socket = req.socket;
    if (!socket) return false;
    let trusted = verdicts.get(socket);
    if (trusted === undefined) {
      trusted = ranges.check(socket.remoteAddress ?? '');
      verdicts.set(socket, trusted);
    }
    return trusted;
  };
  return {
    enabled,
    ranges: ranges.entries,
    fromProxy,
    clientAddress: (req) => {
      const peer = req.socket?.remoteAddress ?? 'unknown';
      return fromProxy(req) ? chooseClientAddress(peer, req.headers['x-forwarded-for'], ranges.check) : peer;
    },
  };
}
