import type { StaffRole } from '@/lib/db/staff-schema';
import type { StaffContext } from './context';
import { validateSession, type StaffUser } from './sessions';
import { staffSessionCookieNames } from './session-cookie';

/**
 * The staff boundary. Every staff page, action and download checks the session and the role itself
 * (`checkAccess`, from the signed-in user of its StaffContext): the layout is not a boundary (an action
 * can be posted to any staff page; docs/security.md). A refusal is a value the caller answers with.
 */

/** `__Host-` pins the cookie to this host, path / and HTTPS (no sub-domain can set or shadow it). */
export function sessionCookie(https: boolean) {
  return {
    name: https ? staffSessionCookieNames.https : staffSessionCookieNames.http,
    options: {
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: https || process.env.NODE_ENV === 'production',
      path: '/',
    },
  };
}

/** The request's StaffContext: the session of its cookie checked, and who is signed in (src/middleware.ts, once per request). */
export async function withSignedInUser(request: Omit<StaffContext, 'session' | 'user'>): Promise<StaffContext> {
  const token = request.cookies.get(sessionCookie(request.https).name)?.value;
  const user = await validateSession(request.db, token);
  return { ...request, session: user && token ? token : null, user };
}

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

/** Why a request may not go on: signed out (to sign-in, back to `returnTo` after), or a member where an admin is needed (403). */
export type AccessRefusal = { kind: 'redirect'; location: string } | { kind: 'forbidden' };

/** Whether `user` may open what needs `role`: undefined when allowed, else the refusal. */
export function checkAccess(user: StaffUser | null, role: StaffRole, returnTo?: string): AccessRefusal | undefined {
  if (!user) return { kind: 'redirect', location: signInPath(returnTo) };
  if (role === 'admin' && user.role !== 'admin') return { kind: 'forbidden' };
  return undefined;
}

export const adminOnlyMessage = 'Only admins can do this.';
