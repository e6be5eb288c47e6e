import { RateLimiterMemory, RateLimiterPostgres, type IRateLimiterOptions, type RateLimiterAbstract } from 'rate-limiter-flexible';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LimiterHandle = { kind: 'pglite' | 'postgres'; client: any };

/**
 * A limiter in memory, or in the `rate_limits` table when the database is a PostgreSQL server, so that
 * every instance shares the counts. The migrations own the table. If the database cannot be reached,
 * it keeps limiting from memory rather than failing the request.
 */
export function makeLimiter(opts: IRateLimiterOptions & { keyPrefix: string }, handle?: LimiterHandle): RateLimiterAbstract {
  if (handle?.kind !== 'postgres') return new RateLimiterMemory(opts);
  return new RateLimiterPostgres({
    ...opts,
    storeClient: handle.client,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
    clearExpiredByTimeout: true,
    insuranceLimiter: new RateLimiterMemory(opts),
  });
}

/**
 * The key a client's address is limited by: an IPv4 address itself (also when written IPv4-mapped,
 * ::ffff:192.0.2.1), an IPv6 address by its /64 network, since one subscriber usually holds a whole /64
 * and could otherwise take a fresh address for every try.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!ip.includes(':')) return ip;
  const bare = ip.split('%')[0].toLowerCase();
  const [head, tail] = bare.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = bare.includes('::') ? [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t] : h;
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return ip;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * The network a client's address belongs to, for the quotas that one client should not escape by taking the
 * next address of its block: an IPv4 address by its /24 (also IPv4-mapped), an IPv6 address by its /48 (a
 * site's usual allocation). Anything else (an unknown socket address) is its own network.
 */
export function networkOf(ip: string): string {
  const mapped = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (mapped) return `${mapped[1]}.${mapped[2]}.${mapped[3]}.0/24`;
  const slash64 = addressKey(ip);
  if (!slash64.endsWith('::/64')) return ip;
  return `${slash64.slice(0, -'::/64'.length).split(':').slice(0, 3).join(':')}::/48`;
}

/** A whole number of at least `min` from the environment, else `fallback` (unset, blank or invalid). */
export function envInt(raw: string | undefined, fallback: number, min = 0): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  return Number.isInteger(n) && n >= min ? n : fallback;
}
