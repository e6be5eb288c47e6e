import { cookies, redirect, staffRequest } from '../request';
import { getDb } from '@/lib/db/client';
import { verifyPassword } from '../password';
import { readSessionToken, safeReturnPath, sessionCookie, getThrottle } from '../auth';
import { createSession, deleteSession, findActiveUserByEmail, pruneSessions } from '../sessions';
import { incorrectCredentials, type SignInState } from '../sign-in-state';
import { recordFailure, recordSuccess, retryAfter } from '../throttle';
import { staffLog } from '../staff-log';

export async function signIn(_prev: SignInState, formData: FormData): Promise<SignInState> {
  const request = staffRequest();
  const req = { ip: request.ip, requestId: request.requestId, setStatus: (code: number) => void (request.status = code) };
  const email = String(formData.get('email') ?? '').trim().slice(0, 320);
  const password = String(formData.get('password') ?? '');
  const at = Date.now();
  const fieldErrors: SignInState['fieldErrors'] = {};
  if (!email) fieldErrors.email = 'Enter your email';
  if (!password) fieldErrors.password = 'Enter your password';
  if (fieldErrors.email || fieldErrors.password) {
    req.setStatus(400);
    return { status: 'invalid', fieldErrors, email, at };
  }

  // An address with control characters (NUL included) cannot belong to an account, and PostgreSQL
  // cannot even compare text holding NUL: refused like wrong credentials, before the database.
  if (/[\u0000-\u001F\u007F-\u009F]/.test(email)) {
    req.setStatus(401);
    return { status: 'refused', message: incorrectCredentials, email: email.replace(/[\u0000-\u001F\u007F-\u009F]/g, ''), at };
  }

  const throttle = await getThrottle();
  const wait = await retryAfter(throttle, email, req.ip);
  if (wait > 0) {
    req.setStatus(429);
    const minutes = Math.max(1, Math.ceil(wait / 60));
    return { status: 'limited', message: `Too many sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`, email, at };
  }

  const db = await getDb();
  const user = await findActiveUserByEmail(db, email);
  // Unknown addresses are verified against a dummy hash: same answer, about the same time.
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) {
    await recordFailure(throttle, email, req.ip);
    staffLog.info({ requestId: req.requestId, event: 'staff.sign_in_failed' }, 'staff sign-in refused');
    req.setStatus(401);
    return { status: 'refused', message: incorrectCredentials, email, at };
  }
  await recordSuccess(throttle, email, req.ip);

  // A new session id at every sign-in (any session the browser held is ended first).
  await deleteSession(db, await readSessionToken());
  await pruneSessions(db);
  const { token, expiresAt } = await createSession(db, user.id);
  const { name, options } = await sessionCookie();
  const jar = await cookies();
  jar.set(name, token, { ...options, expires: expiresAt });
  staffLog.info({ requestId: req.requestId, event: 'staff.sign_in', userId: user.id }, 'staff signed in');
  redirect(safeReturnPath(formData.get('next')));
}
