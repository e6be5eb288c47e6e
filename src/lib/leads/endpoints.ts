/**
 * Where the lead forms post when the page's JavaScript runs: `POST /api/leads/<name>` with the form's
 * fields (URL-encoded), answered with the form's new state as JSON. Client-safe (no server imports):
 * the forms and the server share this table.
 *
 * Without JavaScript the same forms post to their own page (`<page>?form=<name>`, see `noScriptAction`):
 * Astro renders that page again, the form in its new state (src/pages/on-request/[...path].astro). Both
 * paths run `submitLeadForm` (lib/leads/submit-form.ts).
 */
import { routes } from '@/lib/config/routes';
import type { FormStatus } from './form-state';
import { leadKindNames, leadKinds, type LeadKind } from './kinds';

/** A form that posts a kind of lead, with the values it sets itself (the newsletter's `source`). */
export type LeadEndpoint = { kind: LeadKind; fixed: Record<string, string> };

type FormNames<K extends LeadKind> = keyof (typeof leadKinds)[K]['forms'] & string;
export type LeadEndpointName = { [K in LeadKind]: FormNames<K> }[LeadKind];

/** Form name -> its kind and fixed values, from the `forms` of every kind in lib/leads/kinds.ts. */
export const leadEndpoints = Object.fromEntries(
  leadKindNames.flatMap((kind) =>
    Object.entries(leadKinds[kind].forms as Record<string, Record<string, string>>).map(([name, fixed]) => [name, { kind, fixed }]),
  ),
) as Record<LeadEndpointName, LeadEndpoint>;

export const leadEndpointPrefix = '/api/leads/';

/** The name of the form of `kind` whose fixed values include `fixed` (the first form of the kind when none given). */
export function leadEndpointName(kind: LeadKind, fixed: Record<string, string> = {}): LeadEndpointName {
  const name = (Object.keys(leadEndpoints) as LeadEndpointName[]).find((n) => {
    const e = leadEndpoints[n];
    return e.kind === kind && Object.entries(fixed).every(([k, v]) => e.fixed[k] === v);
  });
  if (!name) throw new Error(`no endpoint for the ${kind} form`);
  return name;
}

/** The address a form of `kind` (see leadEndpointName) posts to with JavaScript. */
export function leadEndpointPath(kind: LeadKind, fixed?: Record<string, string>): string {
  return `${leadEndpointPrefix}${leadEndpointName(kind, fixed)}`;
}

/** The query parameter that marks a post without JavaScript to a page as the post of one of its forms. */
export const noScriptFormParam = 'form';

/** The `action` of a form without JavaScript: its own page, naming the form. */
export function noScriptAction(page: string, name: LeadEndpointName): string {
  return `${page}?${noScriptFormParam}=${name}`;
}

/** The forms on every public page (the footer's sign-up). */
export const everyPageForms = ['newsletter-footer'] as const satisfies readonly LeadEndpointName[];

/**
 * The page each form is on, where its post without JavaScript is answered (`null`: on every public page),
 * from the `forms` of each route in lib/config/routes.ts.
 */
export const formPages = Object.fromEntries([
  ...everyPageForms.map((name) => [name, null]),
  ...routes.flatMap((r) => ('forms' in r ? r.forms : []).map((name) => [name, r.path])),
]) as Record<LeadEndpointName, string | null>;

/** Whether the page at `path` has the form `name` (so a post of that form to it is answered there). */
export function pageHasForm(path: string, name: string): name is LeadEndpointName {
  if (!Object.hasOwn(formPages, name)) return false;
  const page = formPages[name as LeadEndpointName];
  return page === null || page === path;
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
