// Knows whether the build folder holds a production build of the current sources, and makes one when
// it does not (`npm start`, `npm run worker`, `db:migrate`, `staff:create` and the test suites run
// `node server/build.ts --if-needed`; `npm run build` always builds). A build is the site (`astro build`:
// dist/client, dist/server) and the programs of server/, bundled into plain JavaScript in dist/app: the
// HTTP server (main.mjs), the delivery worker (worker.mjs), the migrations (migrate.mjs) and the staff
// account command (create-staff.mjs), the email parser's worker thread (parse-worker.mjs), with the database migrations beside them. Production runs no
// TypeScript transpiler (tsx is a development dependency). This file runs with Node's own type stripping.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The build folder (ASTRO_OUT_DIR, as in astro.config.mjs). */
export const outDir = path.resolve(root, process.env.ASTRO_OUT_DIR || 'dist');

const inputs = ['src', 'public', 'server', 'astro.config.mjs', 'tsconfig.json', 'package-lock.json'];
/** The production server, built (`npm start` runs it). */
export const serverEntry = path.join(outDir, 'app', 'main.mjs');
/**
 * The programs of server/ that production runs, each built to dist/app/<name>.mjs: `npm start` runs main
 * (server/start.sh); `npm run worker`, `db:migrate`, `staff:create` and `db:copy-to-postgres` run the others (server/run.sh).
 */
export const programs = ['main', 'worker', 'migrate', 'create-staff', 'copy-to-postgres'] as const;
/** Modules the programs start as worker threads, built beside them: the email parser (lib/conversations/parse-mail.ts). */
const threads = ['src/lib/conversations/parse-worker.ts'];
const stampFile = path.join(outDir, 'source-hash');

function walk(p: string, files: string[]) {
  if (!fs.existsSync(p)) return;
  if (fs.statSync(p).isDirectory()) {
    for (const name of fs.readdirSync(p).sort()) walk(path.join(p, name), files);
  } else files.push(p);
}

/** A hash of every build input, and of SITE_URL (canonical links and the sitemap are built with it). */
export function sourceHash(): string {
  const files: string[] = [];
  for (const input of inputs) walk(path.join(root, input), files);
  const hash = crypto.createHash('sha256');
  for (const file of files) {
    hash.update(path.relative(root, file));
    hash.update(fs.readFileSync(file));
  }
  hash.update(process.env.SITE_URL ?? '');
  return hash.digest('hex');
}

export function buildIsCurrent(): boolean {
  if (!fs.existsSync(path.join(outDir, 'server', 'entry.mjs'))) return false;
  if ([...programs, ...threads.map((t) => path.basename(t, '.ts'))].some((name) => !fs.existsSync(path.join(outDir, 'app', `${name}.mjs`)))) return false;
  try {
    return fs.readFileSync(stampFile, 'utf8') === sourceHash();
  } catch {
    return false;
  }
}

/**
 * Bundles the programs of server/ and what they import of src/lib (packages stay imports of node_modules),
 * the code they share in chunks beside them. main.mjs sets the environment, then loads the rest, a chunk
 * (its imports, React's among them, run when it loads, after NODE_ENV is set); server/run.sh sets NODE_ENV
 * for the others before Node starts. The migrations go beside them, where lib/db/migrate.ts looks for them.
 */
function bundleServer(): void {
  const app = path.dirname(serverEntry);
  fs.rmSync(app, { recursive: true, force: true });
  buildSync({
    entryPoints: [...programs.map((name) => path.join(root, 'server', `${name}.ts`)), ...threads.map((t) => path.join(root, t))],
    outdir: path.dirname(serverEntry),
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'),
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  fs.cpSync(path.join(root, 'src', 'lib', 'db', 'migrations'), path.join(app, 'migrations'), { recursive: true });
}

/** Runs `astro build` and bundles the server; exits the process when it fails. */
export function build(): void {
  console.log('Building the site (astro build)...');
  const hash = sourceHash();
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error('postcraft: the build failed (see above).');
    process.exit(result.status ?? 1);
  }
  try {
    bundleServer();
  } catch (err) {
    console.error(`postcraft: bundling the server failed: ${(err as Error).message}`);
    process.exit(1);
  }
  fs.writeFileSync(stampFile, hash);
}

export function buildIfNeeded({ quiet = false } = {}): void {
  if (buildIsCurrent()) {
    if (!quiet) console.log('Production build is current.');
    return;
  }
  build();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  if (process.argv.includes('--if-needed')) buildIfNeeded({ quiet: process.argv.includes('--quiet') });
  else build();
}
