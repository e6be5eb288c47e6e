// A throwaway PostgreSQL cluster on its own port (default 55432, TEMP_PG_PORT), for suites that stop
// and start the database (test:faults) without touching the machine's shared server. Needs the
// PostgreSQL server binaries (Debian: apt-get install -y postgresql); run as root, the cluster runs as
// the `postgres` user. Destroyed at clean-up (bench-env.ts); a cluster left by a run that was killed
// with SIGKILL is stopped and removed by the next run.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { onCleanup } from './bench-env';

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

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM';
  }
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
    if (alive(owner)) continue;
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
