import { getDataRequest, personData, recordAudit, unverifiedRefusal } from '@/lib/staff/data-requests';
import { isUuid } from '@/lib/staff/filters';
import { staffLog } from '@/lib/staff/staff-log';
import type { APIRoute } from 'astro';
import { downloadAccess, onlyGet, textResponse } from '@/lib/staff/responses';
import { staffContext } from '../../_staff-page';

export const prerender = false;
export const POST: APIRoute = onlyGet;
export const PUT: APIRoute = onlyGet;
export const DELETE: APIRoute = onlyGet;
export const PATCH: APIRoute = onlyGet;

const gone = () => textResponse(404, 'There is no data request with this id: it may have been erased already.');

/** The requester's data as JSON (admins only): every row with their email across all lead tables. */
export const GET: APIRoute = async ({ params, locals }) => {
  const { db, user: signedIn } = staffContext(locals);
  const id = params.id ?? '';
  const access = downloadAccess(signedIn, 'admin', isUuid(id) ? `/staff/leads/data_request/${id}` : '/staff');
  if (access.refused) return access.refused;
  const { user } = access;
  if (!isUuid(id)) return gone();
  const request = await getDataRequest(db, id);
  if (!request) return gone();
  const unverified = unverifiedRefusal(request);
  if (unverified) return textResponse(409, unverified);
  const data = await personData(db, request.email);
  await recordAudit(db, request, 'export', user.id);
  staffLog.info({ event: 'staff.data_export', userId: user.id, requestId: id }, 'data export produced');
  return new Response(`${JSON.stringify({ request: { id: request.id, type: request.type, received_at: request.createdAt }, ...data }, null, 2)}\n`, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="data-export-${id}.json"`,
      'Cache-Control': 'no-store',
    },
  });
};
