// A fast path for what never changes between builds: the prerendered HTML of the marketing pages (and
// robots.txt / sitemap.xml) and the static assets (.next/static, public/). Everything else — server
// actions, RSC requests, the staff area, unknown paths — falls through to Next.
//
// Bodies are read once at start, compressed once (brotli and gzip, lazily for assets), and served from
// memory with an ETag (304 on If-None-Match), the right Cache-Control, the security headers, HEAD.
// HTML gets a Content-Security-Policy with the hashes of that page's own inline scripts.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { applyBaseHeaders, contentSecurityPolicy, inlineScriptHashes, isHttps } from './security-headers.mjs';

const mimeTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.webmanifest': 'application/manifest+json',
};
const compressible = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

function entryFor(body, type, cacheControl, extra = {}) {
  return {
    body,
    type,
    cacheControl,
    etag: `"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`,
    br: undefined,
    gzip: undefined,
    ...extra,
  };
}

function encoded(entry, encoding) {
  if (!compressible.test(entry.type) || entry.body.length < 512) return undefined;
  if (encoding === 'br') {
    entry.br ??= zlib.brotliCompressSync(entry.body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length },
    });
    return entry.br;
  }
  entry.gzip ??= zlib.gzipSync(entry.body, { level: 9 });
  return entry.gzip;
}

function pickEncoding(req) {
  const accept = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return undefined;
}

/** Loads the prerendered pages of a build. @param {string} root the project folder */
function loadPages(root) {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, '.next', 'prerender-manifest.json'), 'utf8'));
  const pages = new Map();
  for (const [route, info] of Object.entries(manifest.routes)) {
    if (route.startsWith('/_')) continue; // /_not-found answers 404 through Next; /_global-error is internal
    if (info.initialRevalidateSeconds !== false) continue; // only pages that never revalidate
    const base = path.join(root, '.next', 'server', 'app', route === '/' ? 'index' : route.slice(1));
    if (fs.existsSync(`${base}.html`)) {
      const html = fs.readFileSync(`${base}.html`);
      pages.set(route, entryFor(html, mimeTypes['.html'], 'public, max-age=0, must-revalidate', {
        hashes: inlineScriptHashes(html.toString('utf8')),
      }));
    } else if (fs.existsSync(`${base}.body`)) {
      const meta = JSON.parse(fs.readFileSync(`${base}.meta`, 'utf8'));
      const type = meta.headers?.['content-type'] ?? mimeTypes[path.extname(route)] ?? 'application/octet-stream';
      pages.set(route, entryFor(fs.readFileSync(`${base}.body`), type, meta.headers?.['cache-control'] ?? 'public, max-age=0, must-revalidate'));
    }
  }
  return pages;
}

/** Maps a URL path to a file under a folder, refusing anything that escapes it. */
function fileUnder(dir, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const file = path.join(dir, decoded);
  if (!file.startsWith(dir + path.sep)) return undefined;
  return file;
}

export function createFastPath(root) {
  const pages = loadPages(root);
  for (const entry of pages.values()) {
    encoded(entry, 'br'); // compress once at start, not on the first visitors' time
    encoded(entry, 'gzip');
  }
  const staticDir = path.join(root, '.next', 'static');
  const publicDir = path.join(root, 'public');
  const assets = new Map();

  function asset(urlPath) {
    if (assets.has(urlPath)) return assets.get(urlPath);
    let entry;
    let file;
    let cacheControl;
    if (urlPath.startsWith('/_next/static/')) {
      file = fileUnder(staticDir, urlPath.slice('/_next/static'.length));
      cacheControl = 'public, max-age=31536000, immutable';
    } else {
      file = fileUnder(publicDir, urlPath);
      cacheControl = 'public, max-age=3600, must-revalidate';
    }
    if (file) {
      try {
        const stat = fs.statSync(file);
        if (stat.isFile()) {
          const type = mimeTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
          entry = entryFor(fs.readFileSync(file), type, cacheControl);
        }
      } catch {
        entry = undefined;
      }
    }
    if (entry || assets.size < 5000) assets.set(urlPath, entry); // remember misses too, boundedly
    return entry;
  }

  /**
   * Serves the request when it can; returns false to let Next handle it.
   * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res
   */
  return function serveFast(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const q = req.url.indexOf('?');
    const pathname = q === -1 ? req.url : req.url.slice(0, q);
    let entry = pages.get(pathname.length > 1 && pathname.endsWith('/') ? undefined : pathname);
    const isPage = Boolean(entry);
    if (isPage) {
      // Client-side navigations and prefetches ask for the RSC payload, not the document: Next answers them.
      const h = req.headers;
      if (h.rsc || h['next-router-prefetch'] || h['next-router-state-tree'] || h['next-action'] || req.url.includes('_rsc=')) {
        return false;
      }
    } else {
      if (pathname.startsWith('/_next/') && !pathname.startsWith('/_next/static/')) return false;
      entry = asset(pathname);
      if (!entry) return false;
    }

    applyBaseHeaders(req, res);
    if (entry.hashes) res.setHeader('Content-Security-Policy', contentSecurityPolicy(entry.hashes, { https: isHttps(req) }));
    res.setHeader('Content-Type', entry.type);
    res.setHeader('Cache-Control', entry.cacheControl);
    res.setHeader('ETag', entry.etag);
    if (isPage) res.setHeader('Vary', 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding');
    else if (compressible.test(entry.type)) res.setHeader('Vary', 'Accept-Encoding');

    const inm = req.headers['if-none-match'];
    if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === entry.etag)) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    const encoding = pickEncoding(req);
    const body = (encoding && encoded(entry, encoding)) || entry.body;
    if (body !== entry.body) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.statusCode = 200;
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}

