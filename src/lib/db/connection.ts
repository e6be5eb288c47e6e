// Opening the database, shared by the server (server/serve.ts, through lib/db/client.ts), the scripts
// (`npm run db:migrate`, `npm run worker`, `npm run staff:create`) and the tests.
//
// DATABASE_URL set   -> a `pg` pool on that PostgreSQL server.
// DATABASE_URL unset -> PGlite (embedded PostgreSQL) persisted under DATA_DIR (default ./data),
//                      guarded by a lock file so that a second process cannot open it too.
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';

/** A configuration problem: the message is one line meant for the operator, with no stack trace. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** What both kinds of client can do: run a statement with positional parameters and return its rows. */
export type Queryable = {
  // Rows are whatever the statement selects; each caller states what it expects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query(sql: string, params?: unknown[]): Promise<{ rows: any[] }>;
};

type HandleBase = { describe: string; close: () => Promise<void> };
export type PgliteHandle = HandleBase & { kind: 'pglite'; client: PGlite };
export type PostgresHandle = HandleBase & { kind: 'postgres'; client: Pool };
/** An open database: the embedded one or a pool on a PostgreSQL server. */
export type DbHandle = PgliteHandle | PostgresHandle;

/** The handle's client as a plain `Queryable` (both kinds answer `query(sql, params)` with `{ rows }`). */
export function queryable(handle: DbHandle): Queryable {
  return handle.client as Queryable;
}

export function parseDatabaseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('DATABASE_URL is not a valid URL (expected postgres://user@host:port/database).');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(`DATABASE_URL must start with postgres:// or postgresql://, not ${url.protocol}//.`);
  }
  if (!url.hostname) throw new ConfigError('DATABASE_URL has no host name.');
  return url;
}

type ErrorLike = { code?: string; message?: string };

function describePgError(err: unknown, url: URL): string {
  const e = (err ?? {}) as ErrorLike;
  const where = `${url.hostname}:${url.port || 5432}`;
  const db = url.pathname.replace(/^\//, '') || '(default)';
  switch (e.code) {
    case 'ECONNREFUSED':
      return `cannot connect to PostgreSQL at ${where}: connection refused (is the server running?)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot connect to PostgreSQL: host "${url.hostname}" not found`;
    case 'ETIMEDOUT':
      return `cannot connect to PostgreSQL at ${where}: timed out`;
    case '28P01':
    case '28000':
      return `PostgreSQL at ${where} rejected user "${decodeURIComponent(url.username) || '(none)'}": ${e.message}`;
    case '3D000':
      return `PostgreSQL at ${where} has no database "${db}"`;
    default:
      if (/timeout/i.test(e.message ?? '')) return `cannot connect to PostgreSQL at ${where}: timed out`;
      return `cannot connect to PostgreSQL at ${where}: ${e.message ?? String(err)}`;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as ErrorLike).code === 'EPERM';
  }
}

/** Takes the lock file of an embedded database directory, or explains who holds it; returns the release. */
function acquireLock(dir: string): () => void {
  const lockPath = path.join(dir, 'postmaster.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as ErrorLike).code !== 'EEXIST') throw err;
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && processAlive(holder)) {
        throw new ConfigError(
          `the embedded database in ${dir} is in use by another process (pid ${holder}); stop it, or set DATA_DIR to another folder`,
        );
      }
      fs.rmSync(lockPath, { force: true }); // stale: its process is gone
    }
  }
  throw new ConfigError(`could not lock the embedded database in ${dir}`);
}

export type OpenOptions = { databaseUrl?: string; dataDir?: string };

export async function openDatabase(options: OpenOptions = {}): Promise<DbHandle> {
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL?.trim();
  if (databaseUrl) {
    const url = parseDatabaseUrl(databaseUrl);
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: Number(process.env.DATABASE_POOL_SIZE) || 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30000,
    });
    pool.on('error', () => {}); // an idle client's error must not crash the server; queries report their own
    // Nor must the error of a connection the pool is closing (idle too long, or at `end()`): the pool forgets
    // it before it has closed, and a server that ends it then (a restart, a dropped database) would otherwise
    // raise an 'error' nobody listens to.
    pool.on('connect', (client) => client.on('error', () => {}));
    try {
      await pool.query('select 1');
    } catch (err) {
      await pool.end().catch(() => {});
      throw new ConfigError(describePgError(err, url));
    }
    return {
      kind: 'postgres',
      client: pool,
      describe: `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`,
      close: () => pool.end(),
    };
  }

  const dataDir = path.resolve(options.dataDir ?? process.env.DATA_DIR?.trim() ?? './data');
  const dir = path.join(dataDir, 'pglite');
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (err) {
    throw new ConfigError(`cannot create the data folder ${dir}: ${(err as Error).message}`);
  }
  const release = acquireLock(dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    // pg_trgm: the inbox's search index (migration 0015).
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    // Memory (issue 20): PostgreSQL's default 128 MB of shared buffers live inside PGlite's WebAssembly
    // memory, which only grows. 16 MB keeps a small site's working set and saves about 110 MB resident
    // (README, "Current figures"); the WebAssembly heap cannot start below its 128 MB minimum.
    const client = await PGlite.create(dir, {
      extensions: { pg_trgm },
      postgresqlconf: ['shared_buffers = 16MB', 'work_mem = 2MB', 'maintenance_work_mem = 16MB', 'temp_buffers = 2MB'],
    });
    let closed = false;
    return {
      kind: 'pglite',
      client,
      describe: `embedded PostgreSQL (PGlite) in ${dir}`,
      close: async () => {
        if (closed) return;
        closed = true;
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    if (err instanceof ConfigError) throw err;
    throw new ConfigError(`cannot open the embedded database in ${dir}: ${(err as Error).message}`);
  }
}
