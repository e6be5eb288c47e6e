// The build's public files (dist/client: prerendered pages, robots.txt, sitemap.xml, the blog's feeds,
// Open Graph images, hashed assets under /_astro/, files of public/) served from memory: compressed once (brotli, gzip),
// ETag and 304, HEAD, long-lived caching for hashed assets. A prerendered page gets the
// Content-Security-Policy that Astro computed for it at build (dist/_headers.json).
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { withUpgrade } from '@/lib/csp';

const mimeTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.webmanifest': 'application/manifest+json',
};
const compressible = /^(text\/|application\/(json|xml|manifest\+json|[a-z.-]+\+xml)|image\/svg\+xml)/;

/**
 * The type of a built .xml file, from its root element: the blog's feeds are RSS (`<rss>`) and Atom
 * (`<feed>` in the Atom namespace) and say so; any other XML (the sitemap) is application/xml.
 */
export function xmlType(body: Buffer): string {
  const head = body.subarray(0, 2048).toString('utf8');
  const prolog = /^\uFEFF?(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)*/.exec(head)?.[0] ?? '';
  const root = /^<([A-Za-z_][\w.-]*)([^>]*)>/.exec(head.slice(prolog.length));
  if (root?.[1] === 'rss') return 'application/rss+xml; charset=utf-8';
  if (root?.[1] === 'feed' && /\sxmlns=["']http:\/\/www\.w3\.org\/2005\/Atom["']/.test(root[2])) return 'application/atom+xml; charset=utf-8';
  return mimeTypes['.xml'];
}

type Entry = {
  body: Buffer;
  type: string;
  cacheControl: string;
  etag: string;
  policy?: string;
  br?: Buffer;
  gzip?: Buffer;
};

function encoded(entry: Entry, encoding: 'br' | 'gzip'): Buffer | undefined {
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

/** The compression the client takes that we send: brotli, else gzip, else none. */
export function pickEncoding(req: IncomingMessage): 'br' | 'gzip' | undefined {
  const accept = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return undefined;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, item.name);
    if (item.isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

/** The URL path of a built file: `/about/index.html` is `/about`, `/index.html` is `/`. */
function urlPathOf(relative: string) {
  const p = `/${relative.split(path.sep).join('/')}`;
  if (p === '/index.html') return '/';
  return p.endsWith('/index.html') ? p.slice(0, -'/index.html'.length) : p;
}

export type StaticFiles = ReturnType<typeof loadStaticFiles>;

/** Writes `entry`'s body, compressed as the client takes it, with `status` and `headers`; none for HEAD. */
function send(req: IncomingMessage, res: ServerResponse, entry: Entry, status: number, headers: Record<string, string | number>) {
  const encoding = pickEncoding(req);
  const body = (encoding && encoded(entry, encoding)) || entry.body;
  const head: Record<string, string | number> = { ...headers, 'Content-Type': entry.type, 'Content-Length': body.length };
  if (body !== entry.body) head['Content-Encoding'] = encoding!;
  res.writeHead(status, head);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Reads a build (`outDir`: the folder with client/, server/ and _headers.json). The pages for which
 * `answerOnly` holds are not served at their addresses: they are only sent as an answer (`answerWith`).
 */
export function loadStaticFiles(outDir: string, { answerOnly = () => false }: { answerOnly?: (urlPath: string) => boolean } = {}) {
  const clientDir = path.join(outDir, 'client');
  const policies = new Map<string, string>();
  const headersFile = path.join(outDir, '_headers.json');
  if (fs.existsSync(headersFile)) {
    const list = JSON.parse(fs.readFileSync(headersFile, 'utf8')) as { pathname: string; headers: { key: string; value: string }[] }[];
    for (const route of list) {
      const csp = route.headers.find((h) => h.key.toLowerCase() === 'content-security-policy');
      if (csp) policies.set(route.pathname === '' ? '/' : route.pathname, csp.value.trim());
    }
  }
  const files = new Map<string, Entry>();
  const answers = new Map<string, Entry>();
  for (const file of walk(clientDir)) {
    const urlPath = urlPathOf(path.relative(clientDir, file));
    const body = fs.readFileSync(file);
    const ext = path.extname(file).toLowerCase();
    const type = ext === '.xml' ? xmlType(body) : (mimeTypes[ext] ?? 'application/octet-stream');
    const hashed = urlPath.startsWith('/_astro/');
    (answerOnly(urlPath) ? answers : files).set(urlPath, {
      body,
      type,
      cacheControl: hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      etag: `"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`,
      policy: type.startsWith('text/html') ? policies.get(urlPath) : undefined,
    });
  }

  return {
    /** Whether `urlPath` is a prerendered page. */
    page(urlPath: string): boolean {
      return files.get(urlPath)?.type.startsWith('text/html') ?? false;
    },

    /**
     * Sends the answer-only page at `urlPath` as the answer to any request, with `status`, its CSP, not to be
     * kept (`no-store`). False when the build has no such page.
     */
    answerWith(req: IncomingMessage, res: ServerResponse, urlPath: string, status: number, https: boolean, headers: Record<string, string> = {}): boolean {
      const entry = answers.get(urlPath);
      if (!entry) return false;
      const head: Record<string, string> = { ...headers, Vary: 'Accept-Encoding', 'Cache-Control': 'no-store' };
      if (entry.policy) head['Content-Security-Policy'] = withUpgrade(entry.policy, https);
      send(req, res, entry, status, head);
      return true;
    },

    /**
     * Answers a GET or HEAD for a built file; false when there is none (the request goes on). `setCookie`
     * (the referral cookie of an affiliate's link: lib/leads/referral.ts) is set with a page, never with
     * another file: that answer is sent whole, `private, no-store` (no shared cache keeps an answer that
     * sets a cookie) and without an ETag (no 304, which would be an answer without the page).
     */
    serve(req: IncomingMessage, res: ServerResponse, https: boolean, { setCookie }: { setCookie?: string } = {}): boolean {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const [raw, ...query] = (req.url ?? '/').split('?');
      let urlPath: string;
      try {
        urlPath = decodeURIComponent(raw);
      } catch {
        return false;
      }
      if (urlPath.length > 1 && urlPath.endsWith('/')) {
        const page = urlPath.replace(/\/+$/, '') || '/';
        if (!files.has(page)) return false;
        // The query goes along: an affiliate's `?ref=` and the campaign tags of a link written with a slash.
        const target = query.length ? `${page}?${query.join('?')}` : page;
        res.writeHead(301, { Location: target, 'Content-Type': 'text/plain; charset=utf-8' }).end(`Moved to ${target}\n`);
        return true;
      }
      const entry = files.get(urlPath);
      if (!entry) return false;
      res.setHeader('Vary', 'Accept-Encoding');
      if (entry.policy) res.setHeader('Content-Security-Policy', withUpgrade(entry.policy, https));
      if (setCookie && entry.type.startsWith('text/html')) {
        res.setHeader('Set-Cookie', setCookie);
        res.setHeader('Cache-Control', 'private, no-store');
        send(req, res, entry, 200, {});
        return true;
      }
      res.setHeader('Cache-Control', entry.cacheControl);
      res.setHeader('ETag', entry.etag);
      if (req.headers['if-none-match'] === entry.etag) {
        res.writeHead(304).end();
        return true;
      }
      send(req, res, entry, 200, {});
      return true;
    },
  };
}
