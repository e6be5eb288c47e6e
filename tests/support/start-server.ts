// Starts the production server as `npm start` does (the build first when it is not of the current
// sources, then `node dist/app/main.mjs`) on a free port; resolves when it is ready.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded, serverEntry } from '../../server/build';
import { onCleanup, tempDir } from './cleanup';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Node's flags for the server, as `npm start` passes them (server/node-flags, read by server/start.sh);
 * SERVER_NODE_FLAGS replaces them (`SERVER_NODE_FLAGS= npm run bench:...` measures Node's defaults).
 */
export const serverNodeFlags = (process.env.SERVER_NODE_FLAGS ?? fs.readFileSync(path.join(root, 'server', 'node-flags'), 'utf8')).split(/\s+/).filter(Boolean);

/** The command line of the built server, run as one process (signals, SIGKILL included, reach the server itself). */
export const serverCommand = [process.execPath, ...serverNodeFlags, serverEntry];

export type StartedServer = {
  url: string;
  child: ChildProcessByStdio<null, Readable, Readable>;
  dataDir: string;
  /** Everything the server has printed so far. */
  output: () => string;
  /** Stops the server (SIGTERM unless told); resolves with its exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

export type ServerEnv = Record<string, string | undefined>;
export type StartOptions = { quiet?: boolean; timeoutMs?: number };

/**
 * BENCH_SERVER_ROOT: another checkout of the project (with its dependencies and its build), whose server a
 * benchmark starts instead of this one's, to measure two versions in one session. A checkout from before
 * the server was built into dist/app runs as it did then (`node --import tsx server/main.ts`).
 */
function serverToRun(): { cwd: string; command: string[] } {
  const other = process.env.BENCH_SERVER_ROOT;
  if (!other) {
    buildIfNeeded({ quiet: true });
    return { cwd: root, command: serverCommand };
  }
  const built = path.join(other, process.env.ASTRO_OUT_DIR || 'dist', 'app', 'main.mjs');
  return { cwd: other, command: fs.existsSync(built) ? [process.execPath, ...serverNodeFlags, built] : [process.execPath, '--import', 'tsx', 'server/main.ts'] };
}

export function startServer(env: ServerEnv = {}, { quiet = true, timeoutMs = Number(process.env.SERVER_START_TIMEOUT_MS) || 120_000 }: StartOptions = {}): Promise<StartedServer> {
  const run = serverToRun();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'postcraft-bench-'));
  const [command, ...args] = run.command;
  const child = spawn(command, args, {
    cwd: run.cwd,
    // A test client posts a form within milliseconds of fetching its challenge: no minimum time to fill
    // unless a test sets one (the spam cases of test:hostile do).
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SPAM_MIN_FILL_SECONDS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d;
    if (!quiet) process.stdout.write(d);
  });
  child.stderr.on('data', (d: Buffer) => {
    out += d;
    if (!quiet) process.stderr.write(d);
  });
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL'); // not left running when it is given up on
      reject(new Error(`server did not start within ${timeoutMs / 1000} s:\n${out}`));
    }, timeoutMs);
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
    child.stdout.on('data', () => {
      const m = out.match(/ready on (https?):\/\/[^:]+:(\d+)/);
      if (!m) return;
      clearTimeout(timer);
      resolve({
        url: `${m[1]}://127.0.0.1:${m[2]}`,
        child,
        dataDir,
        output: () => out,
        stop: (signal = 'SIGTERM') =>
          new Promise((r) => {
            // A process already gone (killed by a fault test) has nothing left to wait for.
            if (exited()) return r(child.exitCode);
            child.removeAllListeners('exit');
            child.on('exit', (code) => r(code));
            child.kill(signal);
          }),
      });
    });
  });
}

/**
 * A server for a suite: killed at clean-up if it still runs, its DATA_DIR a temporary folder (removed at
 * clean-up) unless given. A loaded machine can take minutes to start one (it reads and compresses every
 * built file first), hence the long default wait.
 */
export async function launch(env: ServerEnv = {}, options: StartOptions = {}): Promise<StartedServer> {
  const dataDir = env.DATA_DIR ?? tempDir('data');
  const server = await startServer({ ...env, DATA_DIR: dataDir }, { timeoutMs: Number(process.env.SERVER_START_TIMEOUT_MS) || 300_000, ...options });
  const stop = server.stop;
  const unregister = onCleanup(`server pid ${server.child.pid}`, () => stop('SIGKILL'));
  server.stop = async (signal?: NodeJS.Signals) => {
    const code = await stop(signal);
    unregister();
    return code;
  };
  return server;
}
