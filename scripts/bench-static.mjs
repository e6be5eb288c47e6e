// `npm run bench:static [path]`: requests/s for one prerendered page served by (1) a bare node:http server
// sending the same bytes from memory, (2) our server with its fast path, (3) our server with FAST_PATH=0
// (plain Next). Needs a build (`npm run build`). Prints medians of 3 alternating rounds and the ratios.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { startServer, root } from './lib/spawn-server.mjs';

const page = process.argv[2] ?? '/pricing';
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

const bareSource = `
  const fs = require('node:fs'); const http = require('node:http');
  const file = ${JSON.stringify(`${root}/.next/server/app/${page === '/' ? 'index' : page.slice(1)}.html`)};
  const body = fs.readFileSync(file);
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length });
    res.end(body);
  });
  server.listen(0, '127.0.0.1', () => console.log('ready on http://127.0.0.1:' + server.address().port));
`;

function startBare() {
  const child = spawn(process.execPath, ['-e', bareSource], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve) => {
    child.stdout.on('data', (d) => {
      const m = String(d).match(/:(\d+)/);
      if (m) resolve({ url: `http://127.0.0.1:${m[1]}`, stop: () => child.kill() });
    });
  });
}

async function measure(url) {
  const result = await autocannon({ url: url + page, connections, duration: seconds, pipelining: 1 });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99, bytes: result.throughput.average };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const targets = {
  'bare node:http': await startBare(),
  'fast path': await startServer(),
  'next (FAST_PATH=0)': await startServer({ FAST_PATH: '0' }),
};
const results = Object.fromEntries(Object.keys(targets).map((k) => [k, []]));
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
