import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { addressKey, envInt, makeLimiter, type LimiterHandle } from '@/lib/limiter';

/**
 * Sign-in throttling (the "login endpoint protection" pattern of rate-limiter-flexible), every try counted
 * before its password is checked (`takeAttempt`):
 * - per account + IP pair: STAFF_SIGNIN_LIMIT_PAIR failures (default 10) within STAFF_SIGNIN_WINDOW
 *   seconds (default 900) block that pair for the same time; a success clears the pair's count. An
 *   attacker elsewhere cannot lock the real user out: only their own address + that account is blocked.
 * - per IP: STAFF_SIGNIN_LIMIT_IP failures (default 100, looser) within an hour, across all accounts,
 *   block that address for an hour (guessing many accounts from one place).
 * The counters are shared by every instance on PostgreSQL (see makeLimiter).
 */
export type ThrottleConfig = { pairMax: number; pairWindowSeconds: number; ipMax: number; ipWindowSeconds: number };

export function throttleConfig(env: Record<string, string | undefined> = process.env): ThrottleConfig {
  return {
    pairMax: envInt(env.STAFF_SIGNIN_LIMIT_PAIR, 10, 1),
    pairWindowSeconds: envInt(env.STAFF_SIGNIN_WINDOW, 900, 1),
    ipMax: envInt(env.STAFF_SIGNIN_LIMIT_IP, 100, 1),
    ipWindowSeconds: 3600,
  };
}

export type SignInThrottle = { pair: RateLimiterAbstract; ip: RateLimiterAbstract; config: ThrottleConfig };

export function createThrottle(config: ThrottleConfig, handle?: LimiterHandle): SignInThrottle {
  const make = (points: number, duration: number, keyPrefix: string) => makeLimiter({ points, duration, blockDuration: duration, keyPrefix }, handle);
  return {
    pair: make(config.pairMax, config.pairWindowSeconds, 'staff-signin-pair'),
    ip: make(config.ipMax, config.ipWindowSeconds, 'staff-signin-ip'),
    config,
  };
}

let shared: { handle?: LimiterHandle; throttle: SignInThrottle } | undefined;

/** The sign-in throttle of this process on `handle`'s database (made once; on PostgreSQL shared by every instance). */
export function processThrottle(handle?: LimiterHandle): SignInThrottle {
  if (!shared || shared.handle !== handle) shared = { handle, throttle: createThrottle(throttleConfig(), handle) };
  return shared.throttle;
}

/**
 * Who a try is counted for: the account the sign-in's lookup found (`findActiveUserByEmail`, PostgreSQL's
 * `lower()`), so every spelling that would sign in to it (`ADMIN@…`, `admİn@…`) shares one count; a typed
 * address that names no active account is counted as itself.
 */
export function throttleSubject(account: { id: string } | null, email: string): string {
  return account ? `account:${account.id}` : `address:${email.trim().toLowerCase().slice(0, 254)}`;
}

const pairKey = (subject: string, ip: string) => `${subject}|${addressKey(ip)}`;

/**
 * Counts a try of `subject` (`throttleSubject`) BEFORE its password is checked, in one atomic step per counter: of many tries posted at
 * once, only as many as the limit get a password check; the others are refused. Returns the seconds to
 * wait (0: go ahead and check). A database error is thrown, not taken for a refusal.
 */
export async function takeAttempt(t: SignInThrottle, subject: string, ip: string): Promise<number> {
  const results = await Promise.allSettled([t.pair.consume(pairKey(subject, ip)), t.ip.consume(addressKey(ip))]);
  let wait = 0;
  for (const r of results) {
    if (r.status === 'fulfilled') continue;
    if (r.reason instanceof Error) throw r.reason;
    wait = Math.max(wait, (r.reason as { msBeforeNext: number }).msBeforeNext, 1);
  }
  return Math.ceil(wait / 1000);
}

/**
 * A success clears the pair's count and gives back the address's point its try took (the per-IP count
 * tracks failures only).
 */
export async function recordSuccess(t: SignInThrottle, subject: string, ip: string) {
  await Promise.allSettled([t.pair.delete(pairKey(subject, ip)), t.ip.reward(addressKey(ip), 1)]);
}
