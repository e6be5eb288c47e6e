// Starts the production server as `npm start` does (`node --import tsx server/main.ts`, which builds
// first when the build is not of the current sources) on a free port, for benchmarks and suites;
// resolves when it is ready. Plain JavaScript with JSDoc types: imported by the .ts suites and tests
// and by the .mjs helpers alike.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** The command line of `npm start`, run as one process (signals, SIGKILL included, reach the server itself). */
export const serverCommand = [process.execPath, '--import', 'tsx', 'server/main.ts'];

/**
 * @typedef {{
 *   url: string;
 *   child: import('node:child_process').ChildProcessByStdio<null, import('node:stream').Readable, import('node:stream').Readable>;
 *   dataDir: string;
 *   output: () => string;
 *   stop: (signal?: NodeJS.Signals) => Promise<number | null>;
 * }} StartedServer
 */

/**
 * @param {Record<string, string | undefined>} [env]
 * @param {{ quiet?: boolean; timeoutMs?: number }} [options]
 * @returns {Promise<StartedServer>}
 */
export function startServer(env = {}, { quiet = true, timeoutMs = Number(process.env.SERVER_START_TIMEOUT_MS) || 120_000 } = {}) {
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'postcraft-bench-'));
  const [command, ...args] = serverCommand;
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
    if (!quiet) process.stdout.write(d);
  });
  child.stderr.on('data', (d) => {
    out += d;
    if (!quiet) process.stderr.write(d);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL'); // not left running when it is given up on
      reject(new Error(`server did not start within ${timeoutMs / 1000} s:\n${out}`));
    }, timeoutMs);
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
    child.stdout.on('data', () => {
      const m = out.match(/ready on (https?):\/\/[^:]+:(\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve({
          url: `${m[1]}://127.0.0.1:${m[2]}`,
          child,
          dataDir,
          output: () => out,
          stop: (signal = 'SIGTERM') =>
            new Promise((r) => {
              if (child.exitCode !== null) return r(child.exitCode);
              child.removeAllListeners('exit');
              child.on('exit', (code) => r(code));
              child.kill(signal);
            }),
        });
      }
    });
  });
}
