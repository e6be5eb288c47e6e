import { Award, Download, FileText, Mail, Quote } from 'lucide-react';
import { PageHero } from '@/components/site/page-hero';
import { Section } from '@/components/site/section';
import { Card } from '@/components/ui/card';
import { IconTile } from '@/components/sections/company/icons';
import { formatDate } from '@/content/blog-model';
import { responseTimes } from '@/content/contact';
import { awards, mediaKit, mediaQuotes, type PressContact, type PressRelease } from '@/content/press';
import { site } from '@/lib/config/site';

/** /press */
export function PressPage({ pressReleases, pressContacts }: { pressReleases: readonly PressRelease[]; pressContacts: readonly PressContact[] }) {
  return (
    <>
      <PageHero path="/press" eyebrow="Newsroom">
        <a href={`mailto:${site.contacts.press}`} className="inline-flex items-center gap-2 font-semibold text-brand-strong underline-offset-4 hover:underline">
          <Mail aria-hidden className="size-4" /> {site.contacts.press}
        </a>
      </PageHero>

      <Section id="releases" eyebrow="News" title="Press releases">
        <ol className="mx-auto max-w-4xl divide-y divide-border rounded-2xl border border-border bg-white shadow-sm">
          {pressReleases.map((r) => (
            <li key={r.title} className="flex flex-col gap-2 p-6 sm:flex-row sm:gap-8">
              <time dateTime={r.date} className="shrink-0 text-sm font-medium text-brand-strong sm:w-40">
                {formatDate(r.date)}
              </time>
              <div>
                <h3 className="text-lg font-semibold tracking-tight">{r.title}</h3>
                <p className="mt-1 text-muted-foreground">{r.summary}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="media-kit" muted eyebrow="Resources" title="Media kit" intro="Logos, facts and colours for your story. Free to use in coverage of our company.">
        <ul className="grid gap-6 md:grid-cols-3">
          {mediaKit.map((item) => (
            <li key={item.href} className="flex">
              <Card className="flex flex-1 flex-col">
                <IconTile icon={FileText} />
                <h3 className="mt-4 text-lg font-semibold tracking-tight">{item.title}</h3>
                <p className="mt-2 flex-1 text-sm text-muted-foreground">{item.description}</p>
                <a
                  href={item.href}
                  download={item.download}
                  className="mt-5 inline-flex items-center gap-2 self-start rounded-lg border border-border px-4 py-2 text-sm font-semibold text-foreground shadow-xs hover:bg-muted"
                >
                  <Download aria-hidden className="size-4" /> Download {item.title} ({item.format})
                </a>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="awards" eyebrow="Recognition" title="Awards">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {awards.map((a) => (
            <li key={a.title} className="rounded-2xl border border-border bg-white p-6 text-center shadow-sm">
              <Award aria-hidden className="mx-auto size-9 text-brand" strokeWidth={1.6} />
              <p className="mt-3 text-sm font-semibold text-brand-strong">{a.year}</p>
              <h3 className="mt-1 font-semibold tracking-tight">{a.title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{a.issuer}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="quotes" muted eyebrow="In the media" title="What the press says">
        <ul className="grid gap-6 md:grid-cols-3">
          {mediaQuotes.map((q) => (
            <li key={q.outlet} className="flex">
              <figure className="flex flex-1 flex-col rounded-2xl border border-border bg-white p-6 shadow-sm">
                <Quote aria-hidden className="size-7 text-accent" />
                <blockquote className="mt-3 flex-1 text-lg text-slate-800">&ldquo;{q.quote}&rdquo;</blockquote>
                <figcaption className="mt-4 text-sm font-semibold text-muted-foreground">{q.outlet}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="press-contacts"
        eyebrow="Get in touch"
        title="Press contacts"
        intro={`For interviews, data and images, write to ${site.contacts.press}: we answer within ${responseTimes.press}. For partnership news, write to our head of partnerships.`}
      >
        <ul className="mx-auto grid max-w-3xl gap-6 sm:grid-cols-2">
          {pressContacts.map((c) => (
            <li key={c.name} className="rounded-2xl border border-border bg-white p-6 shadow-sm">
              <h3 className="text-lg font-semibold tracking-tight">{c.name}</h3>
              <p className="text-sm text-muted-foreground">{c.role}</p>
              <a href={`mailto:${c.email}`} className="mt-3 inline-flex items-center gap-2 font-medium text-brand-strong underline-offset-4 hover:underline">
                <Mail aria-hidden className="size-4" /> {c.email}
              </a>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center text-muted-foreground">
          Phone: <a href={`tel:${site.phone.replace(/[^+\d]/g, '')}`} className="font-medium text-foreground underline-offset-4 hover:underline">{site.phone}</a> ({site.businessHours})
        </p>
      </Section>
    </>
  );
}
