import { NewsletterForm } from './newsletter-form';
import type { LeadFormProps } from './use-lead-form';

/**
 * Footer email sign-up, on every page (source `footer`). Without JavaScript it posts to the page it is on;
 * in the answer the outcome or the field takes focus (autofocus), which brings the visitor back to it.
 */
export function FooterNewsletter({ page, initialState }: LeadFormProps) {
  return <NewsletterForm source="footer" page={page} initialState={initialState} />;
}
