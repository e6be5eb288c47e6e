import { Button } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
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
  const { title, text } = texts[shown];
  return (
    <section className="container-page flex min-h-[50dvh] flex-col items-center justify-center py-20 text-center">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 max-w-lg text-lg text-muted-foreground">{text}</p>
      {shown === 'ask' ? (
        <form method="post" action={action} className="mt-8">
          <Button type="submit" size="lg">
            Confirm my request
          </Button>
        </form>
      ) : (
        <Button asChild size="lg" variant="outline" className="mt-8">
          <Link href="/gdpr">Your data rights</Link>
        </Button>
      )}
    </section>
  );
}
