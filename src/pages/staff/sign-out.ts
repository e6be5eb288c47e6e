import type { APIRoute } from 'astro';
import { getDb } from '@/lib/db/client';
import { readSessionToken, sessionCookie } from '@/lib/staff/auth';
import { sameOriginRequest } from '@/lib/staff/origin';
import { cookies } from '@/lib/staff/request';
import { textResponse } from '@/lib/staff/responses';
import { deleteSession } from '@/lib/staff/sessions';

/**
 * Sign-out: a plain form POST (a full page load, so no client-side cache of staff pages survives it).
 * The session row is deleted on the server and the cookie cleared; then 303 to the sign-in page.
 */
export const prerender = false;

/** A link or a typed address does not sign out (that would let any page sign staff out): to the sign-in page. */
export const GET: APIRoute = () => {
  return new Response(null, { status: 303, headers: { Location: '/staff/sign-in', 'Cache-Control': 'no-store' } });
};

export const POST: APIRoute = async () => {
  if (!(await sameOriginRequest())) {
    return textResponse(403, 'Refused: this request did not come from this site.');
  }
  await deleteSession(await getDb(), await readSessionToken());
  const { name, options } = await sessionCookie();
  (await cookies()).set(name, '', { ...options, maxAge: 0 });
  return new Response(null, { status: 303, headers: { Location: '/staff/sign-in?signed-out=1', 'Cache-Control': 'no-store' } });
};
