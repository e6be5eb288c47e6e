import { NewsletterForm } from './newsletter-form';

/** Footer email sign-up, on every page (source `footer`). */
export function FooterNewsletter() {
  return <NewsletterForm source="footer" />;
}
