// `npm run bench:pages [--url http://host:port] [/route ...]`
// Lighthouse 12 (mobile preset: emulated Moto G Power, simulated slow 4G, 4x CPU slowdown) on each product
// page with Debian's Chromium. Prints, per route, the medians of 3 valid runs: performance, accessibility,
// best-practices and SEO scores, LCP, TBT, CLS, the HTML bytes and the JavaScript bytes (gzip) the page
// loads. A run without an FCP value (Lighthouse sometimes fails inside and still returns) is repeated,
// not counted.
// Without --url it starts the production server (scripts/start.mjs via scripts/lib/spawn-server.mjs,
// which builds only when the sources changed) on BENCH_PORT (default: a free port) and stops it after.
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from './lib/spawn-server.mjs';

const args = process.argv.slice(2);
const urlFlag = args.indexOf('--url');
const givenUrl = urlFlag >= 0 ? args[urlFlag + 1] : process.env.BENCH_URL;
const routeArgs = args.filter((a, i) => a.startsWith('/') && i !== urlFlag + 1);
const routes = routeArgs.length ? routeArgs : ['/', '/features', '/pricing', '/templates', '/api', '/mobile'];
const runs = Number(process.env.BENCH_RUNS ?? 3);
const maxAttempts = runs + 4;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

let server;
let base = givenUrl?.replace(/\/$/, '');
if (!base) {
  process.stderr.write('starting the production server...\n');
  server = await startServer({ PORT: process.env.BENCH_PORT ?? '0' });
  base = server.url;
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

const gzipCache = new Map();
async function gzipBytes(url) {
  if (!gzipCache.has(url)) {
    const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    const body = Buffer.from(await res.arrayBuffer());
    gzipCache.set(url, zlib.gzipSync(body, { level: 9 }).length);
  }
  return gzipCache.get(url);
}

async function runOnce(url) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  const lhr = result?.lhr;
  const fcp = lhr?.audits['first-contentful-paint']?.numericValue;
  if (!lhr || lhr.runtimeError || typeof fcp !== 'number') return null;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script' && r.url.startsWith(base)).map((r) => r.url);
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    scripts,
    failing: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id),
  };
}

const rows = [];
try {
  for (const route of routes) {
    const url = base + route;
    const htmlRes = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    const html = Buffer.from(await htmlRes.arrayBuffer());
    const valid = [];
    let attempts = 0;
    while (valid.length < runs && attempts < maxAttempts) {
      attempts++;
      const r = await runOnce(url).catch((e) => (process.stderr.write(`  ${route}: ${e.message}\n`), null));
      if (r) valid.push(r);
      else process.stderr.write(`  ${route}: run without FCP, repeating\n`);
    }
    if (valid.length < runs) throw new Error(`${route}: only ${valid.length} valid Lighthouse runs out of ${attempts}`);
    const scriptUrls = [...new Set(valid.flatMap((v) => v.scripts))];
    let js = 0;
    for (const s of scriptUrls) js += await gzipBytes(s);
    const m = (k) => median(valid.map((v) => v[k]));
    const row = {
      route,
      perf: m('performance'),
      a11y: m('accessibility'),
      bp: m('bestPractices'),
      seo: m('seo'),
      lcp: Math.round(m('lcp')),
      tbt: Math.round(m('tbt')),
      cls: Number(m('cls').toFixed(3)),
      html: html.length,
      htmlGz: zlib.gzipSync(html, { level: 9 }).length,
      js,
      jsFiles: scriptUrls.length,
      runs: valid.map((v) => v.performance).join('/'),
      failing: [...new Set(valid.flatMap((v) => v.failing))],
    };
    rows.push(row);
    process.stderr.write(`  ${route}: performance ${row.runs}\n`);
  }
} finally {
  await chrome.kill();
  if (server) await server.stop();
}

const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const header = ['route', 'perf', 'a11y', 'best-pr.', 'SEO', 'LCP', 'TBT', 'CLS', 'HTML (gzip)', 'JS gzip (files)', 'perf runs'];
const table = rows.map((r) => [
  r.route,
  String(r.perf),
  String(r.a11y),
  String(r.bp),
  String(r.seo),
  `${r.lcp} ms`,
  `${r.tbt} ms`,
  String(r.cls),
  `${kb(r.html)} (${kb(r.htmlGz)})`,
  `${kb(r.js)} (${r.jsFiles})`,
  r.runs,
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
console.log(`\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset, medians of ${runs} runs against ${base}\n`);
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of table) console.log(line(row));
const failing = rows.filter((r) => r.failing.length);
if (failing.length) {
  console.log('\nfailed binary audits:');
  for (const r of failing) console.log(`  ${r.route}: ${r.failing.join(', ')}`);
}
const targetsMissed = rows.filter((r) => r.perf < 98 || r.a11y < 100 || r.bp < 100 || r.seo < 100 || r.cls > 0);
console.log(targetsMissed.length ? `\ntargets (perf >= 98, a11y/bp/SEO 100, CLS 0) missed on: ${targetsMissed.map((r) => r.route).join(', ')}` : '\nall targets met (perf >= 98, a11y/bp/SEO 100, CLS 0)');
