// `npm run bench:headers`: grades the running site's HTTP headers with the MDN HTTP Observatory's own
// scanner and grader (npm @mdn/mdn-http-observatory, installed on first use with --ignore-scripts into
// node_modules/.cache, since its install script downloads). The site is served over HTTPS with a local
// certificate authority made here with openssl, plain HTTP redirecting to it, as in production.
import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, startServer } from '../support/start-server';

type Graded = { path: string; status?: number; grade: string; score: number; deductions: string[] };

const version = '1.4.8';
const cacheDir = path.join(root, 'node_modules', '.cache', 'observatory');
const pkgDir = path.join(cacheDir, 'node_modules', '@mdn', 'mdn-http-observatory');
if (!fs.existsSync(path.join(pkgDir, 'package.json'))) {
  console.log(`Installing @mdn/mdn-http-observatory@${version} (--ignore-scripts) into ${cacheDir}...`);
  fs.mkdirSync(cacheDir, { recursive: true });
  execSync(`npm install --prefix ${JSON.stringify(cacheDir)} --ignore-scripts --no-audit --no-fund --no-save @mdn/mdn-http-observatory@${version}`, {
    stdio: 'inherit',
  });
}

// Its install script would download the browsers' HSTS preload list; offline, an empty list stands in
// (it only gives extra credit to domains on that list, which localhost is not).
const preload = path.join(pkgDir, 'conf', 'hsts-preload.json');
if (!fs.existsSync(preload)) fs.writeFileSync(preload, '{}\n');

// A throw-away CA and a certificate for localhost.
const pki = fs.mkdtempSync(path.join(os.tmpdir(), 'postcraft-pki-'));
const ssl = (args: string[]) => execFileSync('openssl', args, { cwd: pki, stdio: 'pipe' });
ssl(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '2', '-subj', '/CN=Postcraft bench CA']);
fs.writeFileSync(path.join(pki, 'ext.cnf'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n');
ssl(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost']);
ssl(['x509', '-req', '-in', 'server.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.crt', '-days', '2', '-extfile', 'ext.cnf']);

const httpsPort = 18443;
const httpPort = 18080;
const server = await startServer({
  PORT: String(httpsPort),
  HTTPS_CERT_FILE: path.join(pki, 'server.crt'),
  HTTPS_KEY_FILE: path.join(pki, 'server.key'),
  HTTP_REDIRECT_PORT: String(httpPort),
});

const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/pricing', '/partners', '/no-such-page-404', '/staff/sign-in'];
const script = `
  const { retrieve } = await import(${JSON.stringify(`${pkgDir}/src/retriever/retriever.js`)});
  const { ALL_TESTS } = await import(${JSON.stringify(`${pkgDir}/src/constants.js`)});
  const { getGradeForScore, getScoreModifier } = await import(${JSON.stringify(`${pkgDir}/src/grader/grader.js`)});
  const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await import(${JSON.stringify(`${pkgDir}/src/grader/charts.js`)});
  const out = [];
  for (const p of ${JSON.stringify(paths)}) {
    // The same steps as the package's scan(), which cannot be given a port or a path.
    const r = await retrieve('localhost', { httpPort: '${httpPort}', httpsPort: '${httpsPort}', path: p });
    const results = ALL_TESTS.map((test) => test(r));
    let withExtra = 100, uncurved = 100;
    const failed = [];
    for (const result of results) {
      if (!result.result) continue;
      const m = getScoreModifier(result.result);
      withExtra += m;
      if (m < 0) { uncurved += m; failed.push(result.result + ' (' + m + ')'); }
    }
    const score = uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtra : uncurved;
    const g = getGradeForScore(score);
    out.push({ path: p, status: r.responses.auto?.status, grade: g.grade, score: g.score, deductions: failed });
  }
  console.log(JSON.stringify(out));
`;
let results: Graded[];
try {
  const raw = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, NODE_EXTRA_CA_CERTS: path.join(pki, 'ca.crt') },
    encoding: 'utf8',
  });
  results = JSON.parse(raw.trim().split('\n').pop() ?? '[]') as Graded[];
} finally {
  await server.stop();
  fs.rmSync(pki, { recursive: true, force: true });
}
console.log('\nMDN HTTP Observatory (algorithm v4), https://localhost with HTTP redirecting to HTTPS:');
for (const r of results) {
  console.log(`  ${r.path.padEnd(20)} HTTP ${r.status}   grade ${r.grade.padEnd(3)} score ${r.score}${r.deductions.length ? `   deductions: ${r.deductions.join(', ')}` : ''}`);
}
if (results.some((r) => r.grade !== 'A+')) process.exitCode = 1;
