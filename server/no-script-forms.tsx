// The answer to a lead form posted without JavaScript: the page it was posted from (its prerendered
// HTML), in which only that form is rendered again, in its new state (errors and values, the outcome).
// One React component is rendered per answer, never the whole page.
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AffiliateForm } from '@/components/forms/affiliate-form';
import { AgencyForm } from '@/components/forms/agency-form';
import { ContactForm } from '@/components/forms/contact-form';
import { DataRequestNoScriptForm } from '@/components/forms/data-request';
import { FooterNewsletter } from '@/components/forms/footer-newsletter';
import { NewsletterForm } from '@/components/forms/newsletter-form';
import { PartnerForm } from '@/components/forms/partner-form';
import type { LeadEndpointName } from '@/lib/leads/endpoints';
import type { FormState } from '@/lib/leads/form-state';

type NoScriptForm = {
  /** The id of the <form> element in the page. */
  formId: (state: FormState) => string;
  render: (page: string, state: FormState) => ReactElement;
};

export const noScriptForms: Record<LeadEndpointName, NoScriptForm> = {
  partner: { formId: () => 'partner-application', render: (page, s) => <PartnerForm page={page} initialState={s} /> },
  affiliate: { formId: () => 'affiliate-application', render: (page, s) => <AffiliateForm page={page} initialState={s} /> },
  agency: { formId: () => 'agency-enquiry', render: (page, s) => <AgencyForm page={page} initialState={s} /> },
  contact: { formId: () => 'contact-message', render: (page, s) => <ContactForm page={page} initialState={s} /> },
  'newsletter-blog': { formId: () => 'newsletter-blog', render: (page, s) => <NewsletterForm source="blog" page={page} initialState={s} /> },
  'newsletter-footer': { formId: () => 'newsletter-footer', render: (page, s) => <FooterNewsletter page={page} initialState={s} /> },
  'data-request': {
    formId: (s) => `data-request-${s.values?.type || 'export'}`,
    render: (page, s) => <DataRequestNoScriptForm page={page} initialState={s} />,
  },
};

/**
 * Where the form is in the page: the whole island that holds it (which is replaced by plain HTML, so
 * that no script hydrates it with its first state), or the <form> element itself.
 */
function locate(html: string, formId: string): { start: number; end: number } | undefined {
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

/** Whether the page has the form of `name`. */
export function pageHasForm(pageHtml: string, name: LeadEndpointName): boolean {
  return locate(pageHtml, noScriptForms[name].formId({ status: 'idle' })) !== undefined;
}

/** The page with the form of `name` in `state`; undefined when the page has no such form. */
export function pageWithForm(pageHtml: string, page: string, name: LeadEndpointName, state: FormState): string | undefined {
  const form = noScriptForms[name];
  const where = locate(pageHtml, form.formId(state));
  if (!where) return undefined;
  const markup = renderToStaticMarkup(form.render(page, state));
  return pageHtml.slice(0, where.start) + markup + pageHtml.slice(where.end);
}
