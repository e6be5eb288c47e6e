'use server';
import { requestContext } from './request-context';
import { runSubmission } from './run';
import type { FormState } from './form-state';
import type { LeadKind } from './schemas';

// The forms' server actions: what a browser without JavaScript posts to (the page comes back with the
// answer in it). With JavaScript the forms post to /api/leads/<name> instead (lib/leads/endpoints.ts).
async function submit(kind: LeadKind, formData: FormData, source?: 'blog' | 'footer'): Promise<FormState> {
  const req = await requestContext();
  return runSubmission(kind, formData, { ip: req.ip, requestId: req.requestId, onLimited: () => req.setStatus(429) }, source);
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
