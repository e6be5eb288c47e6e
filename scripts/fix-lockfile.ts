// The npm registry mirror of these machines serves only the Linux builds of platform-specific
// packages, so `npm install` leaves the other platforms' optional dependencies out of
// package-lock.json and `npm ci` then refuses the lock file ("Missing: ... from lock file").
// This adds those optional entries back, with the os/cpu that npm uses to skip them here.
// Run it after every `npm install` that changes package-lock.json: `npx tsx scripts/fix-lockfile.ts`.
import fs from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  optionalDependencies?: Record<string, string>;
}
const lock = JSON.parse(fs.readFileSync(file, 'utf8')) as { packages: Record<string, LockEntry> };
const pkgs = lock.packages;

const osNames = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openbsd', 'netbsd', 'sunos', 'aix', 'openharmony', 'wasi'];
const cpuNames = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];
function guess(name: string) {
  const base = name.split('/').pop() ?? name;
  const parts = base.split('-');
  const os = parts.find((p) => osNames.includes(p)) ?? (base.includes('win32') ? 'win32' : undefined);
  const cpu = parts.find((p) => cpuNames.includes(p)) ?? (base.includes('ppc64') ? 'ppc64' : undefined);
  return { os, cpu };
}

let added = 0;
for (const [key, entry] of Object.entries(pkgs)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${key ? `${key}/` : ''}node_modules/${dep}`;
    if (pkgs[nested] || pkgs[`node_modules/${dep}`]) continue;
    const version = String(range).replace(/^[\^~=]/, '');
    const { os, cpu } = guess(dep);
    const target = `node_modules/${dep}`;
    pkgs[target] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(os ? { os: [os] } : {}),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`fix-lockfile: added ${added} optional platform entries`);
