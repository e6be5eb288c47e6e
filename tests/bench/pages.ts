// `npm run bench:pages [-- --url http://host:port] [--runs 3] [/route ...]`
// Lighthouse (mobile preset: emulated Moto G Power, simulated slow 4G, 4x CPU slowdown) on every public
// route with Debian's Chromium, and on the route's no-script twin: the same HTML with every <script>
// element removed, served the same way (both through one local proxy in front of the site, which
// compresses both HTML documents alike; only the twin's has its scripts cut out). Prints, per route, the
// medians of N valid runs (a run without an FCP value is repeated, not counted): performance,
// accessibility, best practices, SEO, LCP, TBT, CLS, the JavaScript loaded (gzip) and the total bytes,
// the twin's performance, LCP and bytes, and the ratio LCP / twin LCP.
// Without --url it starts the production server (server/main.ts, building when the sources changed).
import http from 'node:http';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { routes as siteRoutes } from '../../src/lib/config/routes';
import { startServer } from '../support/start-server';
import { loadContent } from '../support/content';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const routeArgs = args.filter((a, i) => a.startsWith('/') && !['--url', '--runs'].includes(args[i - 1]));
const routes = routeArgs.length ? routeArgs : [...siteRoutes.map((r) => r.path), `/blog/${(await loadContent()).articles[0].slug}`];
const runs = Number(flag('--runs') ?? process.env.BENCH_RUNS ?? 3);
const maxAttempts = 5;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

let server: Awaited<ReturnType<typeof startServer>> | undefined;
let upstream = (flag('--url') ?? process.env.BENCH_URL)?.replace(/\/$/, '');
if (!upstream) {
  process.stderr.write('starting the production server...\n');
  server = await startServer({ PORT: process.env.BENCH_PORT ?? '0' });
  upstream = server.url;
}

/** The proxy: passes every request to the site; HTML documents are (re)compressed with brotli here,
 * for both variants alike, and in the twin variant their <script> elements are removed first. */
function startProxy(twin: boolean): Promise<{ url: string; close: () => void }> {
  const proxy = http.createServer(async (req, res) => {
    try {
      const headers = { ...req.headers, host: new URL(upstream!).host } as unknown as Record<string, string>;
      const up = await fetch(upstream + (req.url ?? '/'), { headers: { ...headers, 'accept-encoding': 'identity' }, redirect: 'manual' });
      let body = Buffer.from(await up.arrayBuffer());
      const out: Record<string, string> = {};
      up.headers.forEach((v, k) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive'].includes(k)) out[k] = v;
      });
      if ((up.headers.get('content-type') ?? '').startsWith('text/html')) {
        if (twin) body = Buffer.from(body.toString('utf8').replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, ''));
        body = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
        out['content-encoding'] = 'br';
      } else if (/\bbr\b/.test(String(req.headers['accept-encoding'] ?? '')) && /^(text\/|image\/svg|application\/(json|xml))/.test(up.headers.get('content-type') ?? '')) {
        body = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
        out['content-encoding'] = 'br';
      }
      out['content-length'] = String(body.length);
      res.writeHead(up.status, out).end(body);
    } catch (err) {
      res.writeHead(502).end(String(err));
    }
  });
  return new Promise((resolve) => {
    proxy.listen(0, '127.0.0.1', () => {
      const address = proxy.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${address.port}`, close: () => proxy.close() });
    });
  });
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

const gzipCache = new Map<string, number>();
async function gzipBytes(url: string) {
  if (!gzipCache.has(url)) {
    const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    gzipCache.set(url, zlib.gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length);
  }
  return gzipCache.get(url)!;
}

type Run = { performance: number; accessibility: number; bestPractices: number; seo: number; lcp: number; tbt: number; cls: number; bytes: number; scripts: string[]; failing: string[] };

async function runOnce(url: string): Promise<Run | null> {
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
  const lhr = result?.lhr;
  const fcp = lhr?.audits['first-contentful-paint']?.numericValue;
  if (!lhr || lhr.runtimeError || typeof fcp !== 'number') return null;
  const requests = ((lhr.audits['network-requests']?.details as { items?: { resourceType?: string; url: string }[] })?.items ?? []);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: lhr.audits['largest-contentful-paint'].numericValue ?? 0,
    tbt: lhr.audits['total-blocking-time'].numericValue ?? 0,
    cls: lhr.audits['cumulative-layout-shift'].numericValue ?? 0,
    bytes: lhr.audits['total-byte-weight'].numericValue ?? 0,
    scripts: requests.filter((r) => r.resourceType === 'Script').map((r) => r.url),
    failing: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id),
  };
}

/** One valid run (a run without FCP is repeated, a few times at most). */
async function measure(url: string, label: string): Promise<Run> {
  const valid: Run[] = [];
  let attempts = 0;
  while (valid.length < 1 && attempts < maxAttempts) {
    attempts++;
    const r = await runOnce(url).catch((e: Error) => (process.stderr.write(`  ${label}: ${e.message}\n`), null));
    if (r) valid.push(r);
    else process.stderr.write(`  ${label}: run without FCP, repeating\n`);
  }
  if (!valid.length) throw new Error(`${label}: no valid Lighthouse run out of ${attempts}`);
  return valid[0];
}

const site = await startProxy(false);
const twin = await startProxy(true);
type Row = { route: string; perf: number; a11y: number; bp: number; seo: number; lcp: number; tbt: number; cls: number; js: number; jsFiles: number; bytes: number; twinPerf: number; twinLcp: number; twinBytes: number; ratio: number; failing: string[] };
const rows: Row[] = [];
try {
  for (const route of routes) {
    // Alternate the two so that a noisy moment of the machine hits both alike.
    const page: Run[] = [];
    const bare: Run[] = [];
    for (let i = 0; i < runs; i++) {
      page.push(await measure(site.url + route, route));
      bare.push(await measure(twin.url + route, `${route} (twin)`));
    }
    const scriptUrls = [...new Set(page.flatMap((v) => v.scripts))].map((u) => u.replace(site.url, upstream!));
    let js = 0;
    for (const s of scriptUrls) js += await gzipBytes(s);
    const m = (list: Run[], k: keyof Run) => median(list.map((v) => v[k] as number));
    const row: Row = {
      route,
      perf: m(page, 'performance'),
      a11y: m(page, 'accessibility'),
      bp: m(page, 'bestPractices'),
      seo: m(page, 'seo'),
      lcp: Math.round(m(page, 'lcp')),
      tbt: Math.round(m(page, 'tbt')),
      cls: Number(m(page, 'cls').toFixed(3)),
      js,
      jsFiles: scriptUrls.length,
      bytes: m(page, 'bytes'),
      twinPerf: m(bare, 'performance'),
      twinLcp: Math.round(m(bare, 'lcp')),
      twinBytes: m(bare, 'bytes'),
      ratio: 0,
      failing: [...new Set(page.flatMap((v) => v.failing))],
    };
    row.ratio = row.lcp / row.twinLcp;
    rows.push(row);
    process.stderr.write(`  ${route}: performance ${page.map((v) => v.performance).join('/')}, LCP ${row.lcp} vs twin ${row.twinLcp} ms\n`);
  }
} finally {
  await chrome.kill();
  site.close();
  twin.close();
  if (server) await server.stop();
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const header = ['route', 'perf', 'a11y', 'BP', 'SEO', 'LCP', 'TBT', 'CLS', 'JS gzip (files)', 'bytes', 'twin perf / LCP / bytes', 'LCP / twin'];
const table = rows.map((r) => [
  r.route,
  String(r.perf),
  String(r.a11y),
  String(r.bp),
  String(r.seo),
  `${r.lcp} ms`,
  `${r.tbt} ms`,
  String(r.cls),
  `${kb(r.js)} (${r.jsFiles})`,
  kb(r.bytes),
  `${r.twinPerf} / ${r.twinLcp} ms / ${kb(r.twinBytes)}`,
  `${r.ratio.toFixed(2)}x`,
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
const { default: lhPkg } = await import('lighthouse/package.json', { with: { type: 'json' } });
console.log(`\nLighthouse ${lhPkg.version}, mobile preset, medians of ${runs} runs against ${upstream} (through the comparison proxy)\n`);
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of table) console.log(line(row));
const failing = rows.filter((r) => r.failing.length);
if (failing.length) {
  console.log('\nfailed binary audits:');
  for (const r of failing) console.log(`  ${r.route}: ${r.failing.join(', ')}`);
}
const missed = rows.filter((r) => r.perf < 100 || r.a11y < 100 || r.bp < 100 || r.seo < 100 || r.cls > 0 || r.ratio > 1.15 || r.js > 60 * 1024);
console.log(
  missed.length
    ? `\ntargets (perf 100, a11y/BP/SEO 100, CLS 0, LCP <= 1.15x twin, JS <= 60 KB) missed on: ${missed.map((r) => r.route).join(', ')}`
    : '\nall targets met (perf 100, a11y/BP/SEO 100, CLS 0, LCP <= 1.15x twin, JS <= 60 KB gzip)',
);
