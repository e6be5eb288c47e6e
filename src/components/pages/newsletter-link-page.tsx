import { NoticePage, type NoticeAsk } from './notice-page';
import { site } from '@/lib/config/site';
import { confirmLinkDays } from '@/lib/leads/kinds';
import type { LinkOutcome } from '@/lib/newsletter/subscriptions';

type Shown = LinkOutcome | 'ask-confirm' | 'ask-unsubscribe';

const texts: Record<Shown, { title: string; text: string }> = {
  'ask-confirm': { title: 'Confirm your subscription', text: `Press the button to receive the ${site.name} newsletter, product news and tips, at this address.` },
  confirmed: { title: "You're subscribed!", text: 'Thanks for confirming. Look out for product news and tips in your inbox.' },
  'already-confirmed': { title: "You're already subscribed", text: 'This address is confirmed. There is nothing more to do.' },
  'was-unsubscribed': {
    title: 'This address is unsubscribed',
    text: 'It was unsubscribed after this link was sent, so we did not subscribe it again. To subscribe, sign up again with the form below.',
  },
  gone: { title: 'Subscription not found', text: 'This subscription no longer exists; it may have been erased at your request. You can sign up again with the form below.' },
  invalid: { title: 'This link is not valid', text: 'The link is incomplete or has been changed. Open it again from the email, copying the whole address, or sign up again with the form below.' },
  expired: { title: 'This link has expired', text: `Confirmation links work for ${confirmLinkDays} days. Sign up again with the form below and we will send you a new one.` },
  'ask-unsubscribe': { title: 'Unsubscribe from the newsletter?', text: `You will no longer receive the ${site.name} newsletter at this address.` },
  unsubscribed: { title: "You're unsubscribed", text: 'You will not receive the newsletter at this address any more. Changed your mind? Sign up again at any time with the form below.' },
  'already-unsubscribed': { title: "You're already unsubscribed", text: 'This address does not receive the newsletter. There is nothing more to do.' },
};

/** The buttons of the two pages that ask (their POST confirms or unsubscribes). */
const asks: Partial<Record<Shown, Omit<NoticeAsk, 'action'>>> = {
  'ask-confirm': { label: 'Confirm subscription' },
  // The same fields as a mail client's one-click POST (RFC 8058), and how it was asked.
  'ask-unsubscribe': { label: 'Unsubscribe', fields: { 'List-Unsubscribe': 'One-Click', via: 'link' } },
};

/** What an emailed newsletter link answers (src/pages/newsletter/*.astro). */
export function NewsletterLinkPage({ shown, action }: { shown: Shown; action?: string }) {
  const ask = asks[shown];
  return <NoticePage {...texts[shown]} ask={ask && action ? { ...ask, action } : undefined} next={{ href: '/blog', label: 'Read the blog' }} />;
}
