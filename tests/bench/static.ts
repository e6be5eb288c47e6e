// `npm run bench:static [path]`: requests/s for one prerendered page served by (1) a bare node:http server
// sending the same bytes from memory, (2) `send` reading the build's file as @astrojs/node's standalone
// server serves static files (no compression, no CSP header), and (3) the production server (`npm start`:
// server/main.ts, which serves the build's files from memory with their headers, compressed when asked).
// Builds first when the build is stale. Prints medians of 3 alternating rounds and the ratio to the bare
// server, uncompressed and with `Accept-Encoding: br, gzip` (bytes per response too).
// A path with a query (`npm run bench:static -- '/blog?q=social&category=Tutorials'`) measures a filtered
// list: the bare server and send serve the page's prerendered file, for reference, and the production server
// is measured twice: asked for the same address (answered from the finished answers it keeps, src/middleware.ts)
// and for a new address each time (rendered by Astro). Target: >= 300 answers/s.
// Every request carries a desktop browser's User-Agent (BENCH_USER_AGENT overrides it), so that the production
// server counts it as a page view (lib/analytics/page-views.ts) as it would a visitor's: the figures include
// that cost. The production server is also measured with PAGE_VIEWS=0 (counting off), in the same alternating
// rounds, and the cost of counting printed (target: at most 5 % of the throughput).
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildIfNeeded, outDir } from '../../server/build';
import { startServer } from '../support/start-server';

type Target = { url: string; stop: () => unknown };
type Figures = { rps: number; p99: number; bytes: number };

const page = process.argv[2] ?? '/pricing';
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const userAgent = process.env.BENCH_USER_AGENT ?? 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

buildIfNeeded({ quiet: true });
const pagePath = page.split('?')[0];
const file = path.join(outDir, 'client', pagePath === '/' ? 'index.html' : path.join(pagePath.slice(1), 'index.html'));

const bareSource = `
  const fs = require('node:fs'); const http = require('node:http');
  const body = fs.readFileSync(${JSON.stringify(file)});
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length });
    res.end(body);
  });
  server.listen(0, '127.0.0.1', () => console.log('ready on http://127.0.0.1:' + server.address().port));
`;

const sendSource = `
  const http = require('node:http'); const send = require('send');
  const root = ${JSON.stringify(path.join(outDir, 'client'))};
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    send(req, pathname.endsWith('/') ? pathname + 'index.html' : pathname + '/index.html', { root, dotfiles: 'deny' })
      .on('error', () => { res.statusCode = 404; res.end(); })
      .pipe(res);
  });
  server.listen(0, '127.0.0.1', () => console.log('ready on http://127.0.0.1:' + server.address().port));
`;

function startChild(source: string): Promise<Target> {
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve) => {
    child.stdout.on('data', (d) => {
      const m = String(d).match(/:(\d+)/);
      if (m) resolve({ url: `http://127.0.0.1:${m[1]}`, stop: () => child.kill() });
    });
  });
}

/** `distinct`: every request asks for a new address (`&n=1`, `&n=2`, ...: a filter the page ignores), so that no kept answer serves it. */
async function measure(url: string, compressed: boolean, distinct = false): Promise<Figures> {
  const headers: Record<string, string> = { 'user-agent': userAgent, ...(compressed ? { 'accept-encoding': 'br, gzip' } : {}) };
  let n = 0;
  const requests = distinct ? [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: `${page}&n=${++n}` }) }] : undefined;
  const result = await autocannon({ url: url + page, connections, duration: seconds, pipelining: 1, headers, requests });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99, bytes: result.throughput.total / Math.max(1, result.requests.total) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const countingOff = 'npm start, PAGE_VIEWS=0';
const targets: Record<string, Target> = {
  'bare node:http': await startChild(bareSource),
  'send (standalone)': await startChild(sendSource),
  'npm start': await startServer(),
  [countingOff]: await startServer({ PAGE_VIEWS: '0' }),
};
const results: Record<string, Record<'plain' | 'br', Figures[]>> = Object.fromEntries(Object.keys(targets).map((k) => [k, { plain: [], br: [] }]));
// A filtered list: the production server keeps the finished answer of an address it has rendered (src/middleware.ts),
// so the same address measures that; a new address for every request measures Astro rendering the page.
const newAddressEachTime = 'npm start, new address each time';
if (page.includes('?')) results[newAddressEachTime] = { plain: [], br: [] };
try {
  for (const t of Object.values(targets)) await autocannon({ url: t.url + page, connections: 10, duration: 1 }); // warm up
  for (let r = 0; r < rounds; r++) {
    for (const [name, t] of Object.entries(targets)) {
      results[name].plain.push(await measure(t.url, false));
      results[name].br.push(await measure(t.url, true));
    }
    if (results[newAddressEachTime]) {
      results[newAddressEachTime].plain.push(await measure(targets['npm start'].url, false, true));
      results[newAddressEachTime].br.push(await measure(targets['npm start'].url, true, true));
    }
  }
} finally {
  for (const t of Object.values(targets)) await t.stop();
}

console.log(`\nGET ${page}, ${connections} connections, ${seconds} s x ${rounds} rounds, medians (the bare server and send never compress):`);
const bare = median(results['bare node:http'].plain.map((r) => r.rps));
for (const [name, byMode] of Object.entries(results)) {
  for (const [mode, rs] of Object.entries(byMode)) {
    const rps = median(rs.map((r) => r.rps));
    const p99 = median(rs.map((r) => r.p99));
    const bytes = median(rs.map((r) => r.bytes));
    const label = `${name}${mode === 'br' ? ', br asked' : ''}`;
    console.log(`  ${label.padEnd(44)} ${rps.toFixed(0).padStart(7)} req/s   p99 ${String(p99).padStart(4)} ms   ${(bytes / 1024).toFixed(1).padStart(6)} KB/response   ratio to bare ${(rps / bare).toFixed(2)}`);
  }
}
const rpsOf = (name: string, mode: 'plain' | 'br') => median(results[name][mode].map((r) => r.rps));
const costs = (['plain', 'br'] as const).map((mode) => 1 - rpsOf('npm start', mode) / rpsOf(countingOff, mode));
console.log(
  `  cost of counting page views (npm start vs PAGE_VIEWS=0): ${costs.map((c, i) => `${(c * 100).toFixed(1)} %${i ? ' br asked' : ' plain'}`).join(', ')} (target <= 5 %: ${Math.max(...costs) <= 0.05 ? 'met' : 'NOT met'})`,
);
if (page.includes('?')) {
  const slower = (name: string) => Math.min(...(['plain', 'br'] as const).map((m) => median(results[name][m].map((r) => r.rps))));
  const kept = slower('npm start');
  const rendered = slower(newAddressEachTime);
  console.log(`  the same address again (its kept answer): ${kept.toFixed(0)} answers/s at the slower of plain and br (target >= 300/s: ${kept >= 300 ? 'met' : 'NOT met'})`);
  console.log(`  a new address each time (rendered by Astro): ${rendered.toFixed(0)} answers/s at the slower of plain and br (target >= 300/s: ${rendered >= 300 ? 'met' : 'NOT met'})`);
}
