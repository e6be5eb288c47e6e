import type { APIRoute } from 'astro';
import { getOriginal } from '@/lib/conversations/original';
import { isUuid } from '@/lib/staff/filters';
import { downloadAccess, onlyGet, textResponse } from '@/lib/staff/responses';
import { staffLog } from '@/lib/staff/staff-log';
import { staffContext } from '../../_staff-page';

export const prerender = false;
export const POST: APIRoute = onlyGet;
export const PUT: APIRoute = onlyGet;
export const DELETE: APIRoute = onlyGet;
export const PATCH: APIRoute = onlyGet;

const gone = () => textResponse(404, 'There is no original of this message: it may have been deleted with its lead, or its source was not kept.');

/**
 * The source of an incoming message as it was received, as inert text (docs/conversations.md): plain text
 * that no browser may sniff into HTML, in a sandbox where nothing runs, shown in the tab. Any staff member for
 * a lead's message; an unmatched message (the admins' list) is for admins.
 */
export const GET: APIRoute = async ({ params, locals }) => {
  const { db, user: signedIn } = staffContext(locals);
  const id = params.id ?? '';
  const access = downloadAccess(signedIn, 'member', isUuid(id) ? `/staff/messages/${id}/original` : '/staff');
  if (access.refused) return access.refused;
  if (!isUuid(id)) return gone();
  const original = await getOriginal(db, id);
  if (!original) return gone();
  if (!original.matched && access.user.role !== 'admin') return textResponse(403, 'Only admins can open an email that matched no lead.');
  staffLog.info({ event: 'staff.message_original', userId: access.user.id, messageId: id }, 'message source opened');
  return new Response(original.raw, {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "sandbox; default-src 'none'",
      'Content-Disposition': `inline; filename="message-${id}.txt"`,
      'Cache-Control': 'no-store',
    },
  });
};
