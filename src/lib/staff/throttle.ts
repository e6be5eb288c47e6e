import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { envInt, makeLimiter, type LimiterHandle } from '@/lib/limiter';

/**
 * Sign-in throttling (the "login endpoint protection" pattern of rate-limiter-flexible):
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

const pairKey = (email: string, ip: string) => `${email.trim().toLowerCase().slice(0, 254)}|${ip}`;

/** Seconds to wait before this pair / address may try again, or 0 when a try is allowed. */
export async function retryAfter(t: SignInThrottle, email: string, ip: string): Promise<number> {
  const [pair, byIp] = await Promise.all([t.pair.get(pairKey(email, ip)), t.ip.get(ip)]);
  let wait = 0;
  if (byIp && byIp.consumedPoints >= t.config.ipMax) wait = Math.max(wait, byIp.msBeforeNext);
  if (pair && pair.consumedPoints >= t.config.pairMax) wait = Math.max(wait, pair.msBeforeNext);
  return Math.ceil(wait / 1000);
}

/** Counts a failed try (ignoring the "now blocked" rejection: the next retryAfter reports it). */
export async function recordFailure(t: SignInThrottle, email: string, ip: string) {
  await Promise.allSettled([t.pair.consume(pairKey(email, ip)), t.ip.consume(ip)]);
}

/** A success clears the pair's count (the per-IP count stays: it only ever tracks failures). */
export async function recordSuccess(t: SignInThrottle, email: string, ip: string) {
  await t.pair.delete(pairKey(email, ip)).catch(() => {});
}
