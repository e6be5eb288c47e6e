/**
 * Where the lead forms post when the page's JavaScript runs: `POST /api/leads/<name>` with the form's
 * fields (URL-encoded), answered with the form's new state as JSON. Client-safe (no server imports):
 * the forms and the server share this table.
 *
 * Without JavaScript the same forms post to their own page (`<page>?form=<name>`, see `noScriptAction`):
 * the server answers with that page, the form in its new state. Both paths run `handleSubmission`.
 */
import type { FormStatus } from './form-state';
import type { LeadKind } from './schemas';

export type LeadEndpoint = { kind: LeadKind; source?: 'blog' | 'footer' };

export const leadEndpoints = {
  partner: { kind: 'partner' },
  affiliate: { kind: 'affiliate' },
  agency: { kind: 'agency' },
  contact: { kind: 'contact' },
  'newsletter-blog': { kind: 'newsletter', source: 'blog' },
  'newsletter-footer': { kind: 'newsletter', source: 'footer' },
  'data-request': { kind: 'dataRequest' },
} as const satisfies Record<string, LeadEndpoint>;

export type LeadEndpointName = keyof typeof leadEndpoints;

export const leadEndpointPrefix = '/api/leads/';

/** The endpoint name of the form of `kind` (and newsletter `source`). */
export function leadEndpointName(kind: LeadKind, source?: 'blog' | 'footer'): LeadEndpointName {
  const name = (Object.keys(leadEndpoints) as LeadEndpointName[]).find((n) => {
    const e: LeadEndpoint = leadEndpoints[n];
    return e.kind === kind && (kind !== 'newsletter' || e.source === (source ?? 'footer'));
  });
  if (!name) throw new Error(`no endpoint for the ${kind} form`);
  return name;
}

/** The address a form of `kind` (and newsletter `source`) posts to with JavaScript. */
export function leadEndpointPath(kind: LeadKind, source?: 'blog' | 'footer'): string {
  return `${leadEndpointPrefix}${leadEndpointName(kind, source)}`;
}

/** The query parameter that marks a post without JavaScript to a page as the post of one of its forms. */
export const noScriptFormParam = 'form';

/** The `action` of a form without JavaScript: its own page, naming the form. */
export function noScriptAction(page: string, name: LeadEndpointName): string {
  return `${page}?${noScriptFormParam}=${name}`;
}

export function endpointByName(name: string): LeadEndpoint | undefined {
  return Object.hasOwn(leadEndpoints, name) ? leadEndpoints[name as LeadEndpointName] : undefined;
}

/** The HTTP status of each outcome: what the state says, for clients and logs that only see the status. */
export const statusOfOutcome: Record<FormStatus, number> = {
  idle: 200,
  success: 200,
  invalid: 422,
  limited: 429,
  failed: 503,
};
