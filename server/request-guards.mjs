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
import { randomUUID } from 'node:crypto';

export const maxBodyBytes = 64 * 1024;

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
export function simplePage(title, text, backHref) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="${escapeHtml(backHref)}">Go back to the form</a></p></main></body></html>
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

/** @param {{ handle?: unknown }} _options */
export function createRequestGuards(_options = {}) {
  /** @type {Map<string, { ip: string; status?: number }>} */
  const registry = (globalThis.__postcraftRequests ??= new Map());
  const trustProxy = process.env.TRUST_PROXY === '1';

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
  return function guard(req, res) {
    const id = randomUUID();
    req.headers['x-request-id'] = id;
    res.setHeader('X-Request-Id', id);
    if (req.method !== 'POST') return false;

    const length = Number(req.headers['content-length']);
    if (Number.isFinite(length) && length > maxBodyBytes) {
      const body = simplePage(
        'Form too large',
        'What you sent is larger than 64 kB, the most a form on this site accepts. Please shorten your text and send it again.',
        backLink(req),
      );
      res.writeHead(413, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(body), Connection: 'close' });
      res.end(body);
      req.resume(); // drain what the client still sends, then the connection closes
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
