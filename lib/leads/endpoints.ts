/**
 * Where the lead forms post when the page's JavaScript runs: `POST /api/leads/<name>` with the form's
 * fields (URL-encoded), answered with the form's new state as JSON. Client-safe (no server imports):
 * the forms and the server share this table.
 *
 * Without JavaScript the same forms post to their server action instead (a full page comes back);
 * both paths run the same `handleSubmission` (lib/leads/submit.ts).
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

/** The address a form of `kind` (and newsletter `source`) posts to. */
export function leadEndpointPath(kind: LeadKind, source?: 'blog' | 'footer'): string {
  const name = (Object.keys(leadEndpoints) as LeadEndpointName[]).find((n) => {
    const e: LeadEndpoint = leadEndpoints[n];
    return e.kind === kind && (kind !== 'newsletter' || e.source === (source ?? 'footer'));
  });
  return `${leadEndpointPrefix}${name}`;
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
