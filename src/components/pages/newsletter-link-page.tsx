import { Button } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
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

/** What an emailed newsletter link answers (src/pages/newsletter/*.astro). */
export function NewsletterLinkPage({ shown, action }: { shown: Shown; action?: string }) {
  const { title, text } = texts[shown];
  return (
    <section className="container-page flex min-h-[50dvh] flex-col items-center justify-center py-20 text-center">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 max-w-lg text-lg text-muted-foreground">{text}</p>
      {shown === 'ask-confirm' && action ? (
        <form method="post" action={action} className="mt-8">
          <Button type="submit" size="lg">
            Confirm subscription
          </Button>
        </form>
      ) : shown === 'ask-unsubscribe' && action ? (
        <form method="post" action={action} className="mt-8">
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <input type="hidden" name="via" value="link" />
          <Button type="submit" size="lg">
            Unsubscribe
          </Button>
        </form>
      ) : (
        <Button asChild size="lg" variant="outline" className="mt-8">
          <Link href="/blog">Read the blog</Link>
        </Button>
      )}
    </section>
  );
}
