import 'server-only';
import { getDb } from '@/lib/db/client';
import { endpointByName, statusOfOutcome } from './endpoints';
import type { FormState } from './form-state';
import { getLimiters } from './rate-limit';
import type { LeadKind } from './schemas';
import { handleSubmission } from './submit';

type Handle = { kind: 'pglite' | 'postgres'; client: unknown };
const g = globalThis as typeof globalThis & {
  __postcraftDb?: Promise<Handle>;
  __postcraftLeadPost?: typeof answerLeadPost;
};

export type RequestMeta = { ip: string; requestId: string; onLimited?: () => void };

/** One submission of a lead form, from the server action or from the JSON endpoint. */
export async function runSubmission(kind: LeadKind, formData: FormData, meta: RequestMeta, source?: 'blog' | 'footer'): Promise<FormState> {
  await getDb().catch(() => undefined); // opens the database when not started by scripts/start.mjs
  const handle = await g.__postcraftDb?.catch(() => undefined);
  return handleSubmission(kind, formData, {
    db: getDb,
    limiters: getLimiters(handle),
    ip: meta.ip,
    requestId: meta.requestId,
    source,
    onLimited: meta.onLimited,
  });
}

export type LeadPostAnswer = { status: number; state: FormState };

const notFound: LeadPostAnswer = {
  status: 404,
  state: { status: 'failed', title: 'Form not found', message: 'There is no form at this address.' },
};

/**
 * `POST /api/leads/<name>` (lib/leads/endpoints.ts): the form's new state and its HTTP status.
 * Served by app/api/leads/[name]/route.ts, and in `npm start` straight from the HTTP server
 * (server/lead-endpoint.mjs) without Next's routing, through `installLeadEndpoint`.
 */
export async function answerLeadPost(name: string, formData: FormData, meta: RequestMeta): Promise<LeadPostAnswer> {
  const endpoint = endpointByName(name);
  if (!endpoint) return notFound;
  const state = await runSubmission(endpoint.kind, formData, meta, endpoint.source);
  return { status: statusOfOutcome[state.status], state };
}

/** Called at server start (instrumentation.ts): lets server/lead-endpoint.mjs answer lead posts. */
export function installLeadEndpoint() {
  g.__postcraftLeadPost = answerLeadPost;
}
