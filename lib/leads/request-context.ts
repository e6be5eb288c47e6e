import 'server-only';
import { randomUUID } from 'node:crypto';
import { headers } from 'next/headers';

/**
 * What server/request-guards.mjs learned about the current request, before Next: its id and the
 * client's address. The guard registers each POST under the id it puts in `x-request-id`; an id that
 * a client made up is not in the registry, so the address cannot be spoofed with a header.
 */
type GuardEntry = { ip: string; status?: number };
const g = globalThis as typeof globalThis & { __postcraftRequests?: Map<string, GuardEntry> };

export async function requestContext() {
  const h = await headers();
  const claimed = h.get('x-request-id');
  const entry = claimed ? g.__postcraftRequests?.get(claimed) : undefined;
  const requestId = entry && claimed ? claimed : randomUUID();
  // Without the guard (`next dev`), the forwarded address is the best there is.
  const ip = entry?.ip ?? h.get('x-forwarded-for')?.split(',').pop()?.trim() ?? 'unknown';
  // A post made by the browser's JavaScript carries `next-action`; a plain form post does not.
  const plainPost = !h.get('next-action');
  return {
    requestId,
    ip,
    /** Sets the HTTP status of a plain form post's answer (the page still renders). */
    setStatus: (code: number) => {
      if (entry && plainPost) entry.status = code;
    },
  };
}
