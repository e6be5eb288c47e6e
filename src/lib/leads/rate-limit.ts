import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { addressKey, envInt, makeLimiter, type LimiterHandle } from '@/lib/limiter';
import type { LeadKind } from './schemas';

/**
 * Per-IP limits of the lead forms: LEADS_RATE_LIMIT_PER_FORM submissions of one form and
 * LEADS_RATE_LIMIT_TOTAL across all forms per LEADS_RATE_LIMIT_WINDOW seconds (defaults 5, 30, 60).
 * A limit of 0 turns it off. The counters are shared by every instance on PostgreSQL (see makeLimiter).
 */
export type RateLimitConfig = { perForm: number; total: number; windowSeconds: number };

export function rateLimitConfig(env: Record<string, string | undefined> = process.env): RateLimitConfig {
  return {
    perForm: envInt(env.LEADS_RATE_LIMIT_PER_FORM, 5),
    total: envInt(env.LEADS_RATE_LIMIT_TOTAL, 30),
    windowSeconds: Math.max(1, envInt(env.LEADS_RATE_LIMIT_WINDOW, 60)),
  };
}

export type Limiters = { form: RateLimiterAbstract | null; total: RateLimiterAbstract | null };

export function createLimiters(config: RateLimitConfig, handle?: LimiterHandle): Limiters {
  const make = (points: number, keyPrefix: string) =>
    points <= 0 ? null : makeLimiter({ points, duration: config.windowSeconds, keyPrefix }, handle);
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

/** Counts one submission of `kind` from `ip` (an IPv6 address counts for its /64); false when a limit is exceeded. */
export async function consumeSubmission(limiters: Limiters, kind: LeadKind, ip: string): Promise<boolean> {
  const key = addressKey(ip);
  const attempts = [limiters.form?.consume(`${kind}:${key}`), limiters.total?.consume(key)].filter(Boolean);
  const results = await Promise.allSettled(attempts);
  for (const r of results) {
    if (r.status === 'rejected') {
      if (isOverLimit(r.reason)) return false;
      throw r.reason;
    }
  }
  return true;
}

/**
 * The process's limiters, kept on `globalThis`: this module runs twice in a built server (in the server's
 * bundle, for the JSON posts, and in Astro's, for the posts without JavaScript), and in memory (the embedded
 * database) each copy would count on its own, letting a client post the limit through each path.
 */
const shared = ((globalThis as { [key: symbol]: unknown })[Symbol.for('postcraft.leadLimiters')] ??= {
  byHandle: new WeakMap<object, Limiters>(),
}) as { memory?: Limiters; byHandle: WeakMap<object, Limiters> };

/** The limiters of this process (on the database handle that the server opened; memory without one). */
export function getLimiters(handle?: LimiterHandle): Limiters {
  if (!handle) return (shared.memory ??= createLimiters(rateLimitConfig()));
  let limiters = shared.byHandle.get(handle);
  if (!limiters) shared.byHandle.set(handle, (limiters = createLimiters(rateLimitConfig(), handle)));
  return limiters;
}
