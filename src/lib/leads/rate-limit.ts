import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { LeadKind } from './schemas';

/**
 * Per-IP limits of the lead forms: LEADS_RATE_LIMIT_PER_FORM submissions of one form and
 * LEADS_RATE_LIMIT_TOTAL across all forms per LEADS_RATE_LIMIT_WINDOW seconds (defaults 5, 30, 60).
 * A limit of 0 turns it off. Memory store, or the `rate_limits` table when the database is a
 * PostgreSQL server (DATABASE_URL), so that several instances share the counters.
 */
export type RateLimitConfig = { perForm: number; total: number; windowSeconds: number };

function readInt(raw: string | undefined, fallback: number) {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

export function rateLimitConfig(env: Record<string, string | undefined> = process.env): RateLimitConfig {
  return {
    perForm: readInt(env.LEADS_RATE_LIMIT_PER_FORM, 5),
    total: readInt(env.LEADS_RATE_LIMIT_TOTAL, 30),
    windowSeconds: Math.max(1, readInt(env.LEADS_RATE_LIMIT_WINDOW, 60)),
  };
}

export type Limiters = { form: RateLimiterAbstract | null; total: RateLimiterAbstract | null };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Handle = { kind: 'pglite' | 'postgres'; client: any };

export function createLimiters(config: RateLimitConfig, handle?: Handle): Limiters {
  const make = (points: number, keyPrefix: string) => {
    if (points <= 0) return null;
    const opts = { points, duration: config.windowSeconds, keyPrefix };
    if (handle?.kind !== 'postgres') return new RateLimiterMemory(opts);
    return new RateLimiterPostgres({
      ...opts,
      storeClient: handle.client,
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true, // lib/db/schema.ts (migrations) owns the table
      clearExpiredByTimeout: true,
      // If the database cannot be reached, keep limiting from memory rather than failing the form.
      insuranceLimiter: new RateLimiterMemory(opts),
    });
  };
  return { form: make(config.perForm, 'form'), total: make(config.total, 'all') };
}

/**
 * Whether a rejection is the limiter's "over the limit" answer. Known by its shape, not by
 * `instanceof` alone: a second copy of the library (another bundle) has its own RateLimiterRes class.
 */
export function isOverLimit(reason: unknown): boolean {
  if (reason instanceof RateLimiterRes) return true;
  const r = reason as Partial<Record<'msBeforeNext' | 'remainingPoints' | 'consumedPoints', unknown>> | null;
  return typeof r === 'object' && r !== null && !(r instanceof Error) && typeof r.msBeforeNext === 'number' && typeof r.remainingPoints === 'number' && typeof r.consumedPoints === 'number';
}

/** Counts one submission of `kind` from `ip`; false when a limit is exceeded. */
export async function consumeSubmission(limiters: Limiters, kind: LeadKind, ip: string): Promise<boolean> {
  const attempts = [limiters.form?.consume(`${kind}:${ip}`), limiters.total?.consume(ip)].filter(Boolean);
  const results = await Promise.allSettled(attempts);
  for (const r of results) {
    if (r.status === 'rejected') {
      if (isOverLimit(r.reason)) return false;
      throw r.reason;
    }
  }
  return true;
}

let memoryLimiters: Limiters | undefined;
let handleLimiters: { handle: Handle; limiters: Limiters } | undefined;

/** The limiters of this process (on the database handle that the server opened; memory without one). */
export function getLimiters(handle?: Handle): Limiters {
  if (!handle) return (memoryLimiters ??= createLimiters(rateLimitConfig()));
  if (handleLimiters?.handle !== handle) handleLimiters = { handle, limiters: createLimiters(rateLimitConfig(), handle) };
  return handleLimiters.limiters;
}
