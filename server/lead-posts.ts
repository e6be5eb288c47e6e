// `POST /api/leads/<name>`: a lead form posted by the page's JavaScript (URL-encoded), answered with the
// form's new state as JSON (200 success, 422 invalid, 429 limited, 503 failed, 404 unknown form). Kept in
// the server, before Astro, for its speed (npm run bench:submit). A form posted without JavaScript goes
// to its page, which Astro renders again with the answer (src/pages/on-request/[...path].astro). The
// guards (request-guards.ts) have already checked the origin, the size and the type, and read the body (and
// a multipart body's fields).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { submitLeadForm, type RequestMeta } from '@/lib/leads/submit-form';
import { readForm } from './request-guards';

/** The path of the page a form was posted from, by its Referer when it names this host (recorded with a consent). */
function postedFrom(req: IncomingMessage): string | null {
  try {
    const ref = new URL(String(req.headers.referer ?? ''));
    return ref.host === req.headers.host ? ref.pathname.slice(0, 200) : null;
  } catch {
    return null;
  }
}

export async function answerLeadJson(req: IncomingMessage, res: ServerResponse, name: string, body: Buffer, meta: RequestMeta, form?: FormData) {
  const answer = await submitLeadForm(name, form ?? (await readForm(body, String(req.headers['content-type'] ?? ''))), {
    ...meta,
    page: postedFrom(req),
    via: 'script',
    referer: req.headers.referer ?? null,
    host: req.headers.host ?? null,
    cookie: req.headers.cookie ?? null,
  });
  const text = JSON.stringify(answer.state);
  res.writeHead(answer.status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store' });
  res.end(text);
}
