import { defineMiddleware } from 'astro:middleware';
import { getDb, getHandle, useDatabase } from '@/lib/db/client';
import { registerDeliveryNudge } from '@/lib/notify/nudge';
import { withSignedInUser } from '@/lib/staff/auth';
import { processThrottle } from '@/lib/staff/throttle';

let nudge: (() => void) | undefined;

/**
 * Astro writes the islands' style rule (`astro-island{display:contents}`) and their two small inline
 * scripts (the island element and the hydration directive) where the first island is: in the <body>,
 * inside <main> when the page has an island there. A <style> belongs in the <head>, and a script in
 * <main> keeps a modal dialog's page from being hidden from assistive technology (aria-hidden spares
 * scripts and their ancestors). Moved to the end of the <head>, with the same text (so the same CSP hash).
 */
const islandPrelude = /<style>astro-island,astro-slot,astro-static-slot\{display:contents\}<\/style>|<script>\(\(\)=>\{[\s\S]*?<\/script>/g;
export function moveIslandPreludeToHead(html: string): string {
  const head = html.indexOf('</head>');
  if (head < 0) return html;
  const moved: string[] = [];
  const body = html.slice(head).replace(islandPrelude, (m) => (moved.push(m), ''));
  if (!moved.length) return html;
  return html.slice(0, head) + moved.join('') + body;
}

/**
 * Pages rendered on request (staff area, 404) run in Astro's bundle, which has its own copy of lib/:
 * the server (server/serve.ts) hands it its open database and its delivery loop's nudge in `locals`.
 * Every HTML page (prerendered ones at build) gets the islands' prelude moved into its head.
 */
async function withPreludeInHead(response: Response): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return response;
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(moveIslandPreludeToHead(html), { status: response.status, statusText: response.statusText, headers });
}

export const onRequest = defineMiddleware(async (context, next) => {
  const locals = context.locals as Partial<App.Locals>;
  if (locals.db) useDatabase(locals.db);
  if (locals.nudge && locals.nudge !== nudge) {
    nudge = locals.nudge;
    registerDeliveryNudge(nudge);
  }
  // The staff area: who is signed in and what lib/staff needs of the request, in Astro.locals.staff.
  if (context.url.pathname === '/staff' || context.url.pathname.startsWith('/staff/')) {
    // Under `astro dev` no server hands these over: the URL's scheme, an unknown address, a new id.
    locals.https ??= context.url.protocol === 'https:';
    locals.clientIp ??= 'unknown';
    locals.requestId ??= crypto.randomUUID();
    const db = await getDb();
    locals.staff = await withSignedInUser({
      db,
      throttle: processThrottle(locals.db ?? (await getHandle())),
      cookies: context.cookies,
      headers: context.request.headers,
      https: locals.https,
      ip: locals.clientIp,
      requestId: locals.requestId,
    });
  }
  return withPreludeInHead(await next());
});
