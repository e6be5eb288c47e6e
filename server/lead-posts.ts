// The lead forms' posts, answered here without Astro's routing:
// - with JavaScript: `POST /api/leads/<name>`, URL-encoded, answered with the form's new state as JSON
//   (200 success, 422 invalid, 429 limited, 503 failed, 404 unknown form);
// - without JavaScript: `POST <page>?form=<name>` (the form's own page), answered with that page, the form
//   rendered in its new state (HTTP 429 when over the limit, else 200).
// Both run `answerLeadPost` (lib/leads/run.ts). The guards (request-guards.ts) have already checked
// the origin, the size and the type, and read the body.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { endpointByName, leadEndpointPrefix, noScriptFormParam, type LeadEndpointName } from '@/lib/leads/endpoints';
import { answerLeadPost, formNotFound, type RequestMeta } from '@/lib/leads/run';
import { readForm } from './request-guards';
import { findForm, pageWithForm } from './no-script-forms';
import { sendPage } from './send-page';
import type { StaticFiles } from './static-files';


function sendJson(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store' });
  res.end(text);
}

/** What a lead post is, from its address: the JSON endpoint, a page's form, or neither. */
export function leadPostTarget(url: URL): { json: true; name: string } | { json: false; name: LeadEndpointName; page: string } | undefined {
  if (url.pathname.startsWith(leadEndpointPrefix)) return { json: true, name: url.pathname.slice(leadEndpointPrefix.length) };
  const name = url.searchParams.get(noScriptFormParam);
  if (name && endpointByName(name)) return { json: false, name: name as LeadEndpointName, page: url.pathname };
  return undefined;
}

/** Answers a lead post. False when the page has no such form (the request goes on, to a 404 or a 405). */
export async function answerLead(
  req: IncomingMessage,
  res: ServerResponse,
  target: NonNullable<ReturnType<typeof leadPostTarget>>,
  body: Buffer,
  meta: RequestMeta & { https: boolean },
  files: StaticFiles,
): Promise<boolean> {
  const type = String(req.headers['content-type'] ?? '');
  if (target.json) {
    if (!endpointByName(target.name)) {
      sendJson(res, formNotFound.status, formNotFound.state);
      return true;
    }
    const answer = await answerLeadPost(target.name, await readForm(body, type), meta);
    sendJson(res, answer.status, answer.state);
    return true;
  }
  const page = files.page(target.page);
  if (!page) return false;
  const posted = await readForm(body, type);
  const place = findForm(page.html, target.name, posted);
  if (!place) return false;
  const answer = await answerLeadPost(target.name, posted, meta);
  const html = pageWithForm(page.html, place, target.page, target.name, answer.state, posted);
  // The answer is a whole page (about 50-140 kB).
  await sendPage(req, res, { html, policy: page.policy, status: answer.status === 429 ? 429 : 200, cacheControl: 'no-store', https: meta.https });
  return true;
}
