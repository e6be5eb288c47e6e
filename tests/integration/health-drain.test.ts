import http from 'node:http';
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '@/lib/db/connection';
import { endpointUrl, loadForm, tokenFieldNames, type Form } from '../support/form-client';
import { formPages, validValues } from '../support/bulk-leads';
import { solvedProof } from '../support/proof';
import { startServer, type StartedServer } from '../support/start-server';
import { createTempPostgres, query, tempDir } from '../support/vitest-databases';

// Health checks and the graceful drain (server/health.ts, `stop` in server/serve.ts; docs/deploy.md): the
// production server on PostgreSQL when DATABASE_URL is set, else on the embedded database.

const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const hookSecret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };
function request(base: string, path: string, { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, base), { method, agent: false, headers: { 'user-agent': browser, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A lead form's JSON post body, as the page's script sends it (a fresh token, a solved proof of work). */
async function leadBody(base: string, form: Form): Promise<string> {
  const body = new URLSearchParams();
  for (const name of tokenFieldNames(form)) body.append(name, randomUUID());
  for (const [name, value] of Object.entries(validValues('contact'))) body.append(name, value);
  body.append('proof', await solvedProof(base));
  return body.toString();
}

/** A receiver of webhooks that takes each request and never answers it (a send in flight at shutdown). */
function hangingReceiver() {
  const got: string[] = [];
  const server = http.createServer((req) => {
    got.push(String(req.headers['webhook-id'] ?? ''));
    req.resume();
  });
  return new Promise<{ url: string; got: string[]; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/hook`,
        got,
        close: () => {
          server.closeAllConnections();
          server.close();
        },
      });
    }),
  );
}

describe('health checks and a graceful drain on SIGTERM', () => {
  let server: StartedServer | undefined;
  let temp: Awaited<ReturnType<typeof createTempPostgres>>;
  let hooks: Awaited<ReturnType<typeof hangingReceiver>>;
  const dataDir = tempDir('postcraft-drain-');
  let exitCode: number | null | undefined;

  beforeAll(async () => {
    temp = await createTempPostgres();
    hooks = await hangingReceiver();
    server = await startServer({
      DATA_DIR: dataDir,
      DATABASE_URL: temp?.url ?? '',
      DRAIN_DELAY_MS: '1500',
      SHUTDOWN_TIMEOUT_MS: '4000',
      // The counts stay in memory until the shutdown writes them.
      PAGE_VIEWS_FLUSH_MS: '600000',
      WEBHOOK_URL: hooks.url,
      WEBHOOK_SECRET: hookSecret,
      SITE_URL: '',
    });
  }, 300_000);

  afterAll(async () => {
    if (server && exitCode === undefined) await server.stop('SIGKILL');
    hooks?.close();
    await temp?.drop();
  });

  it('/healthz and /readyz: 200, plain text, no-store, HEAD too; other methods 405; /metrics is a 404 with metrics off; none in the sitemap', async () => {
    const base = server!.url;
    const live = await request(base, '/healthz');
    expect([live.status, live.body, live.headers['cache-control'], live.headers['content-type']]).toEqual([200, 'ok\n', 'no-store', 'text/plain; charset=utf-8']);
    const ready = await request(base, '/readyz');
    expect([ready.status, ready.body, ready.headers['cache-control']]).toEqual([200, 'ready\n', 'no-store']);
    for (const path of ['/healthz', '/readyz']) {
      const head = await request(base, path, { method: 'HEAD' });
      expect([head.status, head.body]).toEqual([200, '']);
      const post = await request(base, path, { method: 'POST' });
      expect([post.status, post.headers.allow]).toEqual([405, 'GET, HEAD']);
    }
    // A query string and a foreign Host change nothing (a load balancer probes 127.0.0.1 with its own Host).
    expect((await request(base, '/readyz?probe=1', { headers: { host: 'lb.internal:9999' } })).status).toBe(200);
    expect((await request(base, '/metrics')).status).toBe(404);
    const sitemap = await request(base, '/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.body).not.toMatch(/healthz|readyz|metrics/);
  });

  it('SIGTERM: not ready at once, serves through the delay, then refuses connections; the request in flight completes 200; exit 0', async () => {
    const base = server!.url;
    const port = Number(new URL(base).port);
    // Page views before the signal (3 of /, and probes that must not count).
    for (let i = 0; i < 3; i++) expect((await request(base, '/')).status).toBe(200);
    for (let i = 0; i < 3; i++) await request(base, '/healthz');

    // A lead whose webhook the receiver takes and never answers: a delivery claimed and in flight.
    const form = await loadForm(base, formPages.contact.path, formPages.contact.pick);
    // (loadForm's fetch says `node`, a script's agent: not a view.) One more view of /: 4 expected below.
    expect((await request(base, '/')).status).toBe(200);
    const endpoint = new URL(endpointUrl(form));
    const posted = await fetch(endpoint, { method: 'POST', body: await leadBody(base, form), headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base, 'User-Agent': browser } });
    expect(posted.status).toBe(200);
    for (let i = 0; i < 100 && hooks.got.length === 0; i++) await sleep(100);
    expect(hooks.got).toHaveLength(1);

    // A slow client: headers and half its body sent before the signal, the rest after the listener closed.
    const body = Buffer.from(await leadBody(base, form));
    const slow = net.connect(port, '127.0.0.1');
    await new Promise((r) => slow.once('connect', r));
    let answer = '';
    slow.on('data', (d) => (answer += d));
    const answered = new Promise<void>((r) => slow.on('end', () => r()));
    slow.write(
      `POST ${endpoint.pathname} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${base}\r\nUser-Agent: ${browser}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n`,
    );
    slow.write(body.subarray(0, 20));
    await sleep(200);

    const exit = new Promise<number | null>((resolve) => {
      server!.child.removeAllListeners('exit');
      server!.child.on('exit', (code) => resolve(code));
    });
    const signalled = Date.now();
    server!.child.kill('SIGTERM');
    await sleep(100);
    const draining = await request(base, '/readyz');
    expect([draining.status, draining.body]).toEqual([503, 'draining\n']);
    expect((await request(base, '/healthz')).status).toBe(200);
    // Still serving pages during the delay (not counted: a crawler's agent).
    expect((await request(base, '/pricing', { headers: { 'user-agent': 'curl/8.0' } })).status).toBe(200);

    // New connections are refused once the delay is over, not before.
    let refusedAt: number | undefined;
    while (refusedAt === undefined && Date.now() - signalled < 8000) {
      try {
        await request(base, '/healthz');
        await sleep(50);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ECONNREFUSED') refusedAt = Date.now();
        else throw err;
      }
    }
    expect(refusedAt).toBeDefined();
    expect(refusedAt! - signalled).toBeGreaterThanOrEqual(1400);

    // The request in flight finishes with its answer, and its kept-alive connection is closed after it.
    slow.write(body.subarray(20));
    await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    exitCode = await exit;
    expect(exitCode).toBe(0);
    expect(server!.output()).toContain('postcraft: stopped (SIGTERM)');
  }, 60_000);

  describe('after the exit', () => {
    let handle: DbHandle | undefined;
    beforeAll(async () => {
      if (exitCode === undefined) return;
      handle = await openDatabase(temp ? { databaseUrl: temp.url } : { dataDir, databaseUrl: '' });
    });
    afterAll(async () => handle?.close());

    it('the page counts buffered before SIGTERM are in the database; the probes were never counted', async ({ skip }) => {
      if (!handle) return skip('the server did not stop');
      const rows = await query<{ path: string; views: number }>(handle, 'select path, sum(views)::int as views from page_views group by path order by path');
      expect(rows).toEqual([{ path: '/', views: 4 }]);
    });

    it('both leads are stored; the delivery claimed and unfinished is claimable at once by another loop', async ({ skip }) => {
      if (!handle) return skip('the server did not stop');
      expect(await query(handle, 'select count(*)::int as n from contact_messages')).toEqual([{ n: 2 }]);
      const rows = await query<{ status: string; locked_until: Date | null; attempts: number }>(
        handle,
        `select status, locked_until, attempts from notification_outbox where channel = 'webhook' order by created_at`,
      );
      expect(rows.map((r) => [r.status, r.locked_until])).toEqual([
        ['pending', null],
        ['pending', null],
      ]);
      expect(rows[0].attempts).toBe(1);
      // The claim of another loop (lib/notify/loop.ts), now: it takes both, though the lease was 2 minutes.
      const claimed = await query(
        handle,
        `update notification_outbox set locked_until = now() + interval '1 minute', claim_token = gen_random_uuid()
          where id in (select id from notification_outbox where status = 'pending' and next_attempt_at <= now()
                         and (locked_until is null or locked_until < now()) for update skip locked)
          returning id`,
      );
      expect(claimed).toHaveLength(2);
    });
  });
});
