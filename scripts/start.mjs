// `npm start`: checks the configuration, opens and migrates the database, builds when there is no
// current build, then serves the site on PORT (default 3000) with Next in this same process.
process.env.NEXT_TELEMETRY_DISABLED = '1';
process.env.NODE_ENV = 'production';

import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { ConfigError, openDatabase } from '../lib/db/connection.mjs';
import { runMigrations } from '../lib/db/migrate.mjs';
import { startBackground } from '../server/background.mjs';
import { createFastPath } from '../server/fast-path.mjs';
import { expectsDocument, hashInlineScriptsOfHtml } from '../server/html-csp.mjs';
import { createLeadEndpoint } from '../server/lead-endpoint.mjs';
import { createRequestGuards } from '../server/request-guards.mjs';
import { applyBaseHeaders } from '../server/security-headers.mjs';
import { buildIfNeeded } from './build-if-needed.mjs';
import { root } from './build-state.mjs';

function fail(message) {
  console.error(`postcraft: ${message}`);
  process.exit(1);
}

const port = Number(process.env.PORT || 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`PORT must be a port number, not "${process.env.PORT}"`);
const hostname = process.env.HOST || undefined;
if (process.env.NODE_ENV === 'production' && process.env.SITE_URL) {
  try {
    new URL(process.env.SITE_URL);
  } catch {
    fail(`SITE_URL is not a valid URL: "${process.env.SITE_URL}"`);
  }
}

let handle;
try {
  handle = await openDatabase();
  await runMigrations(handle);
} catch (err) {
  await handle?.close().catch(() => {});
  fail(err instanceof ConfigError ? err.message : `database start-up failed: ${err?.message ?? err}`);
}
// The Next server code in this process (lib/db/client.ts) uses this handle.
globalThis.__postcraftDb = Promise.resolve(handle);

let server;
let background;
let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  try {
    await new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server?.closeAllConnections?.();
    await background?.stop();
  } finally {
    await handle.close().catch((err) => console.error(`postcraft: closing the database failed: ${err.message}`));
    console.log(`postcraft: stopped (${signal})`);
    process.exit(0);
  }
}
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => void stop(signal));

buildIfNeeded({ quiet: true });

const { default: next } = await import('next');
const app = next({ dev: false, dir: root, hostname: hostname ?? 'localhost', port });
await app.prepare();
const handler = app.getRequestHandler();

// Prerendered pages and static assets from memory (FAST_PATH=0 turns it off); the rest through Next,
// with the security headers, and a CSP hashed from the inline scripts of each HTML response.
const serveFast = process.env.FAST_PATH === '0' ? () => false : createFastPath(root);
// server/request-guards.mjs answers what must not reach Next (oversized or throttled posts).
const guard = createRequestGuards({ handle });
// The lead forms' JSON posts (with JavaScript) are answered without Next's routing (FAST_PATH=0: by Next).
const serveLeadPost = process.env.FAST_PATH === '0' ? async () => false : createLeadEndpoint();
const onRequest = async (req, res) => {
  if (serveFast(req, res)) return;
  applyBaseHeaders(req, res);
  try {
    if (await guard(req, res)) return;
    if (await serveLeadPost(req, res)) return;
  } catch (err) {
    console.error(`postcraft: request guard failed: ${err?.message ?? err}`);
    if (!res.headersSent) res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('The service is temporarily unavailable. Please try again in a moment.\n');
    return;
  }
  if (expectsDocument(req)) hashInlineScriptsOfHtml(req, res);
  handler(req, res);
};
// TLS without a proxy in front: HTTPS_CERT_FILE + HTTPS_KEY_FILE serve HTTPS on PORT, and
// HTTP_REDIRECT_PORT (optional) answers plain HTTP there with a redirect to HTTPS.
const tls = process.env.HTTPS_CERT_FILE && process.env.HTTPS_KEY_FILE;
if (tls) {
  let cert, key;
  try {
    cert = fs.readFileSync(process.env.HTTPS_CERT_FILE);
    key = fs.readFileSync(process.env.HTTPS_KEY_FILE);
  } catch (err) {
    await handle.close().catch(() => {});
    fail(`cannot read the TLS certificate or key: ${err.message}`);
  }
  server = https.createServer({ cert, key }, onRequest);
  const redirectPort = Number(process.env.HTTP_REDIRECT_PORT);
  if (redirectPort) {
    http
      .createServer((req, res) => {
        const host = String(req.headers.host ?? 'localhost').replace(/:\d+$/, '');
        const target = `https://${host}${port === 443 ? '' : `:${server.address().port}`}${req.url}`;
        res.writeHead(301, { Location: target, 'Content-Type': 'text/plain' }).end(`Moved to ${target}\n`);
      })
      .listen(redirectPort, hostname)
      .unref();
  }
} else {
  server = http.createServer(onRequest);
}
server.on('error', async (err) => {
  await handle.close().catch(() => {});
  fail(err.code === 'EADDRINUSE' ? `port ${port} is already in use; set PORT to another port` : `server error: ${err.message}`);
});
server.listen(port, hostname, () => {
  background = startBackground({ handle });
  const shown = hostname && hostname !== '0.0.0.0' ? hostname : 'localhost';
  console.log(`postcraft: ready on ${tls ? 'https' : 'http'}://${shown}:${server.address().port} with ${handle.describe}`);
});
