// `npm run bench:startup [-- --runs 3]`: how long the production server takes from its process start to
// "ready" (the build already made: that is `npm start` without a rebuild), and the resident memory of its
// process tree (the server and any helper process it keeps, such as a transpiler's service) once ready and
// after 200 page and lead requests. On PostgreSQL (a temporary database on DATABASE_URL's server, default
// the local one), so that the embedded database's own start does not hide the server's. Medians of the
// runs. BENCH_SERVER_ROOT=<another checkout> measures that checkout's server (tests/support/start-server.ts).
// `--pglite` runs it on the embedded database instead (what `npm start` uses by default) and adds the
// resident memory once idle after serving every page of the sitemap once: the figure a small host sizes by.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTempDatabase } from '../support/suite-databases';
import { startServer } from '../support/start-server';
import { benchEnv, numberArg } from '../support/suite-runner';

const runs = numberArg('runs', 3);
const pglite = process.argv.includes('--pglite');

/** Resident memory (kB) of a process and all its descendants, and how many processes that is, from /proc. */
function processTree(pid: number): { kb: number; count: number } {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* gone */
    }
  }
  let total = 0;
  let count = 0;
  const visit = (p: number) => {
    count++;
    try {
      total += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      /* gone */
    }
    for (const c of children.get(p) ?? []) visit(c);
  };
  visit(pid);
  return { kb: total, count };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const db = pglite ? undefined : await createTempDatabase('bench_startup');
// The embedded database is made (initdb, migrations) by a first start that is not measured: `npm start`
// does that once, on its first run.
const dataDir = pglite ? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-startup-')) : undefined;
if (dataDir) await (await startServer({ ...benchEnv, DATABASE_URL: '', DATA_DIR: dataDir })).stop();
const figures: { ms: number; ready: number; warm: number; pages: number; processes: number }[] = [];
try {
  for (let i = 0; i < runs; i++) {
    const began = performance.now();
    const server = await startServer({ ...benchEnv, DATABASE_URL: db?.url ?? '', ...(dataDir ? { DATA_DIR: dataDir } : {}) });
    const ms = performance.now() - began;
    try {
      const ready = processTree(server.child.pid!).kb;
      for (let r = 0; r < 100; r++) {
        await (await fetch(`${server.url}/contact`)).arrayBuffer();
        await (await fetch(`${server.url}/blog?q=social&category=Tutorials`)).arrayBuffer();
      }
      const { kb: warm, count: processes } = processTree(server.child.pid!);
      // Every page of the sitemap once, then a moment idle.
      const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
      for (const m of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) await (await fetch(new URL(new URL(m[1]).pathname, server.url))).arrayBuffer();
      await new Promise((r) => setTimeout(r, 2000));
      figures.push({ ms, ready, warm, pages: processTree(server.child.pid!).kb, processes });
    } finally {
      await server.stop();
    }
  }
} finally {
  await db?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
const who = process.env.BENCH_SERVER_ROOT ? `the server of ${process.env.BENCH_SERVER_ROOT}` : 'this checkout’s server (dist/app/main.mjs)';
console.log(`bench:startup: ${who} on ${pglite ? 'the embedded database (PGlite)' : 'PostgreSQL'}, ${runs} runs, medians`);
console.log(`  start to ready: ${median(figures.map((f) => f.ms)).toFixed(0)} ms`);
console.log(`  resident memory when ready: ${(median(figures.map((f) => f.ready)) / 1024).toFixed(0)} MB; after 200 requests: ${(median(figures.map((f) => f.warm)) / 1024).toFixed(0)} MB`);
console.log(`  resident memory idle after serving every page of the sitemap once: ${(median(figures.map((f) => f.pages)) / 1024).toFixed(0)} MB`);
console.log(`  processes: ${median(figures.map((f) => f.processes))} (the server and its children)`);
process.exit(0);
