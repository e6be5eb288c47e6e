// For responses Next renders at request time (the 404 page, a form posted without JavaScript, the staff
// area): buffers an HTML response, sets the Content-Security-Policy with the hashes of its inline
// scripts, compresses it, and sends it. Other responses pass through untouched.
import zlib from 'node:zlib';
import { contentSecurityPolicy, inlineScriptHashes, isHttps } from './security-headers.mjs';

/** Document requests get HTML back: Next must not compress those, we do it after hashing. */
export function expectsDocument(req) {
  const h = req.headers;
  return !(h.rsc || h['next-action'] || h['next-router-prefetch'] || h['next-router-state-tree'] || (req.url ?? '').includes('_rsc='));
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
export function hashInlineScriptsOfHtml(req, res) {
  const acceptEncoding = String(req.headers['accept-encoding'] ?? '');
  delete req.headers['accept-encoding'];
  const https = isHttps(req);
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  const writeHead = res.writeHead.bind(res);
  /** @type {Buffer[] | null | undefined} undefined = not decided, null = pass through */
  let chunks;
  let pendingHead;

  let finishing = false;

  /** Status and headers of a writeHead call, kept on the response until the buffered body is sent. */
  function applyHead([status, ...rest]) {
    if (typeof status === 'number') res.statusCode = status;
    const headers = rest.find((a) => a && typeof a === 'object');
    if (Array.isArray(headers)) for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i], headers[i + 1]);
    else if (headers) for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  }

  function decide() {
    if (chunks !== undefined) return;
    if (pendingHead) {
      applyHead(pendingHead);
      pendingHead = undefined;
    }
    chunks = /text\/html/i.test(String(res.getHeader('content-type') ?? '')) && !res.getHeader('content-encoding') ? [] : null;
  }

  // Never replaced once set (Next's compression wraps it, and calls it through _implicitHeader on every
  // write): before the decision it remembers the head; when passing through it sends it; while the
  // body is buffered it only records status and headers, which go out with the body at the end.
  res.writeHead = function (...args) {
    if (chunks === undefined) {
      pendingHead = args;
      return res;
    }
    if (chunks === null || finishing) return writeHead(...args);
    applyHead(args);
    return res;
  };
  // Next flushes the headers before streaming a page rendered on request (a no-JavaScript form post):
  // while the body is buffered for hashing, the headers go out with it at the end.
  const flushHeaders = res.flushHeaders.bind(res);
  res.flushHeaders = function () {
    decide();
    if (chunks === null) flushHeaders();
  };
  res.write = function (chunk, encoding, cb) {
    decide();
    if (chunks === null) return write(chunk, encoding, cb);
    if (chunk) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8'));
    const callback = typeof encoding === 'function' ? encoding : cb;
    if (callback) process.nextTick(callback);
    return true;
  };
  res.end = function (chunk, encoding, cb) {
    decide();
    if (chunks === null) return end(chunk, encoding, cb);
    if (chunk && typeof chunk !== 'function') {
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8'));
    }
    let body = Buffer.concat(chunks);
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(inlineScriptHashes(body.toString('utf8')), { https }));
    res.removeHeader('Transfer-Encoding');
    if (body.length >= 512 && res.statusCode !== 304 && res.statusCode !== 204) {
      if (/\bbr\b/.test(acceptEncoding)) {
        body = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
        res.setHeader('Content-Encoding', 'br');
      } else if (/\bgzip\b/.test(acceptEncoding)) {
        body = zlib.gzipSync(body, { level: 6 });
        res.setHeader('Content-Encoding', 'gzip');
      }
      const vary = String(res.getHeader('Vary') ?? '');
      if (!/accept-encoding/i.test(vary)) res.setHeader('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    res.setHeader('Content-Length', body.length);
    const callback = typeof chunk === 'function' ? chunk : typeof encoding === 'function' ? encoding : cb;
    finishing = true;
    return end(req.method === 'HEAD' ? undefined : body, callback);
  };
}
