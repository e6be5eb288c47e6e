import type { Db } from '@/lib/db/client';
import type { StaffUser } from './sessions';
import type { SignInThrottle } from './throttle';

/** A cookie jar: Astro's `cookies`, or any object with get/set (tests use a Map-backed one). */
export type CookieJar = {
  get(name: string): { value: string } | undefined;
  set(name: string, value: string, options?: Record<string, unknown>): void;
};

/**
 * What lib/staff needs of the request a staff page, action or download answers, passed to it as an
 * argument: src/middleware.ts builds it from Astro's request for /staff paths (`Astro.locals.staff`),
 * tests build their own. Framework-free: a cookie jar, the web's `Headers`, plain values.
 */
export type StaffContext = {
  db: Db;
  /** The sign-in throttle (on the same database, so shared by every instance on PostgreSQL). */
  throttle: SignInThrottle;
  cookies: CookieJar;
  /** The request's headers (Origin and Host, for the same-origin check of sign-out). */
  headers: Headers;
  /** HTTPS as the request reached the server (TLS socket, or X-Forwarded-Proto from a trusted proxy). */
  https: boolean;
  /** The client's address (sign-in throttling). */
  ip: string;
  /** The request's id, for the audit lines. */
  requestId: string;
  /** The token of the request's valid session (from the session cookie), or null. */
  session: string | null;
  /** The signed-in staff member, or null. */
  user: StaffUser | null;
};
