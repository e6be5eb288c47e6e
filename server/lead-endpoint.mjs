// `POST /api/leads/<name>`, where the lead forms post when the page's JavaScript runs, answered here
// in `npm start` without going through Next's routing (Next's request pipeline costs several times
// what storing the lead does). The answer itself comes from the site's own code, `answerLeadPost` in
// lib/leads/run.ts, which Next's instrumentation hook (instrumentation.ts) installs at start-up; the
// same function serves app/api/leads/[name]/route.ts, so `next dev` and `FAST_PATH=0` behave alike.
//
// Runs after the request guards (server/request-guards.mjs): the post comes from the site itself,
// is a form (multipart or URL-encoded) of at most 64 kB, has been read whole, and has a request id
// and the client's address in the guards' registry.
import { postBodies } from './request-guards.mjs';

export const leadPostPrefix = '/api/leads/';

const failed = (title, message) => ({ status: 'failed', title, message });

/** @param {import('node:http').ServerResponse} res @param {number} status @param {unknown} body */
function sendJson(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

/** @param {Buffer} body @param {string} type @returns {Promise<FormData>} */
async function readForm(body, type) {
  if (/^application\/x-www-form-urlencoded/i.test(type)) {
    const form = new FormData();
    for (const [name, value] of new URLSearchParams(body.toString('utf8'))) form.append(name, value);
    return form;
  }
  return new Response(body, { headers: { 'Content-Type': type } }).formData();
}

/**
 * Returns `serve(req, res)`: true when it answered the request, false to leave it to Next (not a lead
 * post, or the site's code has not installed the endpoint).
 */
export function createLeadEndpoint() {
  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
  return async function serveLeadPost(req, res) {
    if (req.method !== 'POST' || !req.url?.startsWith(leadPostPrefix)) return false;
    const answer = globalThis.__postcraftLeadPost;
    const body = postBodies.get(req);
    if (typeof answer !== 'function' || !body) return false;
    const requestId = String(req.headers['x-request-id'] ?? '');
    const ip = globalThis.__postcraftRequests?.get(requestId)?.ip ?? req.socket?.remoteAddress ?? 'unknown';
    const name = new URL(req.url, 'http://site').pathname.slice(leadPostPrefix.length);
    let form;
    try {
      form = await readForm(body, String(req.headers['content-type'] ?? ''));
    } catch {
      sendJson(res, 400, failed('Form not readable', 'What was sent could not be read as a form.'));
      return true;
    }
    try {
      const { status, state } = await answer(name, form, { ip, requestId });
      sendJson(res, status, state);
    } catch (err) {
      console.error(`postcraft: lead post ${requestId} failed: ${err?.message ?? err}`);
      if (!res.headersSent) sendJson(res, 503, failed('Submission Failed', 'Please try again in a moment.'));
      else res.destroy();
    }
    return true;
  };
}
