import { Button } from '@/components/ui/button';
import { Link } from '@/components/ui/link';

/** The one button of a page that asks: it POSTs `fields` to `action` (opening the link alone changes nothing). */
export type NoticeAsk = { action: string; label: string; fields?: Record<string, string> };

/**
 * A page that says one thing: a title and a sentence, then the button that does what the page is for, or a
 * way on. What an emailed link opens (the newsletter's confirm and unsubscribe, a data request's verify) and
 * the server's own answers to a request it refuses (src/pages/errors).
 */
export function NoticePage({ title, text, ask, next }: { title: string; text: string; ask?: NoticeAsk; next: { href: string; label: string } }) {
  return (
    <section className="container-page flex min-h-[50dvh] flex-col items-center justify-center py-20 text-center">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 max-w-lg text-lg text-muted-foreground">{text}</p>
      {ask ? (
        <form method="post" action={ask.action} className="mt-8">
          {Object.entries(ask.fields ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button type="submit" size="lg">
            {ask.label}
          </Button>
        </form>
      ) : (
        <Button asChild size="lg" variant="outline" className="mt-8">
          <Link href={next.href}>{next.label}</Link>
        </Button>
      )}
    </section>
  );
}
