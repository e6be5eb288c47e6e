// One post of a lead form, with JavaScript (`POST /api/leads/<name>`, server/lead-posts.ts) or without it
// (`POST <page>?form=<name>`, answered by the page rendered again: src/pages/on-request/[...path].astro):
// the form's name -> its kind and fixed values -> `checkAndStoreLead` (checks, limits, exactly-once) ->
// `storeLead` (one SQL statement).
import { getDb, getHandle } from '@/lib/db/client';
import { endpointByName, noScriptFormParam, pageHasForm, statusOfOutcome } from './endpoints';
import type { FormState } from './form-state';
import type { FormAnswer } from './page-answer';
import { getLimiters } from './rate-limit';
import { checkAndStoreLead } from './submit';
import { attributionOf } from './attribution';
import { referralFromCookies } from './referral';

/** Who posted: the client's address, the request's id, and the path of the page the form was on when known. */
export type RequestMeta = {
  ip: string;
  requestId: string;
  page?: string | null;
  via?: 'script' | 'page';
  /** The post's `Referer` and this site's host, for the lead's attribution (lib/leads/attribution.ts). */
  referer?: string | null;
  host?: string | null;
  /** The post's `Cookie` header: the affiliate code of its referral cookie goes with the attribution (lib/leads/referral.ts). */
  cookie?: string | null;
};

export type LeadPostAnswer = { status: number; state: FormState };

export const formNotFound: LeadPostAnswer = {
  status: 404,
  state: { status: 'failed', title: 'Form not found', message: 'There is no form at this address.' },
};

/** The form `name`'s new state after this post, and its HTTP status (404 for a form that does not exist). */
export async function submitLeadForm(name: string, formData: FormData, meta: RequestMeta): Promise<LeadPostAnswer> {
  const endpoint = endpointByName(name);
  if (!endpoint) return formNotFound;
  // The server hands its database over; under `astro dev` it opens on first use. Unavailable: memory limits
  // (checkAndStoreLead answers the visitor's 'Submission Failed' when the store fails).
  const handle = await getDb().then(() => getHandle(), () => undefined);
  const state = await checkAndStoreLead(endpoint.kind, formData, {
    db: getDb,
    limiters: getLimiters(handle),
    ip: meta.ip,
    requestId: meta.requestId,
    form: name,
    fixed: endpoint.fixed,
    page: meta.page ?? null,
    via: meta.via,
    attribution: attributionOf(formData, meta.referer, meta.host ?? null, meta.page ?? null, referralFromCookies(meta.cookie)),
  });
  return { status: statusOfOutcome[state.status], state };
}

/**
 * A post without JavaScript to the page at `path` (`<path>?form=<name>`), for the page rendered on request
 * to show: the answer of the form it names, or undefined when this page has no such form or the body is
 * not a form (the page then answers 404 or 400).
 */
export async function answerPagePost(request: Request, path: string, meta: RequestMeta): Promise<FormAnswer | undefined> {
  const name = new URL(request.url).searchParams.get(noScriptFormParam) ?? '';
  if (!pageHasForm(path, name)) return undefined;
  const posted = await request.formData().catch(() => null);
  if (!posted) return undefined;
  const answer = await submitLeadForm(name, posted, {
    ...meta,
    page: path,
    via: 'page',
    referer: request.headers.get('referer'),
    host: new URL(request.url).host,
    cookie: request.headers.get('cookie'),
  });
  const values = Object.fromEntries([...posted].filter((e): e is [string, string] => typeof e[1] === 'string'));
  return { form: name, state: answer.state, posted: values };
}
