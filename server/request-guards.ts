// What every POST must pass before anything else reads it: it comes from this site (its Origin, or
// without one its Referer, names the site: the request's own host, the host of SITE_URL or one of
// ALLOWED_ORIGINS; `Origin: null` is refused), it is a form (multipart or URL-encoded), it is at most
// 64 kB, and a multipart body is complete. The body is read here, once, and kept on the request
// (`req.body`, which Astro's request adapter reads instead of the stream).
import type { IncomingMessage } from 'node:http';
import type { ServerAnswerKind } from '@/lib/server-answers';

export const maxBodyBytes = 64 * 1024;
/** The most of a refused body that is read (and dropped) before answering: 8 MB. */
const drainLimitBytes = 8 * 1024 * 1024;

/** A refused post: which of the server's answers (lib/server-answers.ts, with its status) it gets. */
export type Refusal = { kind: ServerAnswerKind };
const refusal = (kind: ServerAnswerKind): Refusal => ({ kind });

/** Allowed host patterns from SITE_URL and ALLOWED_ORIGINS (entries may be hosts or full origins). */
export function configuredHosts(env: Record<string, string | undefined> = process.env): string[] {
  const hosts = new Set<string>();
  const add = (raw: string) => {
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

function hostMatches(host: string, pattern: string) {
  if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1;
  return host === pattern;
}

/**
 * Where a POST comes from, when the browser says: 'same', 'foreign', or 'unknown' (no Origin nor Referer).
 * Our own host is the Host header's, and X-Forwarded-Host's only when the connection comes from a proxy we
 * trust (`trustProxy`: TRUST_PROXY=1 and a peer in TRUST_PROXY_RANGES, proxy-trust.ts): anyone else can send that header.
 */
export function postOrigin(req: IncomingMessage, allowed: string[], trustProxy = false): 'same' | 'foreign' | 'unknown' {
  const origin = req.headers.origin;
  const referer = req.headers.referer;
  const claimed = origin !== undefined ? String(origin) : referer !== undefined ? String(referer) : undefined;
  if (claimed === undefined) return 'unknown';
  let host: string;
  try {
    const url = new URL(claimed);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'foreign';
    host = url.host.toLowerCase();
  } catch {
    return 'foreign'; // "null" and anything else that is not an address
  }
  const own = [trustProxy ? req.headers['x-forwarded-host'] : undefined, req.headers.host]
    .flatMap((h) => String(h ?? '').split(','))
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return own.includes(host) || allowed.some((p) => hostMatches(host, p)) ? 'same' : 'foreign';
}

/**
 * Sends a refusal (`write`, which answers with `Connection: close`) once the client has sent its body (read
 * and dropped, up to a limit; beyond it the answer goes out and the connection closes), so that a client
 * still writing sees the answer, not a reset.
 */
export function answerRefusal(req: IncomingMessage, write: () => void) {
  let sent = false;
  let received = 0;
  const send = () => {
    if (sent) return;
    sent = true;
    write();
  };
  if (req.readableEnded || req.complete) return send();
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > drainLimitBytes) send();
  });
  req.on('end', send);
  req.on('error', send);
  req.resume();
}

/** Reads a body of at most `limit` bytes (past it: `tooLarge`, the request paused with the rest unread). */
export function readBody(req: IncomingMessage, limit: number): Promise<{ body?: Buffer; tooLarge?: boolean; error?: boolean }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: { body?: Buffer; tooLarge?: boolean; error?: boolean }) => {
      if (done) return;
      done = true;
      req.off('data', onData);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.pause();
        return finish({ tooLarge: true });
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => finish({ body: Buffer.concat(chunks) }));
    req.once('error', () => finish({ error: true }));
  });
}

const formTypes = /^(multipart\/form-data|application\/x-www-form-urlencoded)\s*(;|$)/i;

/**
 * Checks a POST and reads its body. Returns the body, or the refusal to answer with (the caller sends
 * it with `answerRefusal`, after the body has been drained).
 */
export async function checkPost(req: IncomingMessage, allowedHosts: string[], trustProxy = false): Promise<{ body: Buffer; form?: FormData } | { refusal: Refusal }> {
  if (postOrigin(req, allowedHosts, trustProxy) === 'foreign') return { refusal: refusal('other-site') };
  const length = Number(req.headers['content-length']);
  if (Number.isFinite(length) && length > maxBodyBytes) return { refusal: refusal('too-large') };
  const type = String(req.headers['content-type'] ?? '');
  if (!formTypes.test(type)) return { refusal: refusal('not-a-form') };
  const { body, tooLarge: over, error } = await readBody(req, maxBodyBytes);
  if (over) return { refusal: refusal('too-large') };
  if (error || !body) return { refusal: refusal('unreadable') };
  if (/^multipart\/form-data/i.test(type)) {
    const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
    if (!boundary) return { refusal: refusal('unreadable') };
    const marker = `--${boundary[1] ?? boundary[2]}`;
    const start = body.indexOf(marker);
    if (start < 0 || start > 2 || body.indexOf(`${marker}--`) < 0) return { refusal: refusal('unreadable') };
    // Read whole here, so that a body broken in the middle (a part without its headers) is refused as
    // unreadable, like one broken at its ends, before any page or endpoint reads it (a page that read it
    // could no longer be rendered in its place). The fields read are kept for the JSON endpoint.
    try {
      return { body, form: await readForm(body, type) };
    } catch {
      return { refusal: refusal('unreadable') };
    }
  }
  return { body };
}

/** The form fields of a checked body. */
export async function readForm(body: Buffer, type: string): Promise<FormData> {
  if (/^application\/x-www-form-urlencoded/i.test(type)) {
    const form = new FormData();
    for (const [name, value] of new URLSearchParams(body.toString('utf8'))) form.append(name, value);
    return form;
  }
  return new Response(new Uint8Array(body), { headers: { 'Content-Type': type } }).formData();
}
