// `npm run bench:static [path]`: requests/s for one prerendered page served by (1) a bare node:http server
// sending the same bytes from memory and (2) the production server (`npm start`: server/main.ts, which
// serves the build's files from memory with their headers). Builds first when the build is stale.
// Prints medians of 3 alternating rounds and the ratio to the bare server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildIfNeeded, outDir } from '../server/build';
import { startServer } from './lib/spawn-server.mjs';

type Target = { url: string; stop: () => unknown };
type Figures = { rps: number; p99: number; bytes: number };

const page = process.argv[2] ?? '/pricing';
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

buildIfNeeded({ quiet: true });
const file = path.join(outDir, 'client', page === '/' ? 'index.html' : path.join(page.slice(1), 'index.html'));

const bareSource = `
  const fs = require('node:fs'); const http = require('node:http');
  const body = fs.readFileSync(${JSON.stringify(file)});
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length });
    res.end(body);
  });
  server.listen(0, '127.0.0.1', () => console.log('ready on http://127.0.0.1:' + server.address().port));
`;

function startBare(): Promise<Target> {
  const child = spawn(process.execPath, ['-e', bareSource], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve) => {
    child.stdout.on('data', (d) => {
      const m = String(d).match(/:(\d+)/);
      if (m) resolve({ url: `http://127.0.0.1:${m[1]}`, stop: () => child.kill() });
    });
  });
}

async function measure(url: string): Promise<Figures> {
  const result = await autocannon({ url: url + page, connections, duration: seconds, pipelining: 1 });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99, bytes: result.throughput.average };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const targets: Record<string, Target> = {
  'bare node:http': await startBare(),
  'npm start': await startServer(),
};
const results: Record<string, Figures[]> = Object.fromEntries(Object.keys(targets).map((k) => [k, []]));
try {
  for (const t of Object.values(targets)) await autocannon({ url: t.url + page, connections: 10, duration: 1 }); // warm up
  for (let r = 0; r < rounds; r++) {
    for (const [name, t] of Object.entries(targets)) results[name].push(await measure(t.url));
  }
} finally {
  for (const t of Object.values(targets)) await t.stop();
}

console.log(`\nGET ${page} (uncompressed), ${connections} connections, ${seconds} s x ${rounds} rounds, medians:`);
const bare = median(results['bare node:http'].map((r) => r.rps));
for (const [name, rs] of Object.entries(results)) {
  const rps = median(rs.map((r) => r.rps));
  const p99 = median(rs.map((r) => r.p99));
  console.log(`  ${name.padEnd(20)} ${rps.toFixed(0).padStart(7)} req/s   p99 ${String(p99).padStart(4)} ms   ratio to bare ${(rps / bare).toFixed(2)}`);
}
