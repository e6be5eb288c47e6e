import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadForm, submitFormJs } from '../support/form-client';
import { formPages, validValues } from '../support/bulk-leads';
import { startServer, type StartedServer } from '../support/start-server';
import { createTempPostgres } from '../support/vitest-databases';

// The Prometheus endpoint (server/metrics.ts; docs/deploy.md "Metrics"): protected by a token on the site's
// port, or on a port of its own. (Off, /metrics is a 404: health-drain.test.ts.) On PostgreSQL when
// DATABASE_URL is set, else on the embedded database.

const token = 'test-metrics-token-0123456789abcdef';
const metricNames = [
  'postcraft_http_requests_total',
  'postcraft_http_request_duration_seconds_bucket',
  'postcraft_leads_total',
  'postcraft_outbox_due_rows',
  'postcraft_outbox_oldest_due_seconds',
  'postcraft_deliveries_total',
  'postcraft_page_count_flushes_total',
  'postcraft_page_count_flush_rows_total',
  'postcraft_db_pool_clients',
  'postcraft_db_pool_max',
  'process_cpu_seconds_total',
  'nodejs_eventloop_lag_seconds',
];

/** The value of one sample line (`name{labels} value`), undefined when absent. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe('metrics with METRICS_TOKEN', () => {
  let server: StartedServer | undefined;
  let temp: Awaited<ReturnType<typeof createTempPostgres>>;
  beforeAll(async () => {
    temp = await createTempPostgres();
    server = await startServer({ DATABASE_URL: temp?.url ?? '', METRICS_TOKEN: token, PAGE_VIEWS_FLUSH_MS: '200' });
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
    await temp?.drop();
  });

  const scrape = (headers: Record<string, string> = {}) => fetch(`${server!.url}/metrics`, { headers });

  it('refuses an anonymous scrape and a wrong token (401), in constant time by design', async () => {
    const anonymous = await scrape();
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect((await scrape({ Authorization: `Bearer ${token}x` })).status).toBe(401);
    expect((await scrape({ Authorization: `Basic ${Buffer.from(`x:${token}`).toString('base64')}` })).status).toBe(401);
    expect((await scrape({ Authorization: 'Bearer' })).status).toBe(401);
  });

  it('serves every metric to the token, and counts a lead post, its request and the page counts', async () => {
    const first = await scrape({ Authorization: `Bearer ${token}` });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const before = await first.text();
    for (const name of metricNames) expect(before, name).toMatch(new RegExp(`^${name}[ {]`, 'm'));
    expect(sample(before, 'postcraft_leads_total{kind="contact",outcome="stored"}')).toBe(0);
    expect(sample(before, 'postcraft_outbox_due_rows')).toBe(0);
    expect(sample(before, 'postcraft_outbox_oldest_due_seconds')).toBe(0);

    const form = await loadForm(server!.url, formPages.contact.path, formPages.contact.pick);
    const answer = await submitFormJs(form, validValues('contact'));
    expect(answer.status).toBe(200);
    // A page view, written within the flush interval (200 ms here).
    const page = await fetch(`${server!.url}/pricing`, { headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/142.0.0.0 Safari/537.36' } });
    expect(page.status).toBe(200);
    await new Promise((r) => setTimeout(r, 800));

    const after = await (await scrape({ Authorization: `Bearer ${token}` })).text();
    expect(sample(after, 'postcraft_leads_total{kind="contact",outcome="stored"}')).toBe(1);
    expect(sample(after, 'postcraft_leads_total{kind="contact",outcome="held"}')).toBe(0);
    expect(sample(after, 'postcraft_http_requests_total{route="lead_json",status="2xx"}')).toBe(1);
    expect(sample(after, 'postcraft_http_requests_total{route="api",status="2xx"}')).toBeGreaterThanOrEqual(1); // the challenge
    expect(sample(after, 'postcraft_http_requests_total{route="static",status="2xx"}')).toBeGreaterThanOrEqual(2);
    expect(sample(after, 'postcraft_http_requests_total{route="health",status="4xx"}')).toBeGreaterThanOrEqual(4); // the refused scrapes
    expect(sample(after, 'postcraft_http_request_duration_seconds_count{route="lead_json"}')).toBe(1);
    expect(sample(after, 'postcraft_http_request_duration_seconds_bucket{route="lead_json",le="+Inf"}')).toBe(1);
    expect(sample(after, 'postcraft_page_count_flushes_total{outcome="ok"}')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'postcraft_page_count_flush_rows_total{outcome="ok"}')).toBeGreaterThanOrEqual(1);
    // No raw path is ever a label.
    expect(after).not.toMatch(/route="\//);
    // Without SMTP_URL or WEBHOOK_URL no delivery is queued.
    expect(sample(after, 'postcraft_outbox_due_rows')).toBe(0);
    expect(sample(after, `postcraft_db_pool_clients{state="total"}`)).toBeGreaterThanOrEqual(1);
  });
});

describe('metrics with METRICS_PORT', () => {
  let server: StartedServer | undefined;
  let temp: Awaited<ReturnType<typeof createTempPostgres>>;
  beforeAll(async () => {
    temp = await createTempPostgres();
    server = await startServer({ DATABASE_URL: temp?.url ?? '', METRICS_PORT: '0' });
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
    await temp?.drop();
  });

  it('serves /metrics on its own listener (127.0.0.1), and the site\'s port has none (404)', async () => {
    const m = /metrics on (http:\/\/127\.0\.0\.1:\d+\/metrics)/.exec(server!.output());
    expect(m).not.toBeNull();
    expect((await fetch(`${server!.url}/metrics`)).status).toBe(404);
    const own = await fetch(m![1]);
    expect(own.status).toBe(200);
    expect(await own.text()).toMatch(/^postcraft_http_requests_total/m);
    expect((await fetch(new URL('/healthz', m![1]))).status).toBe(200);
  });
});
