// The limit of `GET /api/challenge` per client address: a challenge costs the server an HMAC and a random
// number (about 0.7 ms of CPU), so an unlimited loop of them is a cheap way to keep a core busy. A person
// fetches one when they start using a form, and a new one after each post: the default, 60 a minute, is
// one a second for a whole minute, far more than anyone typing. Over it the server answers 429; the form's
// island then posts without a proof and the post is stored, held for review (docs/spam.md). The counters
// are shared by every instance on PostgreSQL, like the forms' limits (lib/limiter.ts).
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { addressKey, envInt, makeLimiter, type LimiterHandle } from '@/lib/limiter';
import { isOverLimit } from '@/lib/leads/rate-limit';

/** CHALLENGE_RATE_LIMIT challenges per client address per CHALLENGE_RATE_LIMIT_WINDOW seconds (60, 60; 0 = no limit). */
export type ChallengeLimitConfig = { max: number; windowSeconds: number };

export function challengeLimitConfig(env: Record<string, string | undefined> = process.env): ChallengeLimitConfig {
  return { max: envInt(env.CHALLENGE_RATE_LIMIT, 60), windowSeconds: envInt(env.CHALLENGE_RATE_LIMIT_WINDOW, 60, 1) };
}

export function createChallengeLimiter(config: ChallengeLimitConfig, handle?: LimiterHandle): RateLimiterAbstract | null {
  return config.max > 0 ? makeLimiter({ points: config.max, duration: config.windowSeconds, keyPrefix: 'challenge' }, handle) : null;
}

let shared: { handle?: LimiterHandle; limiter: RateLimiterAbstract | null } | undefined;

/** The challenge limiter of this process on `handle`'s database (made once; on PostgreSQL shared by every instance). */
export function processChallengeLimiter(handle?: LimiterHandle): RateLimiterAbstract | null {
  if (!shared || shared.handle !== handle) shared = { handle, limiter: createChallengeLimiter(challengeLimitConfig(), handle) };
  return shared.limiter;
}

/**
 * Counts one challenge for `ip` (an IPv6 address counts for its /64): 0 to go ahead, else the whole seconds
 * to wait. A limiter that fails (the database) lets the request through: a challenge is not worth a failure.
 */
export async function takeChallenge(limiter: RateLimiterAbstract | null, ip: string): Promise<number> {
  if (!limiter) return 0;
  try {
    await limiter.consume(addressKey(ip));
    return 0;
  } catch (reason) {
    if (isOverLimit(reason)) return Math.max(1, Math.ceil((reason as { msBeforeNext: number }).msBeforeNext / 1000));
    return 0;
  }
}
