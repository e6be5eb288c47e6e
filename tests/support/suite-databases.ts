// The suites' databases. Temporary PostgreSQL, removed at clean-up (cleanup.ts); what a run killed with
// SIGKILL left behind is removed by the next run, since every name carries the pid of its maker:
// - createTempDatabase: a fresh database on a server that stays up (DATABASE_URL's), named
//   `${BENCH_DB_PREFIX:-postcraft_}${prefix}_${pid}_${time}`.
// - createTempCluster: a cluster of its own on its own port (default 55432, TEMP_PG_PORT), for suites
//   that stop and start the database (test:faults) without touching the machine's shared server. Needs
//   the PostgreSQL server binaries (Debian: apt-get install -y postgresql); run as root, the cluster
//   runs as the `postgres` user.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, queryable } from '../../src/lib/db/connection';
import { onCleanup, processAlive } from './cleanup';

/** A query on a suite's database: its rows. */
export type Query = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;

/** `Query` over a pg pool. */
export const poolQuery = (pool: pg.Pool): Query => (async (sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows) as Query;

/**
 * The embedded database of a server's DATA_DIR, opened to read it back (only once its server has
 * stopped: it allows one process at a time); closed by `close` or at clean-up.
 */
export async function openEmbedded(dataDir: string): Promise<{ query: Query; close: () => Promise<void> }> {
  const handle = await openDatabase({ databaseUrl: '', dataDir });
  const release = onCleanup('embedded database', () => handle.close());
  return {
    query: (async (sql: string, params?: unknown[]) => (await queryable(handle).query(sql, params)).rows) as Query,
    close: async () => {
      await handle.close();
      release();
    },
  };
}

// ---- a database on a running server ----------------------------------------------------------------

const namePrefix = () => (process.env.BENCH_DB_PREFIX || 'postcraft_').replace(/[^a-z0-9_]/gi, '').toLowerCase();

async function withAdmin<T>(serverUrl: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  admin.on('error', () => {});
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end().catch(() => {});
  }
}

/** The maintenance database of the server of `url` (`postgres`), where databases are created from. */
export function serverUrlOf(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.href;
}

export type TempDatabase = { name: string; url: string; drop: () => Promise<void> };

/** The PostgreSQL server the suites make their databases on: DATABASE_URL's, else the local one. */
export const sharedServerUrl = (): string => process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Drops the database of `url` (its connections ended). */
export async function dropDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  await withAdmin(serverUrlOf(url), (admin) => admin.query(`drop database if exists "${name.replace(/"/g, '""')}" with (force)`));
}

/**
 * A new database on the server of `url`, named after its owner process (default this one): databases of
 * the same prefix whose owner is gone (a run killed before its cleanup) are dropped first. Dropped when
 * this process exits, unless `keep` (the owner drops it: `dropDatabase`).
 */
export async function createTempDatabase(prefix: string, url = sharedServerUrl(), { owner = process.pid, keep = false }: { owner?: number; keep?: boolean } = {}): Promise<TempDatabase> {
  const serverUrl = serverUrlOf(url);
  const base = `${namePrefix()}${prefix}_`;
  const name = `${base}${owner}_${Date.now()}`;
  await withAdmin(serverUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${base.replace(/_/g, '\\_')}%`]);
    for (const { datname } of rows) {
      const pid = Number(datname.slice(base.length).split('_')[0]);
      if (Number.isInteger(pid) && pid > 0 && !processAlive(pid)) await admin.query(`drop database if exists "${datname.replace(/"/g, '""')}" with (force)`).catch(() => {});
    }
    await admin.query(`create database "${name}"`);
  });
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${name}`;
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await dropDatabase(dbUrl.href);
  };
  if (!keep) onCleanup(`database ${name}`, drop);
  return { name, url: dbUrl.href, drop };
}


// ---- a cluster of its own -------------------------------------------------------------------------

function binDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (fs.existsSync(path.join(base, v, 'bin', 'initdb'))) return path.join(base, v, 'bin');
  throw new Error('the PostgreSQL server binaries (initdb, pg_ctl) were not found: apt-get install -y postgresql');
}

const asRoot = process.getuid?.() === 0;

type Run = (cmd: string, args: string[]) => Buffer;

function runner(bin: string): Run {
  return (cmd, args) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], { stdio: 'pipe', cwd: '/' })
      : execFileSync(path.join(bin, cmd), args, { stdio: 'pipe' });
}


/** Stops and removes clusters of earlier runs whose process is gone. */
function removeStale(run: Run): void {
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith('postcraft-pg-')) continue;
    const dir = path.join(os.tmpdir(), name);
    let owner: number;
    try {
      owner = Number(fs.readFileSync(path.join(dir, 'owner'), 'utf8'));
    } catch {
      continue;
    }
    if (processAlive(owner)) continue;
    try {
      if (fs.existsSync(path.join(dir, 'data', 'postmaster.pid'))) run('pg_ctl', ['-D', path.join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
    } catch {
      /* not running */
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

export type TempCluster = {
  url: string;
  port: number;
  start: () => void;
  stop: (mode?: 'immediate' | 'fast' | 'smart') => void;
  destroy: () => void;
};

export async function createTempCluster({ port = Number(process.env.TEMP_PG_PORT) || 55432 }: { port?: number } = {}): Promise<TempCluster> {
  const bin = binDir();
  const run = runner(bin);
  removeStale(run);
  // A stale cluster just stopped may hold its port for a moment longer.
  for (let i = 0; i < 20 && !(await portFree(port)); i++) await new Promise((r) => setTimeout(r, 500));
  if (!(await portFree(port))) throw new Error(`port ${port} is in use: the throwaway PostgreSQL cluster needs it (set TEMP_PG_PORT to another port)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postcraft-pg-'));
  fs.writeFileSync(path.join(dir, 'owner'), String(process.pid));
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'log');
  let running = false;
  const cluster: TempCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () => {
      const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
      run('pg_ctl', ['-D', data, '-o', opts, '-l', log, '-w', '-t', '60', 'start']);
      running = true;
    },
    stop: (mode = 'immediate') => {
      run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
      running = false;
    },
    destroy: () => {
      if (running) {
        try {
          cluster.stop();
        } catch {
          /* already stopped */
        }
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  onCleanup(`PostgreSQL cluster on port ${port}`, () => cluster.destroy());
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    cluster.start();
  } catch (caught) {
    const err = caught as Error & { stderr?: Buffer | string };
    const detail = String(err.stderr ?? '').trim() || (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(-2000) : '');
    throw new Error(`the throwaway PostgreSQL cluster did not start: ${err.message}\n${detail}`);
  }
  return cluster;
}
