// What a suite or bench makes (temporary folders, databases, clusters, server processes) is registered
// here as it is made and removed at exit: on success, on failure, on an exception and on Ctrl-C.
// The signal handlers are installed by the first registration, so that importing this module (as the
// vitest and Playwright tests do) changes nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const cleanups = new Map<number, { what: string; fn: () => unknown }>();
let nextId = 0;
let cleaning: Promise<void> | null = null;
let handlersInstalled = false;

function installSignalHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  let signalled = false;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (signalled) return;
      signalled = true;
      console.error(`\n${signal}: stopping and cleaning up...`);
      const force = setTimeout(() => process.exit(130), 20_000);
      force.unref();
      void cleanUp().finally(() => process.exit(130));
    });
  }
}

/** Registers `fn` to run at exit (last registered runs first); returns a function that unregisters it. */
export function onCleanup(what: string, fn: () => unknown): () => boolean {
  installSignalHandlers();
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

/** A temporary folder, removed at clean-up. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `postcraft-${prefix}-`));
  onCleanup(`folder ${dir}`, () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Whether process `pid` still runs (a leftover of a run whose process is gone may be removed). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
