// Shared by the load, fault and hostile suites (bench:load, test:faults, test:hostile):
// - the environment of the servers they start (every request comes from 127.0.0.1, so the per-IP
//   submission limits are off, 0, except where a suite tests them);
// - a clean-up registry: temporary folders, databases, clusters and server processes are registered
//   as they are made and removed on success, on failure, on an exception and on Ctrl-C (SIGINT/SIGTERM);
// - `runSuite`, which builds first when needed, runs the suite, prints its checks and exits non-zero
//   when one failed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded } from '../../server/build';
import { startServer, type StartedServer } from './spawn-server.mjs';

process.env.ASTRO_TELEMETRY_DISABLED = '1';

export const benchEnv = {
  LOG_LEVEL: 'error',
  LEADS_RATE_LIMIT_PER_FORM: '0',
  LEADS_RATE_LIMIT_TOTAL: '0',
};

/** The production limits (5 per form, 30 in all, per minute), for the shared-limit check. */
export function limitEnvForTest(): { env: Record<string, string>; perFormLimit: number } {
  return {
    env: { LOG_LEVEL: 'error', LEADS_RATE_LIMIT_PER_FORM: '5', LEADS_RATE_LIMIT_TOTAL: '30', LEADS_RATE_LIMIT_WINDOW: '60' },
    perFormLimit: 5,
  };
}

// ---- clean-up -------------------------------------------------------------------------------------

const cleanups = new Map<number, { what: string; fn: () => unknown }>();
let nextId = 0;
let cleaning: Promise<void> | null = null;

/** Registers `fn` to run at exit (last registered runs first); returns a function that unregisters it. */
export function onCleanup(what: string, fn: () => unknown): () => boolean {
  const id = ++nextId;
  cleanups.set(id, { what, fn });
  return () => cleanups.delete(id);
}

/** Runs every registered clean-up once, newest first; errors are reported, never thrown. */
export function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    const entries = [...cleanups.entries()].reverse();
    cleanups.clear();
    for (const [, { what, fn }] of entries) {
      try {
        await fn();
      } catch (err) {
        console.error(`clean-up of ${what} failed: ${(err as Error)?.message ?? err}`);
      }
    }
  })();
  return cleaning;
}

let signalled = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (signalled) return;
    signalled = true;
    console.error(`\n${signal}: stopping and cleaning up...`);
    const force = setTimeout(() => process.exit(130), 20_000);
    force.unref();
    void cleanUp().finally(() => process.exit(130));
  });
}

/** A temporary folder, removed at clean-up. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `postcraft-${prefix}-`));
  onCleanup(`folder ${dir}`, () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Starts the server as `npm start` does (server/main.ts) with `env` on a free port; the process is killed at clean-up
 * if it is still running. DATA_DIR defaults to a fresh temporary folder (removed at clean-up).
 */
export async function launch(
  env: Record<string, string | undefined> = {},
  options: { quiet?: boolean; timeoutMs?: number } = {},
): Promise<StartedServer> {
  const dataDir = env.DATA_DIR ?? tempDir('data');
  // A loaded machine can take minutes to start a server (it reads and compresses every built file first).
  const server = await startServer({ ...env, DATA_DIR: dataDir }, { timeoutMs: Number(process.env.SERVER_START_TIMEOUT_MS) || 300_000, ...options });
  const { child } = server;
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const stop = server.stop;
  // spawn-server's stop() waits for an exit that has already happened when the process was killed.
  const stopOnce = async (signal?: NodeJS.Signals): Promise<number | null> => (exited() ? child.exitCode : stop(signal));
  const unregister = onCleanup(`server pid ${child.pid}`, () => stopOnce('SIGKILL'));
  server.stop = async (signal?: NodeJS.Signals) => {
    const code = await stopOnce(signal);
    unregister();
    return code;
  };
  return server;
}

// ---- arguments, checks and figures -------------------------------------------------------------------

/** `--name value` from the command line, else the environment variable, else the fallback. */
export function numberArg(name: string, envName: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const raw = i > 0 ? process.argv[i + 1] : process.env[envName];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) {
    console.error(`--${name} (${envName}) must be a positive whole number, not "${raw}"`);
    process.exit(2);
  }
  return n;
}

export type CheckResult = { name: string; ok: boolean; detail: string };
export type Checks = {
  results: CheckResult[];
  check: (name: string, ok: unknown, detail?: string) => boolean;
  readonly failed: number;
};

export function createChecks(): Checks {
  const results: CheckResult[] = [];
  return {
    results,
    check(name: string, ok: unknown, detail = '') {
      results.push({ name, ok: Boolean(ok), detail });
      console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? `  (${detail})` : ''}`);
      return Boolean(ok);
    },
    get failed() {
      return results.filter((r) => !r.ok).length;
    },
  };
}

/** Prints rows (objects with the same keys) as an aligned text table. */
export function printTable(rows: Record<string, unknown>[]): void {
  if (!rows.length) return;
  const keys = Object.keys(rows[0]);
  const cells = [keys, ...rows.map((r) => keys.map((k) => String(r[k] ?? '')))];
  const widths = keys.map((_, i) => Math.max(...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  ');
  console.log(line(cells[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const c of cells.slice(1)) console.log(line(c));
}

export const percentile = (sorted: number[], p: number): number => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

/**
 * Runs a suite: builds the site first when the build is missing or stale (so that no server started
 * by the suite builds on its own), then `fn(checks)`; cleans up and exits 0 only when every check passed.
 */
export async function runSuite(name: string, fn: (checks: Checks) => Promise<void>): Promise<never> {
  const checks = createChecks();
  const started = Date.now();
  let code = 0;
  try {
    buildIfNeeded({ quiet: true });
    await fn(checks);
    if (!checks.results.length) throw new Error('no check ran');
    code = checks.failed ? 1 : 0;
  } catch (err) {
    console.error(`${name}: ${(err as Error)?.stack ?? err}`);
    code = 1;
  } finally {
    await cleanUp();
  }
  const secs = ((Date.now() - started) / 1000).toFixed(0);
  const { failed } = checks;
  console.log(`\n${name}: ${checks.results.length - failed} passed, ${failed} failed${code && !failed ? ', stopped by an error' : ''} (${secs} s)`);
  process.exit(code);
}
