// `npm run bench:startup [-- --runs 3]`: how long the production server takes from its process start to
// "ready" (the build already made: that is `npm start` without a rebuild), and the resident memory of its
// process tree (the server and any helper process it keeps, such as a transpiler's service) once ready and
// after 200 page and lead requests. On PostgreSQL (a temporary database on DATABASE_URL's server, default
// the local one), so that the embedded database's own start does not hide the server's. Medians of the
// runs. BENCH_SERVER_ROOT=<another checkout> measures that checkout's server (tests/support/start-server.ts).
import fs from 'node:fs';
import { createTempDatabase } from '../support/suite-databases';
import { startServer } from '../support/start-server';
import { benchEnv, numberArg } from '../support/suite-runner';

const runs = numberArg('runs', 3);

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
const db = await createTempDatabase('bench_startup');
const figures: { ms: number; ready: number; warm: number; processes: number }[] = [];
try {
  for (let i = 0; i < runs; i++) {
    const began = performance.now();
    const server = await startServer({ ...benchEnv, DATABASE_URL: db.url });
    const ms = performance.now() - began;
    try {
      const ready = processTree(server.child.pid!).kb;
      for (let r = 0; r < 100; r++) {
        await (await fetch(`${server.url}/contact`)).arrayBuffer();
        await (await fetch(`${server.url}/blog?q=social&category=Tutorials`)).arrayBuffer();
      }
      const { kb: warm, count: processes } = processTree(server.child.pid!);
      figures.push({ ms, ready, warm, processes });
    } finally {
      await server.stop();
    }
  }
} finally {
  await db.drop();
}
const who = process.env.BENCH_SERVER_ROOT ? `the server of ${process.env.BENCH_SERVER_ROOT}` : 'this checkout’s server (dist/app/main.mjs)';
console.log(`bench:startup: ${who}, ${runs} runs, medians`);
console.log(`  start to ready: ${median(figures.map((f) => f.ms)).toFixed(0)} ms`);
console.log(`  resident memory when ready: ${(median(figures.map((f) => f.ready)) / 1024).toFixed(0)} MB; after 200 requests: ${(median(figures.map((f) => f.warm)) / 1024).toFixed(0)} MB`);
console.log(`  processes: ${median(figures.map((f) => f.processes))} (the server and its children)`);
process.exit(0);
