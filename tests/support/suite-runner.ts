// What the suites (bench:load, test:faults, test:hostile) and the benches share: the environment of the
// servers they start, command-line numbers, PASS/FAIL checks, tables of figures, and `runSuite`, which
// builds first when needed, runs the suite, cleans up and exits non-zero when a check failed.
import { buildIfNeeded } from '../../server/build';
import { cleanUp } from './cleanup';

process.env.ASTRO_TELEMETRY_DISABLED = '1';

/** Every request of a suite comes from 127.0.0.1: the per-IP submission limits are off (0) unless a check is about them. */
export const benchEnv = {
  LOG_LEVEL: 'error',
  // A light proof of work: the suites' clients solve one per JSON post (a browser solves the default
  // 20,000 hashes while its visitor types); the server's check costs the same whatever the work.
  SPAM_PROOF_WORK: '200',
  LEADS_RATE_LIMIT_PER_FORM: '0',
  LEADS_RATE_LIMIT_TOTAL: '0',
  // and so is the limit of /api/challenge (60 a minute per address): a suite's clients fetch one per post.
  CHALLENGE_RATE_LIMIT: '0',
};

/** The production limits (5 per form, 30 in all, per minute), for the shared-limit check. */
export function limitEnvForTest(): { env: Record<string, string>; perFormLimit: number } {
  return {
    env: { LOG_LEVEL: 'error', LEADS_RATE_LIMIT_PER_FORM: '5', LEADS_RATE_LIMIT_TOTAL: '30', LEADS_RATE_LIMIT_WINDOW: '60' },
    perFormLimit: 5,
  };
}

// ---- arguments, checks and figures -------------------------------------------------------------------

/** `--name value` from the command line, else the environment variable `envName` (when given), else the fallback. */
export function numberArg(name: string, fallback: number, envName?: string): number {
  const i = process.argv.indexOf(`--${name}`);
  const raw = i > 0 ? process.argv[i + 1] : envName ? process.env[envName] : undefined;
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) {
    console.error(`--${name}${envName ? ` (${envName})` : ''} must be a positive whole number, not "${raw}"`);
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
