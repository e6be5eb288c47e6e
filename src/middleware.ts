import { STATUS_CODES } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineMiddleware } from 'astro:middleware';
import { withUpgrade } from '@/lib/csp';
import { withReferralCookie } from '@/lib/leads/referral';
import { PageCache } from '@/lib/page-cache';
import { getDb, getHandle, useDatabase } from '@/lib/db/client';
import { registerDeliveryNudge } from '@/lib/notify/nudge';
import { setMetricsSink, type MetricsSink } from '@/lib/metrics/events';
import { withSignedInUser } from '@/lib/staff/auth';
import { processThrottle } from '@/lib/staff/throttle';

let nudge: (() => void) | undefined;
let metricsSink: MetricsSink | undefined;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The encoding of an answer rendered on request: brotli, else gzip, else none, as the browser accepts. */
function encodingFor(request: Request): 'br' | 'gzip' | undefined {
  const accepted = request.headers.get('accept-encoding') ?? '';
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
}

/**
 * A page that set its status (`Astro.response.status = 401`) keeps the reason phrase of 200 ("401 OK" on
 * the status line): the status's own phrase instead.
 */
function withStatusText(response: Response): Response {
  const text = STATUS_CODES[response.status];
  if (response.status === 200 || !text || response.statusText === text || response.statusText !== 'OK') return response;
  return new Response(response.body, { status: response.status, statusText: text, headers: response.headers });
}

/**
 * A page rendered on request (about 40-140 kB of HTML) is sent compressed when the browser takes it:
 * brotli at quality 4 or gzip at 6 (fast; the prerendered files are compressed once at the highest level by
 * the server). Brotli 3 compresses /contact in a third of the time of 4 when measured alone, yet bench:submit
 * answered 15-20% fewer no-JavaScript posts with it (204 and 211/s against 248 and 265/s, alternating runs). Over HTTPS its policy also upgrades insecure requests, as the prerendered pages' does.
 */
async function finish(rendered: Response, request: Request, https: boolean): Promise<Response> {
  const response = withStatusText(rendered);
  // Astro types a page `text/html`; its bytes are UTF-8 (as the prerendered files are typed).
  if (response.headers.get('content-type') === 'text/html') response.headers.set('content-type', 'text/html; charset=utf-8');
  const policy = response.headers.get('content-security-policy');
  if (policy) response.headers.set('content-security-policy', withUpgrade(policy, https));
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html') || response.headers.has('content-encoding') || !response.body) return response;
  const encoding = encodingFor(request);
  if (!encoding) return response;
  const html = Buffer.from(await response.arrayBuffer());
  const body =
    encoding === 'br'
      ? await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length } })
      : await gzip(html, { level: 6 });
  const headers = new Headers(response.headers);
  headers.set('content-encoding', encoding);
  headers.set('content-length', String(body.length));
  headers.append('vary', 'Accept-Encoding');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * A filtered list (GET of a prerendered list page with a query, rendered on request) depends on its address
 * only: its finished answer is kept (lib/page-cache.ts), per address, encoding and scheme, up to 200 answers
 * for 10 minutes. Not under `astro dev`, where an edited content file must show on the next request.
 */
const filteredLists = new PageCache(200, 10 * 60_000);

/**
 * Pages rendered on request (staff area, 404, the prerendered pages rendered again) run in Astro's
 * bundle, which has its own copy of lib/: the server (server/serve.ts) hands it its open database, its
 * delivery loop's nudge and its metrics sink in `locals`.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const locals = context.locals as Partial<App.Locals>;
  if (locals.db) useDatabase(locals.db);
  if (locals.nudge && locals.nudge !== nudge) {
    nudge = locals.nudge;
    registerDeliveryNudge(nudge);
  }
  if (locals.metrics && locals.metrics !== metricsSink) {
    metricsSink = locals.metrics;
    setMetricsSink(metricsSink);
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
  const https = locals.https ?? context.url.protocol === 'https:';
  // A public page reached through an affiliate's link sets the referral cookie (the server says which:
  // `locals.referralCookie`), added after the filtered lists' cache, which keeps no answer that sets one.
  if (import.meta.env.PROD && locals.pageOnRequest && context.request.method === 'GET') {
    const key = `${https ? 'https' : 'http'} ${encodingFor(context.request) ?? 'identity'} ${context.url.pathname}${context.url.search}`;
    const page = filteredLists.get(key) ?? (await filteredLists.keep(key, await finish(await next(), context.request, https)));
    return withReferralCookie(page, locals.referralCookie);
  }
  return withReferralCookie(await finish(await next(), context.request, https), locals.referralCookie);
});
