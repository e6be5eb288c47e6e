import { getDb, getHandle } from '@/lib/db/client';
import { endpointByName, statusOfOutcome } from './endpoints';
import type { FormState } from './form-state';
import { getLimiters } from './rate-limit';
import type { LeadKind } from './schemas';
import { handleSubmission } from './submit';

export type RequestMeta = { ip: string; requestId: string };

/** One submission of a lead form, posted with or without JavaScript. */
export async function runSubmission(kind: LeadKind, formData: FormData, meta: RequestMeta, fixed?: Record<string, string>): Promise<FormState> {
  await getDb().catch(() => undefined); // opens the database when no server handed one over (tests)
  const handle = await getHandle()?.catch(() => undefined);
  return handleSubmission(kind, formData, {
    db: getDb,
    limiters: getLimiters(handle),
    ip: meta.ip,
    requestId: meta.requestId,
    fixed,
  });
}

export type LeadPostAnswer = { status: number; state: FormState };

export const formNotFound: LeadPostAnswer = {
  status: 404,
  state: { status: 'failed', title: 'Form not found', message: 'There is no form at this address.' },
};

/** `POST /api/leads/<name>` (lib/leads/endpoints.ts): the form's new state and its HTTP status. */
export async function answerLeadPost(name: string, formData: FormData, meta: RequestMeta): Promise<LeadPostAnswer> {
  const endpoint = endpointByName(name);
  if (!endpoint) return formNotFound;
  const state = await runSubmission(endpoint.kind, formData, meta, endpoint.fixed);
  return { status: statusOfOutcome[state.status], state };
}
