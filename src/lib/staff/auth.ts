import { cookies, forbidden, perRequest, redirect, staffRequest } from './request';
import { getDb, getHandle } from '@/lib/db/client';
import { validateSession, type StaffUser } from './sessions';
import { createThrottle, throttleConfig, type SignInThrottle } from './throttle';

/**
 * The staff boundary. Every staff page, action and endpoint calls requireStaff() or requireAdmin()
 * itself: the layout is not a boundary (an action can be posted to any staff page; docs/security.md).
 */

/** HTTPS as the request reached us (TLS socket, or X-Forwarded-Proto from a trusted proxy; the server decides). */
async function servedOverHttps() {
  return staffRequest().https;
}

/** `__Host-` pins the cookie to this host, path / and HTTPS (no sub-domain can set or shadow it). */
export async function sessionCookie() {
  const https = await servedOverHttps();
  return {
    name: https ? '__Host-staff_session' : 'staff_session',
    options: {
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: https || process.env.NODE_ENV === 'production',
      path: '/',
    },
  };
}

export async function readSessionToken() {
  const { name } = await sessionCookie();
  return (await cookies()).get(name)?.value;
}

/** The signed-in staff member of this request, or null (once per request). */
export const currentStaff = perRequest('currentStaff', async (): Promise<StaffUser | null> => {
  const token = await readSessionToken();
  if (!token) return null;
  return validateSession(await getDb(), token);
});

/** A same-site path under /staff to come back to after signing in, or /staff. */
export function safeReturnPath(raw: unknown): string {
  if (typeof raw !== 'string' || !raw.startsWith('/staff') || raw.startsWith('//') || /[\\\u0000-\u001F]/.test(raw)) return '/staff';
  try {
    const url = new URL(raw, 'http://x');
    if (url.origin !== 'http://x' || !/^\/staff(\/|$)/.test(url.pathname) || url.pathname.startsWith('/staff/sign-in')) return '/staff';
    return url.pathname + url.search;
  } catch {
    return '/staff';
  }
}

export function signInPath(returnTo?: string) {
  const next = returnTo ? safeReturnPath(returnTo) : '/staff';
  return next === '/staff' ? '/staff/sign-in' : `/staff/sign-in?next=${encodeURIComponent(next)}`;
}

/** The signed-in staff member; a signed-out request is redirected to sign-in (back to `returnTo` after). */
export async function requireStaff(returnTo?: string): Promise<StaffUser> {
  const user = await currentStaff();
  if (!user) redirect(signInPath(returnTo));
  return user;
}

/** An admin; a member gets 403 (forbidden()), a signed-out request goes to sign-in. */
export async function requireAdmin(returnTo?: string): Promise<StaffUser> {
  const user = await requireStaff(returnTo);
  if (user.role !== 'admin') forbidden();
  return user;
}

/**
 * For staff actions: the admin, or null for a member, whose post is answered HTTP 403 with the page and
 * the action's refusal message.
 */
export async function requireAdminForAction(): Promise<StaffUser | null> {
  const user = await requireStaff();
  if (user.role === 'admin') return user;
  staffRequest().status = 403;
  return null;
}

export const adminOnlyMessage = 'Only admins can do this.';

let throttle: SignInThrottle | undefined;

/** The sign-in throttle of this process (on the server's database: shared by every instance on PostgreSQL). */
export async function getThrottle(): Promise<SignInThrottle> {
  if (throttle) return throttle;
  await getDb().catch(() => undefined);
  const handle = await getHandle()?.catch(() => undefined);
  throttle ??= createThrottle(throttleConfig(), handle);
  return throttle;
}
