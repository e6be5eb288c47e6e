import { getDb } from '@/lib/db/client';
import { requireStaff } from '@/lib/staff/auth';
import { csvRecord } from '@/lib/staff/csv';
import { filterQuery, parseFilter } from '@/lib/staff/filters';
import { iterateLeads, listLeads } from '@/lib/staff/inbox';
import { kindByKind, statusLabel } from '@/lib/staff/lead-kinds';
import { staffLog } from '@/lib/staff/staff-log';
import type { APIRoute } from 'astro';
import { onlyGet, staffEndpoint } from '@/lib/staff/responses';

export const prerender = false;
export const POST: APIRoute = onlyGet;
export const PUT: APIRoute = onlyGet;
export const DELETE: APIRoute = onlyGet;
export const PATCH: APIRoute = onlyGet;

/**
 * CSV of the inbox filter in the query string (the same parameters as /staff), streamed: rows are
 * fetched 500 at a time (keyset pagination) and written as they come, so memory stays flat.
 */
export const GET: APIRoute = staffEndpoint(async ({ url }) => {
  const filter = parseFilter(url.searchParams);
  const user = await requireStaff(`/staff${filterQuery(filter, { page: 1 })}`);
  const db = await getDb();
  const { total } = await listLeads(db, { ...filter, page: 1 }, 1);
  const header = ['Type', 'ID', 'Received (UTC)', 'Name', 'Email', 'Company / business', 'Detail', 'Status', 'Owner'];
  const encoder = new TextEncoder();
  const leads = iterateLeads(db, { ...filter, page: 1 });
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvRecord(header)}`));
    },
    async pull(controller) {
      try {
        const next = await leads.next();
        if (next.done) {
          staffLog.info({ event: 'staff.export', userId: user.id, rows: sent }, 'CSV export');
          controller.close();
          return;
        }
        const chunk = next.value
          .map((r) => csvRecord([kindByKind[r.kind].shortLabel, r.id, r.createdAt, r.name, r.email, r.company, r.summary, statusLabel[r.status], r.ownerName]))
          .join('');
        sent += next.value.length;
        controller.enqueue(encoder.encode(chunk));
      } catch (err) {
        staffLog.error({ event: 'staff.export_failed', userId: user.id, message: (err as Error).message }, 'CSV export failed');
        controller.error(err);
      }
    },
    async cancel() {
      await leads.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="leads-${day}.csv"`,
      'Cache-Control': 'no-store',
      'X-Total-Rows': String(total),
    },
  });
});
