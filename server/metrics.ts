// Prometheus metrics (prom-client; docs/deploy.md, "Metrics"). Off unless METRICS_TOKEN or METRICS_PORT is
// set: METRICS_TOKEN alone serves `GET /metrics` on the site's port to `Authorization: Bearer <token>`
// only (401 otherwise); METRICS_PORT serves it on a listener of its own, on METRICS_HOST (127.0.0.1 unless
// told), and the site's port then has no /metrics (404), nor when metrics are off.
//
// The hot path is two additions to plain arrays per request (`RequestMetrics.done`): the request counter
// and the latency histogram are kept here by route group and status class, and turned into Prometheus'
// text only when scraped. The rest is counted where it happens (lib/metrics/events.ts) or read at scrape
// time: the outbox's due rows and the age of the oldest (one indexed query, kept 5 s), the database pool.
import crypto from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import client from 'prom-client';
import type { DbHandle } from '@/lib/db/client';
import { queryable } from '@/lib/db/connection';
import { leadKindNames } from '@/lib/leads/kinds';
import { deliveryChannels } from '@/lib/db/outbox-schema';
import type { DeliveryOutcome, LeadOutcome, MetricsSink } from '@/lib/metrics/events';

/**
 * Where a request went, a fixed set of label values (never the path): `static` a built file from memory
 * (prerendered pages and assets), `page` a public page rendered on request (a filtered list, /signup,
 * /contact?subject=), `lead_json` a lead form's JSON post, `lead_form` a lead form posted without
 * JavaScript, `staff` the staff area, `api` the other /api/ paths (the proof-of-work challenge), `health`
 * /healthz, /readyz and /metrics, `other` the rest (404s, refused posts, newsletter links).
 */
export const routeGroups = ['static', 'page', 'lead_json', 'lead_form', 'staff', 'api', 'health', 'other'] as const;
export type RouteGroup = (typeof routeGroups)[number];
export const routeIndex = Object.fromEntries(routeGroups.map((g, i) => [g, i])) as Record<RouteGroup, number>;
/** `aborted`: the connection closed before an answer was sent. */
const statusClasses = ['1xx', '2xx', '3xx', '4xx', '5xx', 'aborted'] as const;
/** Latency buckets in seconds (a page from memory takes well under 5 ms, a lead post tens of ms). */
export const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const routeKey = Symbol('metrics.route');
const startKey = Symbol('metrics.start');
type Tracked = ServerResponse & { [routeKey]?: number; [startKey]?: number };

/** The request counter and latency histogram, as plain numbers (see the top of the file). */
class RequestMetrics {
  readonly counts = new Float64Array(routeGroups.length * statusClasses.length);
  readonly buckets = new Float64Array(routeGroups.length * latencyBuckets.length);
  readonly sums = new Float64Array(routeGroups.length);
  readonly observed = new Float64Array(routeGroups.length);

  /** Records a finished (or aborted) request. */
  done(route: number, status: number, sent: boolean, seconds: number) {
    const cls = sent ? Math.min(Math.max(Math.floor(status / 100), 1), 5) - 1 : 5;
    this.counts[route * statusClasses.length + cls]++;
    this.sums[route] += seconds;
    this.observed[route]++;
    for (let i = 0; i < latencyBuckets.length; i++) {
      if (seconds <= latencyBuckets[i]) {
        this.buckets[route * latencyBuckets.length + i]++;
        break;
      }
    }
  }

  /** prom-client metric objects that read the arrays when scraped. */
  register(registry: client.Registry) {
    const requests = {
      name: 'postcraft_http_requests_total',
      help: 'HTTP requests answered, by route group and status class',
      type: 'counter',
      aggregator: 'sum',
      get: () => ({
        name: requests.name,
        help: requests.help,
        type: requests.type,
        aggregator: requests.aggregator,
        values: routeGroups.flatMap((route, r) =>
          statusClasses.map((status, s) => ({ labels: { route, status }, value: this.counts[r * statusClasses.length + s] })).filter((v) => v.value > 0),
        ),
      }),
      reset: () => {},
    };
    const latency = {
      name: 'postcraft_http_request_duration_seconds',
      help: 'Time from a request to the end of its answer, by route group',
      type: 'histogram',
      aggregator: 'sum',
      get: () => ({
        name: latency.name,
        help: latency.help,
        type: latency.type,
        aggregator: latency.aggregator,
        values: routeGroups.flatMap((route, r) => {
          if (!this.observed[r]) return [];
          let cumulative = 0;
          const values = latencyBuckets.map((le, i) => {
            cumulative += this.buckets[r * latencyBuckets.length + i];
            return { metricName: `${latency.name}_bucket`, labels: { route, le }, value: cumulative };
          });
          return [
            ...values,
            { metricName: `${latency.name}_bucket`, labels: { route, le: '+Inf' }, value: this.observed[r] },
            { metricName: `${latency.name}_sum`, labels: { route }, value: this.sums[r] },
            { metricName: `${latency.name}_count`, labels: { route }, value: this.observed[r] },
          ];
        }),
      }),
      reset: () => {},
    };
    // The registry reads `name`, `type` and `get()`; these two are not prom-client's classes.
    registry.registerMetric(requests as unknown as client.Metric);
    registry.registerMetric(latency as unknown as client.Metric);
  }
}

/** Whether `Authorization` carries `Bearer <token>`, compared in constant time (hashes of equal length). */
export function bearerMatches(header: string | undefined, tokenDigest: Buffer): boolean {
  const m = /^Bearer\s+(.+)$/i.exec(header ?? '');
  const given = crypto.createHash('sha256').update(m ? m[1].trim() : '').digest();
  return crypto.timingSafeEqual(given, tokenDigest) && m !== null;
}

export type MetricsConfig = { token?: string; port?: number; host: string };

/** Reads METRICS_TOKEN, METRICS_PORT and METRICS_HOST; undefined when metrics are off. Throws a message for a setting that cannot work. */
export function metricsConfigFrom(env: Record<string, string | undefined> = process.env): MetricsConfig | undefined {
  const token = env.METRICS_TOKEN?.trim() || undefined;
  const portText = env.METRICS_PORT?.trim();
  if (!token && !portText) return undefined;
  if (token && token.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters (e.g. `openssl rand -hex 32`)');
  let port: number | undefined;
  if (portText) {
    port = Number(portText);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`METRICS_PORT must be a port number, not "${portText}"`);
  }
  return { token, port, host: env.METRICS_HOST?.trim() || '127.0.0.1' };
}

export type ServerMetrics = {
  config: MetricsConfig;
  /** What lib/ reports (lib/metrics/events.ts). */
  sink: MetricsSink;
  /** Starts timing a request; `route` may be changed later with `route()`. */
  start: (res: ServerResponse, route: RouteGroup) => void;
  /** Names the route group of a request being timed. */
  route: (res: ServerResponse, route: RouteGroup) => void;
  /** Answers a request for /metrics (GET or HEAD; the token checked when there is one). */
  answer: (req: IncomingMessage, res: ServerResponse) => void;
  /** The listener of METRICS_PORT, when set (started by `listen`). */
  listen: () => Promise<http.Server | undefined>;
  registry: client.Registry;
};

const outboxSql = `select count(*)::int as due,
       coalesce(extract(epoch from now() - min(next_attempt_at)), 0)::float8 as oldest
  from notification_outbox
 where status = 'pending' and next_attempt_at <= now()`;

/** The metrics of a process on `handle`; `http: false` for the worker (no requests to count). */
export function createMetrics(config: MetricsConfig, handle: DbHandle, { http: countsRequests = true } = {}): ServerMetrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const requests = new RequestMetrics();
  if (countsRequests) requests.register(registry);

  const leads = new client.Counter({ name: 'postcraft_leads_total', help: 'Lead posts stored, by kind and outcome (stored, or held as spam)', labelNames: ['kind', 'outcome'], registers: [registry] });
  const deliveries = new client.Counter({ name: 'postcraft_deliveries_total', help: 'Notification delivery attempts by channel and outcome (sent, retry, failed for good, cancelled)', labelNames: ['channel', 'outcome'], registers: [registry] });
  const flushes = new client.Counter({ name: 'postcraft_page_count_flushes_total', help: 'Writes of the page counts kept in memory, by outcome', labelNames: ['outcome'], registers: [registry] });
  const flushRows = new client.Counter({ name: 'postcraft_page_count_flush_rows_total', help: 'Distinct page-count rows written (or lost, outcome="failed")', labelNames: ['outcome'], registers: [registry] });
  // Every label value exists from the start, at 0, so that rate() sees the first increment.
  if (countsRequests) for (const kind of leadKindNames) for (const outcome of ['stored', 'held'] as const) leads.inc({ kind, outcome }, 0);
  for (const channel of deliveryChannels) for (const outcome of ['sent', 'retry', 'failed', 'cancelled'] as const) deliveries.inc({ channel, outcome }, 0);
  for (const outcome of ['ok', 'failed']) {
    if (!countsRequests) break;
    flushes.inc({ outcome }, 0);
    flushRows.inc({ outcome }, 0);
  }

  // The outbox, read when scraped: one query on the partial index of due rows, kept 5 s (several scrapers,
  // or the two gauges of one scrape, ask once), at most 2 s; NaN when the database did not answer.
  let outbox: { at: number; value: Promise<{ due: number; oldest: number }> } | undefined;
  const readOutbox = () => {
    const now = Date.now();
    if (!outbox || now - outbox.at > 5000) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), 2000)));
      const value = Promise.race([queryable(handle).query(outboxSql), timeout])
        .then(({ rows }) => ({ due: Number(rows[0]?.due ?? 0), oldest: Math.max(0, Number(rows[0]?.oldest ?? 0)) }))
        .catch(() => ({ due: Number.NaN, oldest: Number.NaN }))
        .finally(() => clearTimeout(timer));
      outbox = { at: now, value };
    }
    return outbox.value;
  };
  new client.Gauge({
    name: 'postcraft_outbox_due_rows',
    help: 'Notification deliveries due now (pending, their time come), all instances together',
    registers: [registry],
    async collect() {
      this.set((await readOutbox()).due);
    },
  });
  new client.Gauge({
    name: 'postcraft_outbox_oldest_due_seconds',
    help: 'Seconds since the longest-waiting due delivery became due (0 when none is due)',
    registers: [registry],
    async collect() {
      this.set((await readOutbox()).oldest);
    },
  });
  new client.Gauge({
    name: 'postcraft_db_pool_clients',
    help: 'Database connections of this process: total, idle, and queries waiting for one (PostgreSQL pool); the embedded database has one connection and no pool',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      if (handle.kind === 'postgres') {
        this.set({ state: 'total' }, handle.client.totalCount);
        this.set({ state: 'idle' }, handle.client.idleCount);
        this.set({ state: 'waiting' }, handle.client.waitingCount);
      } else this.set({ state: 'total' }, 1);
    },
  });
  new client.Gauge({
    name: 'postcraft_db_pool_max',
    help: 'The most connections this process opens (DATABASE_POOL_SIZE; 1 for the embedded database)',
    registers: [registry],
    collect() {
      this.set(handle.kind === 'postgres' ? handle.client.options.max : 1);
    },
  });

  const sink: MetricsSink = {
    lead: (kind: string, outcome: LeadOutcome) => leads.inc({ kind, outcome }),
    delivery: (channel: string, outcome: DeliveryOutcome) => deliveries.inc({ channel, outcome }),
    pageCountFlush: (rows: number, ok: boolean) => {
      const outcome = ok ? 'ok' : 'failed';
      flushes.inc({ outcome });
      flushRows.inc({ outcome }, rows);
    },
  };

  function finished(this: Tracked) {
    const began = this[startKey];
    if (began === undefined) return;
    this[startKey] = undefined;
    requests.done(this[routeKey] ?? routeIndex.other, this.statusCode, this.headersSent, (performance.now() - began) / 1000);
  }

  const tokenDigest = config.token ? crypto.createHash('sha256').update(config.token).digest() : undefined;

  function answer(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' }).end('GET or HEAD\n');
      return;
    }
    if (tokenDigest && !bearerMatches(req.headers.authorization, tokenDigest)) {
      res.writeHead(401, { 'WWW-Authenticate': 'Bearer realm="metrics"', 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' }).end('Unauthorized\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text) });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: Error) => {
        if (!res.headersSent) res.writeHead(500, { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(`metrics failed: ${err.message}\n`);
      },
    );
  }

  return {
    config,
    sink,
    registry,
    start(res, route) {
      const tracked = res as Tracked;
      tracked[routeKey] = routeIndex[route];
      tracked[startKey] = performance.now();
      res.on('close', finished);
    },
    route(res, route) {
      (res as Tracked)[routeKey] = routeIndex[route];
    },
    answer,
    listen: () => {
      if (config.port === undefined) return Promise.resolve(undefined);
      const server = http.createServer({ headersTimeout: 10_000, requestTimeout: 10_000, keepAliveTimeout: 5_000 }, (req, res) => {
        const path = (req.url ?? '/').split('?')[0];
        if (path === '/metrics') return answer(req, res);
        if (path === '/healthz' && (req.method === 'GET' || req.method === 'HEAD')) {
          res.writeHead(200, { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': 3 }).end(req.method === 'HEAD' ? undefined : 'ok\n');
          return;
        }
        res.writeHead(404, { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      });
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.port, config.host, () => {
          server.off('error', reject);
          server.unref();
          resolve(server);
        });
      });
    },
  };
}
