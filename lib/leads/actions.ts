'use server';
import { getDb } from '@/lib/db/client';
import type { FormState } from './form-state';
import { getLimiters } from './rate-limit';
import { requestContext } from './request-context';
import type { LeadKind } from './schemas';
import { handleSubmission } from './submit';

type Handle = { kind: 'pglite' | 'postgres'; client: unknown };
const g = globalThis as typeof globalThis & { __postcraftDb?: Promise<Handle> };

async function submit(kind: LeadKind, formData: FormData, source?: 'blog' | 'footer'): Promise<FormState> {
  const req = await requestContext();
  await getDb().catch(() => undefined); // opens the database when not started by scripts/start.mjs
  const handle = await g.__postcraftDb?.catch(() => undefined);
  return handleSubmission(kind, formData, {
    db: getDb,
    limiters: getLimiters(handle),
    ip: req.ip,
    requestId: req.requestId,
    source,
    onLimited: () => req.setStatus(429),
  });
}

export async function submitPartnerApplication(_prev: FormState, formData: FormData) {
  return submit('partner', formData);
}
export async function submitAffiliateApplication(_prev: FormState, formData: FormData) {
  return submit('affiliate', formData);
}
export async function submitAgencyEnquiry(_prev: FormState, formData: FormData) {
  return submit('agency', formData);
}
export async function sendContactMessage(_prev: FormState, formData: FormData) {
  return submit('contact', formData);
}
export async function subscribeFromBlog(_prev: FormState, formData: FormData) {
  return submit('newsletter', formData, 'blog');
}
export async function subscribeFromFooter(_prev: FormState, formData: FormData) {
  return submit('newsletter', formData, 'footer');
}
export async function submitDataRequest(_prev: FormState, formData: FormData) {
  return submit('dataRequest', formData);
}
