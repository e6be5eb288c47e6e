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

/** A whole number of at least `min` from the environment, else `fallback` (unset, blank or invalid). */
export function envInt(raw: string | undefined, fallback: number, min = 0): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  return Number.isInteger(n) && n >= min ? n : fallback;
}
