// Knows whether the build folder holds a production build of the current sources, and makes one when
// it does not (`npm start` and the test suites call `buildIfNeeded`; `npm run build` always builds).
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The build folder (ASTRO_OUT_DIR, as in astro.config.mjs). */
export const outDir = path.resolve(root, process.env.ASTRO_OUT_DIR || 'dist');

const inputs = ['src', 'public', 'astro.config.mjs', 'tsconfig.json', 'package-lock.json'];
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
  try {
    return fs.readFileSync(stampFile, 'utf8') === sourceHash();
  } catch {
    return false;
  }
}

/** Runs `astro build`; exits the process when it fails. */
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
  if (process.argv.includes('--if-needed')) buildIfNeeded();
  else build();
}
