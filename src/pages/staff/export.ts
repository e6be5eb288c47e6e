import { csvRecord } from '@/lib/staff/csv';
import { attributionKeys, attributionLabels } from '@/lib/leads/attribution';
import { filterQuery, parseFilter } from '@/lib/staff/filters';
import { countLeads, exportLines } from '@/lib/staff/inbox';
import { kindByKind, statusLabel } from '@/lib/staff/lead-kinds';
import { staffLog } from '@/lib/staff/staff-log';
import type { APIRoute } from 'astro';
import { downloadAccess, onlyGet } from '@/lib/staff/responses';
import { staffContext } from './_staff-page';
import { getHandle } from '@/lib/db/client';

export const prerender = false;
export const POST: APIRoute = onlyGet;
export const PUT: APIRoute = onlyGet;
export const DELETE: APIRoute = onlyGet;
export const PATCH: APIRoute = onlyGet;

/**
 * CSV of the inbox filter in the query string (the same parameters as /staff), streamed: rows are
 * built as CSV lines in the database (lib/staff/inbox.ts `exportLines`: one COPY on PostgreSQL, pages of
 * 5,000 on PGlite) and written as the client takes them, so memory stays flat.
 */
export const GET: APIRoute = async ({ url, locals }) => {
  const { db, user: signedIn } = staffContext(locals);
  const filter = parseFilter(url.searchParams);
  const access = downloadAccess(signedIn, 'member', `/staff${filterQuery(filter, { page: 1 })}`);
  if (access.refused) return access.refused;
  const { user } = access;
  // The export's "now" and member: the first-response clock's views (Overdue, Due soon, Mine) list what the page listed.
  const context = { now: new Date(), me: user.id };
  const total = await countLeads(db, filter, context);
  const header = ['Type', 'ID', 'Received (UTC)', 'Name', 'Email', 'Company / business', 'Detail', 'Status', 'Owner', ...attributionKeys.map((k) => attributionLabels[k])];
  const encoder = new TextEncoder();
  const labels = { kinds: Object.fromEntries(Object.values(kindByKind).map((k) => [k.kind, k.shortLabel])), statuses: statusLabel };
  // PostgreSQL: one COPY streamed from its pool; PGlite: keyset pages.
  const handle = locals.db ?? (await getHandle());
  const leads = exportLines(db, { ...filter, page: 1 }, labels, { copyFrom: handle?.kind === 'postgres' ? handle.client : undefined, context });
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvRecord(header)}`));
    },
    async pull(controller) {
      try {
        // The client takes what was sent before more is read from the database.
        await locals.drained?.();
        const next = await leads.next();
        if (next.done) {
          staffLog.info({ event: 'staff.export', userId: user.id, rows: sent }, 'CSV export');
          controller.close();
          return;
        }
        sent += next.value.rows;
        controller.enqueue(next.value.bytes);
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
};
