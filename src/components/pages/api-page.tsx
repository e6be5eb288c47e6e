import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { Code, Gauge, ShieldCheck } from 'lucide-react';
import { PageHero } from '@/components/site/page-hero';
import { Section } from '@/components/site/section';
import { Button } from '@/components/ui/button';
import { ApiPricing } from '@/components/sections/product/api/api-pricing';
import { ClosingCta } from '@/components/sections/product/home/closing-cta';
import { apiHighlights } from '@/content/api';
import { contactHref } from '@/lib/leads/signup';

const highlightIcons = [Code, Gauge, ShieldCheck];

/** /api (the islands come in as Astro slots) */
export function ApiPage({ samples }: { samples?: ReactNode }) {
  return (
    <>
      <PageHero path="/api" eyebrow="Developers">
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link href={contactHref('api')}>Get API Key</Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <a href="#api-pricing">See API pricing</a>
          </Button>
        </div>
      </PageHero>
      <section aria-label="Highlights" className="border-b border-border py-12">
        <ul className="container-page grid gap-8 sm:grid-cols-3">
          {apiHighlights.map((h, i) => {
            const Icon = highlightIcons[i];
            return (
              <li key={h.title} className="flex gap-4">
                <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand-strong">
                  <Icon aria-hidden className="size-5" />
                </span>
                <span>
                  <span className="block font-semibold">{h.title}</span>
                  <span className="mt-1 block text-sm text-muted-foreground">{h.description}</span>
                </span>
              </li>
            );
          })}
        </ul>
      </section>
      <Section id="examples" title="Simple, powerful endpoints" intro="Authenticate with your API key and send JSON. Here is what a request and its response look like.">
        {samples}
      </Section>
      <Section id="api-pricing" muted title="API pricing" intro="Start small and scale. Every plan includes every endpoint.">
        <ApiPricing />
      </Section>
      <ClosingCta title="Start building today" text="Tell us which plan you need and we set up your API key. Your first post from code is a few lines away." cta={{ label: 'Get API Key', href: contactHref('api') }} />
    </>
  );
}
