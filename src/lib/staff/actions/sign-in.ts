import { safeReturnPath, sessionCookie } from '../auth';
import type { StaffContext } from '../context';
import { verifyPassword } from '../password';
import { createSession, deleteSession, findActiveUserByEmail, pruneSessions } from '../sessions';
import { incorrectCredentials, type SignInState } from '../sign-in-state';
import { recordSuccess, takeAttempt, throttleSubject } from '../throttle';
import { staffLog } from '../staff-log';
import { redirectTo, type ActionAnswer } from './define';

/** Signing in: the answer the form shows (400 missing fields, 401 refused, 429 throttled), or on success the session cookie and a redirect to `next`. */
export async function signIn(ctx: StaffContext, formData: FormData): Promise<ActionAnswer<SignInState>> {
  const email = String(formData.get('email') ?? '')
    .trim()
    .slice(0, 320);
  const password = String(formData.get('password') ?? '');
  const at = Date.now();
  const fieldErrors: SignInState['fieldErrors'] = {};
  if (!email) fieldErrors.email = 'Enter your email';
  if (!password) fieldErrors.password = 'Enter your password';
  if (fieldErrors.email || fieldErrors.password) return { result: { status: 'invalid', fieldErrors, email, at }, status: 400 };

  // An address with control characters (NUL included) cannot belong to an account, and PostgreSQL
  // cannot even compare text holding NUL: refused like wrong credentials, before the database.
  if (/[\u0000-\u001F\u007F-\u009F]/.test(email)) {
    return { result: { status: 'refused', message: incorrectCredentials, email: email.replace(/[\u0000-\u001F\u007F-\u009F]/g, ''), at }, status: 401 };
  }

  // The try is counted for the account the address names (however it is spelt), before the password is
  // checked, so tries posted at once cannot pass the limit.
  const user = await findActiveUserByEmail(ctx.db, email);
  const subject = throttleSubject(user, email);
  const wait = await takeAttempt(ctx.throttle, subject, ctx.ip);
  if (wait > 0) {
    const minutes = Math.max(1, Math.ceil(wait / 60));
    return {
      result: { status: 'limited', message: `Too many sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`, email, at },
      status: 429,
    };
  }

  // Unknown addresses are verified against a dummy hash: same answer, about the same time.
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) {
    staffLog.info({ requestId: ctx.requestId, event: 'staff.sign_in_failed' }, 'staff sign-in refused');
    return { result: { status: 'refused', message: incorrectCredentials, email, at }, status: 401 };
  }
  await recordSuccess(ctx.throttle, subject, ctx.ip);

  // A new session id at every sign-in (any session the browser held is ended first).
  await deleteSession(ctx.db, ctx.session ?? undefined);
  await pruneSessions(ctx.db);
  const { token, expiresAt } = await createSession(ctx.db, user.id);
  const { name, options } = sessionCookie(ctx.https);
  ctx.cookies.set(name, token, { ...options, expires: expiresAt });
  staffLog.info({ requestId: ctx.requestId, event: 'staff.sign_in', userId: user.id }, 'staff signed in');
  return redirectTo(safeReturnPath(formData.get('next')));
}

/** Signing out: the session row is deleted and the cookie cleared. */
export async function signOut(ctx: StaffContext): Promise<void> {
  await deleteSession(ctx.db, ctx.session ?? undefined);
  const { name, options } = sessionCookie(ctx.https);
  ctx.cookies.set(name, '', { ...options, maxAge: 0 });
}
