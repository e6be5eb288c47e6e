// Checks that run in `npm start` before Next sees a dynamic request (after the fast path and the
// security headers). Owned by the lead-capture work. `guard(req, res)` returns true when it has
// answered the request itself, false to let Next handle it.
//
// - Every request gets an id (`X-Request-Id` on the answer, `x-request-id` for the server code, which
//   logs failures with it). A client's own `x-request-id` is replaced.
// - A POST whose Content-Length is over 64 kB is answered 413 with a short page, before its body is read
//   (Next's serverActions.bodySizeLimit of 64kb also stops bodies sent without a length).
// - Each POST is registered with the client's address (the socket's, or with TRUST_PROXY=1 the last
//   X-Forwarded-For entry, the one the proxy saw). The form actions (lib/leads) read it for their rate
//   limits and, when a plain (no-JavaScript) form post is over a limit, ask for HTTP 429 here: the page
//   Next renders, with the form, the values and the message, is then sent with that status.
// - A POST from another site is answered 403 with a short page before Next sees it (Next itself
//   answers a cross-origin server-action POST with a 500): its Origin header, or without one its
//   Referer, must name the site itself: the request's Host (or X-Forwarded-Host), the host of SITE_URL,
//   or a host listed in ALLOWED_ORIGINS (the same list as next.config's serverActions.allowedOrigins;
//   "*.example.com" matches its subdomains). `Origin: null` (sandboxed frames, file:// pages) is
//   refused too. A POST with neither header is left to Next (which lets it through).
import { randomUUID } from 'node:crypto';

export const maxBodyBytes = 64 * 1024;

/** The body of each POST the guard let through (read whole, at most 64 kB), for server/lead-endpoint.mjs. */
export const postBodies = new WeakMap();

/** @param {import('node:http').IncomingMessage} req @param {boolean} trustProxy */
export function clientAddress(req, trustProxy) {
  if (trustProxy) {
    const forwarded = String(req.headers['x-forwarded-for'] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .pop();
    if (forwarded) return forwarded;
  }
  return req.socket?.remoteAddress ?? 'unknown';
}

const escapeHtml = (s) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small self-contained page (no scripts, no inline styles: the CSP allows neither). */
export function simplePage(title, text, backHref, backLabel = 'Go back to the form') {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="${escapeHtml(backHref)}">${escapeHtml(backLabel)}</a></p></main></body></html>
`;
}

/** Same-origin path of the page that sent the form, for a "go back" link. */
function backLink(req) {
  try {
    const ref = new URL(String(req.headers.referer ?? ''));
    if (ref.host === req.headers.host) return ref.pathname + ref.search;
  } catch {
    /* no or foreign referrer */
  }
  try {
    return new URL(req.url ?? '/', 'http://x').pathname;
  } catch {
    return '/';
  }
}

/**
 * Allowed host patterns from SITE_URL and ALLOWED_ORIGINS (entries may be hosts or full origins).
 * @param {Record<string, string | undefined>} [env]
 */
export function configuredHosts(env = process.env) {
  const hosts = new Set();
  const add = (raw) => {
    const v = raw.trim().toLowerCase();
    if (!v) return;
    try {
      hosts.add(/^[a-z][a-z0-9+.-]*:\/\//.test(v) ? new URL(v).host : v.replace(/\/+$/, ''));
    } catch {
      /* not a URL: ignored */
    }
  };
  if (env.SITE_URL) add(env.SITE_URL);
  for (const h of String(env.ALLOWED_ORIGINS ?? '').split(',')) add(h);
  return [...hosts];
}

function hostMatches(host, pattern) {
  if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1;
  return host === pattern;
}

/**
 * Where a POST comes from, when the browser says: 'same', 'foreign', or 'unknown' (neither an Origin
 * nor a Referer header). @param {import('node:http').IncomingMessage} req @param {string[]} allowed
 */
export function postOrigin(req, allowed) {
  const origin = req.headers.origin;
  const referer = req.headers.referer;
  let claimed;
  if (origin !== undefined) claimed = String(origin);
  else if (referer !== undefined) claimed = String(referer);
  else return 'unknown';
  let host;
  try {
    const url = new URL(claimed);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'foreign';
    host = url.host.toLowerCase();
  } catch {
    return 'foreign'; // "null" and anything else that is not an address
  }
  const own = [req.headers['x-forwarded-host'], req.headers.host]
    .flatMap((h) => String(h ?? '').split(','))
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return own.includes(host) || allowed.some((p) => hostMatches(host, p)) ? 'same' : 'foreign';
}

/** The most of a refused body that is read (and dropped) before answering: 8 MB. */
export const drainLimitBytes = 8 * 1024 * 1024;

/**
 * Answers once the client has sent its body (read and dropped, up to `limit` bytes; beyond that the
 * answer goes out and the connection closes), so that a client still writing does not see the
 * connection reset instead of the answer.
 */
function answerAfterBody(req, res, status, body, limit = maxBodyBytes) {
  let sent = false;
  let received = 0;
  const send = () => {
    if (sent) return;
    sent = true;
    res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(body), Connection: 'close' });
    res.end(body);
  };
  req.on('data', (chunk) => {
    received += chunk.length;
    if (received > limit) send();
  });
  req.on('end', send);
  req.on('error', send);
  if (req.readableEnded) send();
  else req.resume();
}

/** @param {{ handle?: unknown }} _options */
export function createRequestGuards(_options = {}) {
  /** @type {Map<string, { ip: string; status?: number }>} */
  const registry = (globalThis.__postcraftRequests ??= new Map());
  const trustProxy = process.env.TRUST_PROXY === '1';
  const allowedHosts = configuredHosts();

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
  return async function guard(req, res) {
    const id = randomUUID();
    req.headers['x-request-id'] = id;
    res.setHeader('X-Request-Id', id);
    explainEmptyErrors(req, res);
    if (req.method !== 'POST') return false;

    if (postOrigin(req, allowedHosts) === 'foreign') {
      const body = simplePage(
        'Form not accepted',
        'This form was sent from another website, so it was not accepted. To contact us, please use the form on our own site.',
        '/',
        'Go to the home page',
      );
      answerAfterBody(req, res, 403, body);
      return true;
    }

    const length = Number(req.headers['content-length']);
    if (Number.isFinite(length) && length > maxBodyBytes) {
      const body = simplePage(
        'Form too large',
        'What you sent is larger than 64 kB, the most a form on this site accepts. Please shorten your text and send it again.',
        backLink(req),
      );
      answerAfterBody(req, res, 413, body, drainLimitBytes);
      return true;
    }

    const { refusal, body } = await unreadableForm(req);
    if (body) postBodies.set(req, body);
    if (refusal) {
      answerAfterBody(req, res, refusal.status, simplePage(refusal.title, refusal.text, backLink(req)), drainLimitBytes);
      return true;
    }

    const entry = { ip: clientAddress(req, trustProxy) };
    registry.set(id, entry);
    res.once('close', () => registry.delete(id));
    const writeHead = res.writeHead;
    res.writeHead = function (statusCode, ...rest) {
      return writeHead.call(this, entry.status && statusCode === 200 ? entry.status : statusCode, ...rest);
    };
    return false;
  };
}

const formTypes = /^(multipart\/form-data|application\/x-www-form-urlencoded)\s*(;|$)/i;

/**
 * Reads a request's whole body, at most `limit` bytes, and puts it back for Next to read (it is
 * unshifted before the stream's 'end' is emitted, so Next reads it as if nothing had happened).
 * @param {import('node:http').IncomingMessage} req @param {number} limit
 * @returns {Promise<{ body?: Buffer; tooLarge?: boolean; error?: boolean }>}
 */
function readWholeBody(req, limit) {
  return new Promise((resolve) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    const finish = (result) => {
      req.off('readable', onReadable);
      req.off('end', onEnd);
      req.off('error', onError);
      resolve(result);
    };
    const onReadable = () => {
      let chunk;
      while ((chunk = req.read()) !== null) {
        chunks.push(chunk);
        size += chunk.length;
        if (size > limit) return finish({ tooLarge: true });
      }
      if (req.complete) {
        const body = Buffer.concat(chunks);
        if (body.length) req.unshift(body);
        // Reading marked the stream as read ("disturbed"); with every byte put back it is as new again,
        // and Next's route handlers, which wrap it in a web Request, refuse a disturbed body.
        const state = /** @type {any} */ (req)._readableState;
        if (state && 'dataEmitted' in state) state.dataEmitted = false;
        finish({ body });
      }
    };
    const onEnd = () => finish({ body: Buffer.concat(chunks) });
    const onError = () => finish({ error: true });
    req.on('readable', onReadable);
    req.once('end', onEnd);
    req.once('error', onError);
  });
}

const tooLargeText = 'What you sent is larger than 64 kB, the most a form on this site accepts. Please shorten your text and send it again.';
const unreadable = {
  status: 400,
  title: 'Form not readable',
  text: 'What was sent could not be read as a form. Please go back, fill in the form again and send it.',
};

/**
 * POSTs that Next would answer with an empty 405 or a 500 (added by the hardening suites, test:hostile):
 * a plain post (no `Next-Action` header: a browser's form) must be a form (multipart or URL-encoded),
 * else 415; the body is read first (at most 64 kB, also when sent without a Content-Length, else
 * 413); a multipart body must be complete: its boundary first and its closing boundary, else 400.
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<{ refusal: { status: number; title: string; text: string } | null; body?: Buffer }>}
 */
async function unreadableForm(req) {
  const type = String(req.headers['content-type'] ?? '');
  if (!req.headers['next-action'] && !formTypes.test(type)) {
    return {
      refusal: {
        status: 415,
        title: 'Form not accepted',
        text: 'This address only accepts forms sent from the pages of this site. Please go back and use the form.',
      },
    };
  }
  const { body, tooLarge, error } = await readWholeBody(req, maxBodyBytes);
  if (tooLarge) return { refusal: { status: 413, title: 'Form too large', text: tooLargeText } };
  if (error || !body) return { refusal: unreadable };
  if (!/^multipart\/form-data/i.test(type)) return { refusal: null, body };
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  if (!boundary) return { refusal: unreadable };
  const marker = `--${boundary[1] ?? boundary[2]}`;
  const start = body.indexOf(marker);
  if (start < 0 || start > 2 || body.indexOf(`${marker}--`) < 0) return { refusal: unreadable };
  return { refusal: null, body };
}

const emptyErrorText = {
  400: ['Request not understood', 'What was sent could not be understood. Please go back and try again.'],
  404: ['Page not found', 'There is nothing at this address.'],
  405: ['Not available this way', 'This address does not accept that kind of request. Please use the links and forms of the site.'],
  413: ['Too large', 'What you sent is larger than this site accepts.'],
  415: ['Form not accepted', 'This address only accepts forms sent from the pages of this site.'],
};

/**
 * An error answer that Next sends without a body (a route handler's 405 for a method it does not
 * have, a bare 404 from a download route) gets a short page saying what happened, so that no answer
 * is blank (added by the hardening suites, test:hostile).
 * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res
 */
function explainEmptyErrors(req, res) {
  if (req.method === 'HEAD') return;
  let wrote = false;
  const write = res.write;
  const end = res.end;
  res.write = function (...args) {
    if (args[0] && args[0].length) wrote = true;
    return write.apply(this, args);
  };
  res.end = function (chunk, ...rest) {
    const empty = !wrote && (!chunk || typeof chunk === 'function' || chunk.length === 0);
    const text = emptyErrorText[res.statusCode];
    if (empty && text && !res.headersSent) {
      const body = simplePage(text[0], text[1], '/', 'Go to the home page');
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Content-Length', Buffer.byteLength(body));
      res.removeHeader('Content-Encoding');
      return end.call(this, body, ...(typeof chunk === 'function' ? [chunk] : rest.filter((a) => typeof a === 'function')));
    }
    return end.call(this, chunk, ...rest);
  };
}
