import type { StaffRole } from '@/lib/db/staff-schema';
import { checkAccess } from './auth';
import type { StaffUser } from './sessions';

/** Plain-text answers of the staff endpoints (never an empty body). */
export function textResponse(status: number, text: string, headers: Record<string, string> = {}) {
  return new Response(`${text}\n`, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers } });
}

/** For the methods a download route does not answer. */
export const onlyGet = () => textResponse(405, 'This address only answers GET requests: open it as a link from the staff area.', { Allow: 'GET, HEAD' });

/**
 * A staff download's access check (the session and `role`): the signed-in user, or the answer to send
 * instead (signed out: 307 to sign-in, back to `returnTo` after; a member where an admin is needed: 403).
 */
export function downloadAccess(user: StaffUser | null, role: StaffRole, returnTo: string): { user: StaffUser; refused?: undefined } | { refused: Response } {
  const refusal = checkAccess(user, role, returnTo);
  if (refusal?.kind === 'redirect')
    return { refused: new Response(null, { status: 307, headers: { Location: refusal.location, 'Cache-Control': 'no-store' } }) };
  if (refusal || !user) return { refused: textResponse(403, 'Only admins can open this.') };
  return { user };
}
