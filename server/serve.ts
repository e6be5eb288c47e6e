// The production server (started by main.ts): checks the configuration, opens and migrates the database, builds when the build is not
// of the current sources, then serves the site on PORT (default 3000):
//   1. every response gets an X-Request-Id and the security headers;
//   2. GET/HEAD of a built file (prerendered pages, assets) is answered from memory (static-files.ts),
//      but for /blog, /careers and /templates with a query naming q or category (a filtered list), which
//      Astro renders;
//   3. every POST passes the guards (origin, type, 64 kB; request-guards.ts); the lead forms' JSON posts
//      are answered here (lead-posts.ts); a refused post, a method a page does not take and a request that
//      failed get one of the server's answers: a page Astro prerendered (lib/server-answers.ts), sent with
//      its status; the inbound email webhook, signed and raw, is answered before the guards (inbound-email.ts);
//   4. everything else is rendered by Astro's handler (middleware mode): the staff area, the 404 page, and
//      a prerendered page rendered again on request (a filtered list, a form posted without JavaScript:
//      src/pages/on-request/[...path].astro, told the page's path in `locals.pageOnRequest`).
// A GET or HEAD of a public page through an affiliate's link (`?ref=CODE`) sets the referral cookie, whichever
// way the page is served (static-files.ts; src/middleware.ts for the pages Astro renders): lib/leads/referral.ts.
// A GET of a public page answered with the page is counted (lib/analytics/page-views.ts, docs/analytics.md):
// a synchronous increment in memory, after the answer is written; the counts are written in the background.
// Before all of this: /healthz and /readyz (health.ts) and, when metrics are on, /metrics (metrics.ts);
// on SIGTERM or SIGINT the server drains (`stop` below; docs/deploy.md, "Stopping and rolling restarts").
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isPageViewRequest } from '@/lib/analytics/page-views';
import { useDatabase, type DbHandle } from '@/lib/db/client';
import { filteredListPages, namesFilters } from '@/lib/filters';
import { referralCookieFor } from '@/lib/leads/referral';
import { presetSubject } from '@/lib/leads/signup';
import { leadEndpointPrefix, noScriptFormParam, pageHasForm } from '@/lib/leads/endpoints';
import { ConfigError, openDatabase } from '@/lib/db/connection';
import { runMigrations } from '@/lib/db/migrate';
import { envInt } from '@/lib/limiter';
import { areaLog } from '@/lib/logger';
import { webhookConfigProblem } from '@/lib/notify/config';
import { siteUrlStartProblem } from '@/lib/site-url';
import { registerDeliveryNudge } from '@/lib/notify/nudge';
import { startBackground, type Background } from './background';
import { answerLeadJson } from './lead-posts';
import { answerInboundEmail, inboundConfigProblem, inboundEmailPath } from './inbound-email';
import { imapConfigProblem } from '@/lib/conversations/imap-settings';
import { answerChallenge } from './challenge';
import { challengePath } from '@/lib/spam/proof-field';
import { processChallengeLimiter } from '@/lib/spam/challenge-limit';
import { answerRefusal, checkPost, configuredHosts } from './request-guards';
import { createHealth, healthPaths } from './health';
import { createMetrics, metricsConfigFrom, type MetricsConfig, type ServerMetrics } from './metrics';
import { proxyTrustFrom, type ProxyTrust } from './proxy-trust';
import { setMetricsSink } from '@/lib/metrics/events';
import { queryable } from '@/lib/db/connection';
import { isServerAnswerPath, serverAnswerPath, serverAnswers, type ServerAnswerKind } from '@/lib/server-answers';
import { applyBaseHeaders, isHttps } from './security-headers';
import { loadStaticFiles } from './static-files';

const serverLog = areaLog('server');

function fail(message: string): never {
  console.error(`postcraft: ${message}`);
  process.exit(1);
}

const port = Number(process.env.PORT || 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`PORT must be a port number, not "${process.env.PORT}"`);
const hostname = process.env.HOST || undefined;
if (process.env.SITE_URL) {
  try {
    new URL(process.env.SITE_URL);
  } catch {
    fail(`SITE_URL is not a valid URL: "${process.env.SITE_URL}"`);
  }
}
// A short key would make the newsletter's links guessable; unset, the database keeps one of its own.
if (process.env.LINK_SECRET?.trim() && process.env.LINK_SECRET.trim().length < 32) fail('LINK_SECRET must be at least 32 characters (or unset)');
// One TLS file without the other is a mistake, not a wish for plain HTTP.
const tls = process.env.HTTPS_CERT_FILE && process.env.HTTPS_KEY_FILE;
if (!tls && (process.env.HTTPS_CERT_FILE || process.env.HTTPS_KEY_FILE)) {
  const [set, unset] = process.env.HTTPS_CERT_FILE ? ['HTTPS_CERT_FILE', 'HTTPS_KEY_FILE'] : ['HTTPS_KEY_FILE', 'HTTPS_CERT_FILE'];
  fail(`${set} is set but ${unset} is not: set both to serve HTTPS, or neither to serve plain HTTP (behind a proxy that ends TLS)`);
}
const webhookProblem = webhookConfigProblem() ?? inboundConfigProblem() ?? imapConfigProblem();
if (webhookProblem) fail(webhookProblem);
// Emails whose links point to localhost cannot work: refused with emails on, a warning once ready without.
const siteUrlProblem = siteUrlStartProblem();
if (siteUrlProblem.refuse) fail(siteUrlProblem.refuse);
const envMs = (name: string, fallback: number) => envInt(process.env[name], fallback, 1);
// TRUST_PROXY=1: X-Forwarded-* are believed from the proxies of TRUST_PROXY_RANGES (default loopback and private networks).
let proxy: ProxyTrust;
try {
  proxy = proxyTrustFrom();
} catch (err) {
  fail((err as Error).message);
}
const allowedHosts = configuredHosts();
let metricsConfig: MetricsConfig | undefined;
try {
  metricsConfig = metricsConfigFrom();
} catch (err) {
  fail((err as Error).message);
}
// Draining (docs/deploy.md): how long /readyz says 503 before the listener closes, and how long requests in
// flight then have. DRAIN_DELAY_MS unset: 3 s once a load balancer has asked /readyz, else none (a server
// nobody probes, `npm start` in a terminal, stops at once as it always did).
const drainDelaySet = (process.env.DRAIN_DELAY_MS ?? '').trim() !== '';
const drainDelayMs = envInt(process.env.DRAIN_DELAY_MS, 3000, 0);
const shutdownTimeoutMs = envInt(process.env.SHUTDOWN_TIMEOUT_MS, 10_000, 1);

let handle: DbHandle | undefined;
try {
  handle = await openDatabase();
  await runMigrations(handle);
} catch (err) {
  await handle?.close().catch(() => {});
  fail(err instanceof ConfigError ? err.message : `database start-up failed: ${(err as Error)?.message ?? err}`);
}
const db = handle;
useDatabase(db);
const health = createHealth(queryable(db), { timeoutMs: envMs('READY_TIMEOUT_MS', 1000), cacheMs: envInt(process.env.READY_CACHE_MS, 1000, 0) });
const metrics: ServerMetrics | undefined = metricsConfig && createMetrics(metricsConfig, db);
if (metrics) setMetricsSink(metrics.sink);
let metricsServer: http.Server | undefined;
try {
  metricsServer = await metrics?.listen();
} catch (err) {
  await db.close().catch(() => {});
  fail(`cannot serve metrics on ${metricsConfig?.host}:${metricsConfig?.port}: ${(err as Error).message}`);
}

let server: http.Server | https.Server | undefined;
let background: Background | undefined;
let stopping = false;
/** Set once the listener is closed: answers still being made close their connection (no keep-alive). */
let closing = false;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Graceful drain, on SIGTERM or SIGINT: /readyz answers 503 at once and the delivery loop claims no more;
 * the server goes on serving for the drain delay (the proxy's health check notices), then closes its
 * listener and its idle connections, lets the requests in flight finish (SHUTDOWN_TIMEOUT_MS), writes the
 * page counts it holds, hands back the outbox rows it claimed and did not finish, closes the database and
 * exits 0. A second signal exits 1 at once; requests still running at the timeout are cut, exit 1.
 */
async function stop(signal: string) {
  if (stopping) {
    console.error(`postcraft: ${signal} again: stopping now without waiting`);
    process.exit(1);
  }
  stopping = true;
  health.drain();
  const delay = drainDelaySet || health.probed ? drainDelayMs : 0;
  // A last resort when the database or a send hangs past every deadline below.
  const hard = setTimeout(() => {
    console.error('postcraft: stopping took too long; exiting');
    process.exit(1);
  }, delay + shutdownTimeoutMs + 5000);
  hard.unref();
  // Another instance or a worker delivers what falls due from now on; the batch in flight has until the end.
  const deliveries = background?.stopDeliveries(Math.max(0, delay + shutdownTimeoutMs - 1000));
  if (delay) console.log(`postcraft: draining (${signal}): not ready, closing in ${delay} ms`);
  let inTime = true;
  try {
    await sleep(delay);
    closing = true;
    if (server) {
      const closed = new Promise<boolean>((resolve) => server!.close(() => resolve(true)));
      server.closeIdleConnections();
      // A kept-alive connection that just finished an answer is idle now: close it too, until none is left.
      const sweep = setInterval(() => server!.closeIdleConnections(), 200);
      inTime = await Promise.race([closed, sleep(shutdownTimeoutMs).then(() => false)]);
      clearInterval(sweep);
      if (!inTime) {
        console.error(`postcraft: requests still running after ${shutdownTimeoutMs} ms (SHUTDOWN_TIMEOUT_MS): cut off`);
        server.closeAllConnections();
      }
    }
    await deliveries;
    await background?.stop();
    await new Promise<void>((resolve) => (metricsServer ? metricsServer.close(() => resolve()) : resolve()));
  } finally {
    await db.close().catch((err: Error) => console.error(`postcraft: closing the database failed: ${err.message}`));
    console.log(`postcraft: stopped (${signal})`);
    process.exit(inTime ? 0 : 1);
  }
}
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => void stop(signal));

// This module runs bundled in dist/app/ (server/build.ts): the build folder is the one above it.
const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The pages of the server's own answers are sent only as those answers: asked for, they are a 404.
const files = loadStaticFiles(outDir, { answerOnly: isServerAnswerPath });
type AstroHandler = (req: IncomingMessage, res: ServerResponse, next: undefined, locals: App.Locals) => Promise<void>;
const { handler: astro } = (await import(pathToFileURL(path.join(outDir, 'server', 'entry.mjs')).href)) as { handler: AstroHandler };

/** Astro's image endpoint (its `image.endpoint.route`, the default). */
const astroImageEndpoint = '/_image';

/** The methods the Fetch standard forbids in a Request (Node's own server answers CONNECT by itself). */
const forbiddenMethods = new Set(['TRACE', 'TRACK', 'CONNECT']);

/** Public pages that are not prerendered but rendered for each request (their views are counted too). */
const publicPagesOnRequest = new Set(['/signup']);

/**
 * Counts a view of the page at `url` when the request is one (a GET, not a prefetch, not a crawler: lib/analytics)
 * and the answer was the page: 200, or 304 for a page the browser shows again from its cache. Never throws.
 */
function countView(req: IncomingMessage, res: ServerResponse, url: URL) {
  const counter = background?.pageViews;
  if (!counter || (res.statusCode !== 200 && res.statusCode !== 304)) return;
  try {
    if (isPageViewRequest(req.method, req.headers)) counter.count(url.pathname, url, req.headers.referer, (proxy.fromProxy(req) && req.headers['x-forwarded-host']) || req.headers.host);
  } catch (err) {
    serverLog.warn({ err }, 'a page view was not counted');
  }
}

/**
 * One of the server's own answers (lib/server-answers.ts): its page, prerendered by Astro, from memory with
 * the answer's status. A build without the page (never in practice) still answers, in plain text.
 */
function answerWith(req: IncomingMessage, res: ServerResponse, kind: ServerAnswerKind, headers: Record<string, string> = {}) {
  const { status, title, text } = serverAnswers[kind];
  if (files.answerWith(req, res, serverAnswerPath(kind), status, isHttps(req, proxy.fromProxy(req)), headers)) return;
  const body = `${title}\n\n${text}\n`;
  res.writeHead(status, { ...headers, 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function notAllowed(req: IncomingMessage, res: ServerResponse, allow: string) {
  answerWith(req, res, 'not-allowed', { Allow: allow });
}

/** The path of a request's target, without its query. */
function pathOf(target: string | undefined): string {
  if (!target) return '/';
  const q = target.indexOf('?');
  return q < 0 ? target : target.slice(0, q);
}

async function onRequest(req: IncomingMessage, res: ServerResponse) {
  metrics?.start(res, 'other');
  if (closing) res.setHeader('Connection', 'close');
  // The load balancer's probes and the metrics: before everything else, cheap, never a page view.
  const target = pathOf(req.url);
  const viaProxy = proxy.fromProxy(req);
  const secure = isHttps(req, viaProxy);
  // Every answer carries the security headers, the probes' too (docs/security.md).
  applyBaseHeaders(res, secure);
  if (healthPaths.has(target)) {
    metrics?.route(res, 'health');
    return health.answer(req, res, target);
  }
  if (target === '/metrics' && metrics && metrics.config.port === undefined) {
    metrics.route(res, 'health');
    return metrics.answer(req, res);
  }
  const requestId = randomUUID();
  res.setHeader('X-Request-Id', requestId);
  const url = new URL(req.url ?? '/', 'http://localhost');
  const read = req.method === 'GET' || req.method === 'HEAD';
  // A prerendered page that Astro renders again for this request: a filtered list's address, or the contact
  // form with a subject preset by a link. Any other query (`?utm_source=`) gets the prerendered file.
  const rendered = (filteredListPages.includes(url.pathname) && namesFilters(url.searchParams)) || (url.pathname === '/contact' && presetSubject(url) !== undefined);
  let pageOnRequest = read && rendered && files.page(url.pathname) ? url.pathname : undefined;
  // An affiliate's link (`?ref=CODE` on a public page): the page's answer sets the referral cookie.
  const referralCookie = read ? referralCookieFor(url.searchParams, secure) : undefined;
  if (!pageOnRequest && files.serve(req, res, secure, { setCookie: referralCookie })) {
    metrics?.route(res, 'static');
    if (req.method === 'GET' && files.page(url.pathname)) countView(req, res, url);
    return;
  }
  const clientIp = proxy.clientAddress(req);
  if (url.pathname === challengePath) {
    metrics?.route(res, 'api');
    return read ? answerChallenge(req, res, { ip: clientIp, limiter: processChallengeLimiter(db) }) : notAllowed(req, res, 'GET, HEAD');
  }
  // An email posted by an email-routing worker: signed, raw, no browser's form (inbound-email.ts).
  if (url.pathname === inboundEmailPath) {
    metrics?.route(res, 'api');
    return answerInboundEmail(req, res, { client: queryable(db), requestId });
  }
  if (req.method === 'POST') {
    const checked = await checkPost(req, allowedHosts, viaProxy);
    if ('refusal' in checked) return answerRefusal(req, () => answerWith(req, res, checked.refusal.kind, { Connection: 'close' }));
    if (url.pathname.startsWith(leadEndpointPrefix)) {
      metrics?.route(res, 'lead_json');
      return answerLeadJson(req, res, url.pathname.slice(leadEndpointPrefix.length), checked.body, { ip: clientIp, requestId }, checked.form);
    }
    // A form posted without JavaScript to the page it is on (`<page>?form=<name>`): that page, answered.
    if (files.page(url.pathname) && pageHasForm(url.pathname, url.searchParams.get(noScriptFormParam) ?? '')) {
      pageOnRequest = url.pathname;
      metrics?.route(res, 'lead_form');
    }
    (req as IncomingMessage & { body?: Buffer }).body = checked.body;
  }
  // A prerendered page takes GET and HEAD only (and the posts of its forms, above); the JSON endpoint POST.
  if (url.pathname.startsWith(leadEndpointPrefix)) return notAllowed(req, res, 'POST');
  // Methods a fetch Request cannot carry (Astro's handler would fail on them: a 500) are no method of any page here.
  if (forbiddenMethods.has(req.method ?? '')) return notAllowed(req, res, 'GET, HEAD, POST');
  if (!read && !pageOnRequest && files.page(url.pathname)) return notAllowed(req, res, 'GET, HEAD');
  if (pageOnRequest) req.url = `/on-request${pageOnRequest === '/' ? '' : pageOnRequest}${url.search}`;
  // Astro's image endpoint, which a server build always has: it would convert any image of the site to any
  // size and format for anyone (seconds of CPU each). The site uses no astro:assets (its images are files),
  // so the address does not exist here: Astro's 404 page.
  else if (url.pathname === astroImageEndpoint) req.url = '/404';
  const publicPage = read && (pageOnRequest || publicPagesOnRequest.has(url.pathname));
  if (metrics) {
    if (publicPage) metrics.route(res, 'page');
    else if (url.pathname === '/staff' || url.pathname.startsWith('/staff/')) metrics.route(res, 'staff');
    else if (url.pathname.startsWith('/api/')) metrics.route(res, 'api');
  }
  await astro(req, res, undefined, {
    requestId,
    clientIp,
    https: secure,
    db,
    nudge: () => background?.nudge(),
    pageOnRequest,
    drained: () => drained(res),
    referralCookie: publicPage ? referralCookie : undefined,
    metrics: metrics?.sink,
  });
  if (req.method === 'GET' && (pageOnRequest || publicPagesOnRequest.has(url.pathname))) countView(req, res, url);
}

/**
 * Resolves when the response's buffered bytes have gone to the network, or its connection has closed: a long
 * stream (the staff CSV export) waits for it before reading more, since Astro's handler writes every chunk
 * it is given without waiting for the client to take the last.
 */
function drained(res: ServerResponse): Promise<void> {
  if (!res.writableNeedDrain || res.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

function serve(req: IncomingMessage, res: ServerResponse) {
  onRequest(req, res).catch((err: Error) => {
    serverLog.error({ requestId: res.getHeader('X-Request-Id'), err }, 'request failed');
    if (!res.headersSent) {
      answerWith(req, res, 'unavailable');
    } else res.destroy();
  });
}

// TLS without a proxy in front: HTTPS_CERT_FILE + HTTPS_KEY_FILE serve HTTPS on PORT, and
// HTTP_REDIRECT_PORT (optional) answers plain HTTP there with a redirect to HTTPS (one file without the
// other stopped the start above).
// How long a client may take: to send its headers, its whole request, and between requests on a kept-alive
// connection (a slow client must not hold connections for Node's defaults of one and five minutes).
const headersTimeout = envMs('SERVER_HEADERS_TIMEOUT_MS', 15_000);
const timeouts = {
  headersTimeout,
  requestTimeout: Math.max(headersTimeout, envMs('SERVER_REQUEST_TIMEOUT_MS', 30_000)),
  keepAliveTimeout: envMs('SERVER_KEEP_ALIVE_TIMEOUT_MS', 5_000),
  // Node checks the two above every this many ms (default 30 s, which would let a slow client stay that long).
  connectionsCheckingInterval: Math.min(2_000, headersTimeout),
};
if (tls) {
  let cert: Buffer, key: Buffer;
  try {
    cert = fs.readFileSync(process.env.HTTPS_CERT_FILE!);
    key = fs.readFileSync(process.env.HTTPS_KEY_FILE!);
  } catch (err) {
    await db.close().catch(() => {});
    fail(`cannot read the TLS certificate or key: ${(err as Error).message}`);
  }
  const secureServer = https.createServer({ cert, key, ...timeouts }, serve);
  server = secureServer;
  const redirectPort = Number(process.env.HTTP_REDIRECT_PORT);
  if (redirectPort) {
    http
      .createServer(timeouts, (req, res) => {
        const host = String(req.headers.host ?? 'localhost').replace(/:\d+$/, '');
        const address = secureServer.address();
        const tlsPort = typeof address === 'object' && address ? address.port : port;
        const target = `https://${host}${tlsPort === 443 ? '' : `:${tlsPort}`}${req.url}`;
        res.writeHead(301, { Location: target, 'Content-Type': 'text/plain' }).end(`Moved to ${target}\n`);
      })
      .listen(redirectPort, hostname)
      .unref();
  }
} else {
  server = http.createServer(timeouts, serve);
}
server.on('error', async (err: NodeJS.ErrnoException) => {
  await db.close().catch(() => {});
  fail(err.code === 'EADDRINUSE' ? `port ${port} is already in use; set PORT to another port` : `server error: ${err.message}`);
});
server.listen(port, hostname, () => {
  background = startBackground({ handle: db, countPageViews: true });
  registerDeliveryNudge(background.nudge);
  const address = server!.address();
  const shown = hostname && hostname !== '0.0.0.0' ? hostname : 'localhost';
  if (metricsServer) {
    const at = metricsServer.address();
    console.log(`postcraft: metrics on http://${metricsConfig?.host}:${typeof at === 'object' && at ? at.port : metricsConfig?.port}/metrics`);
  }
  console.log(`postcraft: ready on ${tls ? 'https' : 'http'}://${shown}:${typeof address === 'object' && address ? address.port : port} with ${db.describe}`);
  if (siteUrlProblem.warn) console.warn(`postcraft: ${siteUrlProblem.warn}`);
});
