// A fresh database on a PostgreSQL server for one run of a suite, dropped afterwards (also on failure
// and Ctrl-C, through the clean-up registry of bench-env.ts). Names are
// `${BENCH_DB_PREFIX:-postcraft_}${prefix}_${pid}_${time}`; databases of earlier runs whose process is
// gone (a run killed with SIGKILL) are dropped when the next run starts.
import pg from 'pg';
import { onCleanup } from './bench-env';

const namePrefix = () => (process.env.BENCH_DB_PREFIX || 'postcraft_').replace(/[^a-z0-9_]/gi, '').toLowerCase();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM';
  }
}

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

export async function createTempDatabase(url: string, prefix: string): Promise<TempDatabase> {
  const serverUrl = serverUrlOf(url);
  const base = `${namePrefix()}${prefix}_`;
  const name = `${base}${process.pid}_${Date.now()}`;
  await withAdmin(serverUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${base.replace(/_/g, '\\_')}%`]);
    for (const { datname } of rows) {
      const pid = Number(datname.slice(base.length).split('_')[0]);
      if (Number.isInteger(pid) && pid > 0 && !alive(pid)) await admin.query(`drop database if exists "${datname}" with (force)`).catch(() => {});
    }
    await admin.query(`create database "${name}"`);
  });
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${name}`;
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await withAdmin(serverUrl, async (admin) => {
      await admin.query(`drop database if exists "${name}" with (force)`);
    });
  };
  onCleanup(`database ${name}`, drop);
  return { name, url: dbUrl.href, drop };
}
