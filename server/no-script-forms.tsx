// The answer to a lead form posted without JavaScript: the page it was posted from (its prerendered
// HTML), in which only that form is rendered again, in its new state (errors and values, the outcome).
// One React component is rendered per answer, never the whole page.
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AffiliateForm } from '@/components/forms/affiliate-form';
import { AgencyForm } from '@/components/forms/agency-form';
import { ContactForm } from '@/components/forms/contact-form';
import { DataRequestNoScriptForm, type DataRequestType } from '@/components/forms/data-request';
import { FooterNewsletter } from '@/components/forms/footer-newsletter';
import { NewsletterForm } from '@/components/forms/newsletter-form';
import { PartnerForm } from '@/components/forms/partner-form';
import { TrialForm } from '@/components/forms/trial-form';
import type { LeadEndpointName } from '@/lib/leads/endpoints';
import type { FormState } from '@/lib/leads/form-state';
import { dataRequestTypes } from '@/lib/leads/options';

/**
 * The request type of a data-request post: the form of that type answers (also after a success, which
 * clears the values); a type not on the list is answered in the first type's form.
 */
function requestType(posted: FormData): DataRequestType {
  const value = posted.get('type');
  return dataRequestTypes.find((t) => t.value === value)?.value ?? dataRequestTypes[0].value;
}

type NoScriptForm = {
  /** The id of the <form> element in the page that answers what was posted. */
  formId: (posted: FormData) => string;
  /** The id of a <div> that holds only the form, when `render` renders that <div> too. */
  wrapperId?: (posted: FormData) => string;
  render: (page: string, state: FormState, posted: FormData) => ReactElement;
};

export const noScriptForms: Record<LeadEndpointName, NoScriptForm> = {
  partner: { formId: () => 'partner-application', render: (page, s) => <PartnerForm page={page} initialState={s} /> },
  affiliate: { formId: () => 'affiliate-application', render: (page, s) => <AffiliateForm page={page} initialState={s} /> },
  agency: { formId: () => 'agency-enquiry', render: (page, s) => <AgencyForm page={page} initialState={s} /> },
  contact: { formId: () => 'contact-message', render: (page, s) => <ContactForm page={page} initialState={s} /> },
  'newsletter-blog': { formId: () => 'newsletter-blog', render: (page, s) => <NewsletterForm source="blog" page={page} initialState={s} /> },
  'newsletter-footer': { formId: () => 'newsletter-footer', render: (page, s) => <FooterNewsletter page={page} initialState={s} /> },
  trial: { formId: () => 'trial-request', render: (page, s) => <TrialForm page={page} initialState={s} /> },
  'data-request': {
    formId: (posted) => `data-request-${requestType(posted)}`,
    wrapperId: (posted) => `data-request-${requestType(posted)}-panel`,
    render: (page, s, posted) => <DataRequestNoScriptForm type={requestType(posted)} page={page} initialState={s} />,
  },
};

/**
 * Where the form is in the page: the whole island that holds it (which is replaced by plain HTML, so
 * that no script hydrates it with its first state), or the <form> element itself.
 */
export type FormPlace = { start: number; end: number };

function locate(html: string, formId: string, wrapperId?: string): FormPlace | undefined {
  if (wrapperId) {
    const start = html.indexOf(`<div id="${wrapperId}"`);
    const formEnd = start < 0 ? -1 : html.indexOf('</form>', start);
    const close = '</form></div>';
    if (formEnd < 0 || !html.startsWith(close, formEnd)) return undefined;
    return { start, end: formEnd + close.length };
  }
  let at = html.indexOf(`<form id="${formId}"`);
  if (at < 0) at = html.search(new RegExp(`<form\\b[^>]*\\bid="${formId}"`));
  if (at < 0) return undefined;
  const islandStart = html.lastIndexOf('<astro-island', at);
  const islandEnd = html.indexOf('</astro-island>', at);
  if (islandStart >= 0 && islandEnd >= 0 && html.lastIndexOf('</astro-island>', at) < islandStart) {
    return { start: islandStart, end: islandEnd + '</astro-island>'.length };
  }
  const formEnd = html.indexOf('</form>', at);
  return formEnd < 0 ? undefined : { start: at, end: formEnd + '</form>'.length };
}

/** Where the form of `name` (for what was posted) is in the page; undefined when the page has no such form. */
export function findForm(pageHtml: string, name: LeadEndpointName, posted: FormData): FormPlace | undefined {
  const form = noScriptForms[name];
  return locate(pageHtml, form.formId(posted), form.wrapperId?.(posted));
}

/** The page with the form found at `place` rendered again in `state`. */
export function pageWithForm(pageHtml: string, place: FormPlace, page: string, name: LeadEndpointName, state: FormState, posted: FormData): string {
  const markup = renderToStaticMarkup(noScriptForms[name].render(page, state, posted));
  return pageHtml.slice(0, place.start) + markup + pageHtml.slice(place.end);
}
