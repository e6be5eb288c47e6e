import type { APIRoute } from 'astro';
import { signOut } from '@/lib/staff/actions/sign-in';
import { sameOriginRequest } from '@/lib/staff/origin';
import { textResponse } from '@/lib/staff/responses';
import { staffContext } from './_staff-page';

/**
 * Sign-out: a plain form POST (a full page load, so no client-side cache of staff pages survives it).
 * The session row is deleted on the server and the cookie cleared; then 303 to the sign-in page.
 */
export const prerender = false;

/** A link or a typed address does not sign out (that would let any page sign staff out): to the sign-in page. */
export const GET: APIRoute = () => {
  return new Response(null, { status: 303, headers: { Location: '/staff/sign-in', 'Cache-Control': 'no-store' } });
};

export const POST: APIRoute = async ({ locals }) => {
  const staff = staffContext(locals);
  if (!sameOriginRequest(staff.headers)) {
    return textResponse(403, 'Refused: this request did not come from this site.');
  }
  await signOut(staff);
  return new Response(null, { status: 303, headers: { Location: '/staff/sign-in?signed-out=1', 'Cache-Control': 'no-store' } });
};
