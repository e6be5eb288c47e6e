import { cookies } from 'next/headers';
import { getDb } from '@/lib/db/client';
import { readSessionToken, sessionCookie } from '@/lib/staff/auth';
import { sameOriginRequest } from '@/lib/staff/origin';
import { deleteSession } from '@/lib/staff/sessions';

/**
 * Sign-out: a plain form POST (a full page load, so no client-side cache of staff pages survives it).
 * The session row is deleted on the server and the cookie cleared; then 303 to the sign-in page.
 */
export async function POST() {
  if (!(await sameOriginRequest())) {
    return new Response('Refused: this request did not come from this site.\n', { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  await deleteSession(await getDb(), await readSessionToken());
  const { name, options } = await sessionCookie();
  (await cookies()).set(name, '', { ...options, maxAge: 0 });
  return new Response(null, { status: 303, headers: { Location: '/staff/sign-in?signed-out=1', 'Cache-Control': 'no-store' } });
}
