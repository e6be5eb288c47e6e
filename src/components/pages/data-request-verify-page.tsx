import { NoticePage } from './notice-page';
import { site } from '@/lib/config/site';
import { confirmLinkDays } from '@/lib/leads/kinds';

type Shown = 'ask' | 'verified' | 'already' | 'gone' | 'invalid' | 'expired';

const texts: Record<Shown, { title: string; text: string }> = {
  ask: {
    title: 'Confirm your data request',
    text: `Press the button to confirm that you sent this request and that the address it names is yours. We act on a request only once it is confirmed, so nobody else can have your data sent or deleted.`,
  },
  verified: { title: 'Thank you: your request is confirmed', text: `We will reply within the time we promised. Questions? Write to ${site.contacts.privacy}.` },
  already: { title: 'This request is already confirmed', text: 'There is nothing more to do. We will reply within the time we promised.' },
  gone: { title: 'Request not found', text: `This request no longer exists: it may have been completed and erased. To make a new one, use our GDPR page or write to ${site.contacts.privacy}.` },
  invalid: { title: 'This link is not valid', text: 'The link is incomplete or has been changed. Open it again from the email, copying the whole address.' },
  expired: { title: 'This link has expired', text: `Confirmation links work for ${confirmLinkDays} days. Send your request again from our GDPR page and we will email you a new one.` },
};

/** What a data request's emailed link answers (src/pages/data-request/verify.astro). */
export function DataRequestVerifyPage({ shown, action }: { shown: Shown; action: string }) {
  return <NoticePage {...texts[shown]} ask={shown === 'ask' ? { action, label: 'Confirm my request' } : undefined} next={{ href: '/gdpr', label: 'Your data rights' }} />;
}
