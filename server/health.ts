// The load balancer's two questions (docs/deploy.md, "Health checks"), answered before anything else:
//   GET|HEAD /healthz  liveness: 200 `ok` while the process serves; no database work.
//   GET|HEAD /readyz   readiness: 200 `ready` when the database answers `select 1` within READY_TIMEOUT_MS
//                      (1000) and this process is not draining; else 503 with the reason (`draining`,
//                      `database: ...`). The migrations were applied and checked before the server
//                      listened (serve.ts refuses to start otherwise), so that is remembered, not read
//                      again. One check at a time, its answer kept READY_CACHE_MS (1000): a flood of
//                      probes costs at most one query a second.
// Both: `Cache-Control: no-store`, plain text, never counted as a page view, never logged.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Queryable } from '@/lib/db/connection';

export const healthPaths = new Set(['/healthz', '/readyz']);

export type Health = {
  /** Answers /healthz or /readyz (the caller checked the path). */
  answer: (req: IncomingMessage, res: ServerResponse, path: string) => void;
  /** From now on /readyz answers 503 `draining` (SIGTERM). */
  drain: () => void;
  readonly draining: boolean;
  /** Whether /readyz has been asked at least once (a load balancer is watching). */
  readonly probed: boolean;
};

export function createHealth(db: Queryable, { timeoutMs = 1000, cacheMs = 1000 }: { timeoutMs?: number; cacheMs?: number } = {}): Health {
  let draining = false;
  let probed = false;
  let last: { at: number; problem: string | undefined } | undefined;
  let checking: Promise<string | undefined> | undefined;

  /** The database's problem, or undefined when it answered in time. */
  function checkDatabase(): Promise<string | undefined> {
    if (last && performance.now() - last.at < cacheMs) return Promise.resolve(last.problem);
    checking ??= new Promise<string | undefined>((resolve) => {
      const timer = setTimeout(() => resolve(`database: no answer within ${timeoutMs} ms`), timeoutMs);
      db.query('select 1').then(
        () => resolve(undefined),
        (err: Error | undefined) => resolve(`database: ${String(err?.message ?? err).split('\n')[0].slice(0, 200)}`),
      ).finally(() => clearTimeout(timer));
    }).then((problem) => {
      last = { at: performance.now(), problem };
      checking = undefined;
      return problem;
    });
    return checking;
  }

  function send(req: IncomingMessage, res: ServerResponse, status: number, text: string) {
    const body = `${text}\n`;
    res.writeHead(status, { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  return {
    get draining() {
      return draining;
    },
    get probed() {
      return probed;
    },
    drain() {
      draining = true;
    },
    answer(req, res, path) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.setHeader('Allow', 'GET, HEAD');
        return send(req, res, 405, 'GET or HEAD');
      }
      if (path === '/healthz') return send(req, res, 200, 'ok');
      probed = true;
      if (draining) return send(req, res, 503, 'draining');
      void checkDatabase().then((problem) => {
        if (res.destroyed) return;
        if (draining) send(req, res, 503, 'draining');
        else if (problem) send(req, res, 503, problem);
        else send(req, res, 200, 'ready');
      });
    },
  };
}
