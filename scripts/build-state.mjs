// Knows whether .next holds a production build of the current sources.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// server/ is an input too: app/api/leads/[name]/route.ts imports server/request-guards.mjs.
const inputs = ['app', 'components', 'content', 'lib', 'public', 'server', 'instrumentation.ts', 'next.config.ts', 'proxy.ts', 'postcss.config.mjs', 'tsconfig.json', 'package-lock.json'];
const stampFile = path.join(root, '.next', 'source-hash');

function walk(p, files) {
  if (!fs.existsSync(p)) return;
  const stat = fs.statSync(p);
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(p).sort()) walk(path.join(p, name), files);
  } else files.push(p);
}

export function sourceHash() {
  const files = [];
  for (const input of inputs) walk(path.join(root, input), files);
  const hash = crypto.createHash('sha256');
  for (const file of files) {
    hash.update(path.relative(root, file));
    hash.update(fs.readFileSync(file));
  }
  hash.update(process.env.SITE_URL ?? '');
  return hash.digest('hex');
}

export function buildIsCurrent() {
  if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) return false;
  try {
    return fs.readFileSync(stampFile, 'utf8') === sourceHash();
  } catch {
    return false;
  }
}

export function markBuilt() {
  fs.writeFileSync(stampFile, sourceHash());
}

export { root };
