import { trialHref } from '@/lib/leads/signup';
import type { ReactNode } from 'react';
import { PageHero } from '@/components/site/page-hero';
import { ClosingCta } from '@/components/sections/product/home/closing-cta';

/**
 * /templates. The gallery island (`gallery`, an Astro slot) is prerendered with every card; in the browser it
 * reads `?q=&category=` from the URL and filters as you type.
 */
export function TemplatesPage({ gallery }: { gallery?: ReactNode }) {
  return (
    <>
      <PageHero path="/templates" eyebrow="Templates" className="[&>div]:pb-10 sm:[&>div]:pb-12" />
      <section aria-labelledby="gallery-title" className="py-10 sm:py-12">
        <div className="container-page">
          <h2 id="gallery-title" className="sr-only">
            Template gallery
          </h2>
          {gallery}
        </div>
      </section>
      <ClosingCta
        title="Make it yours in minutes"
        text="Pick a template, edit it in Canva and publish it to six platforms in one click."
        cta={{ label: 'Get Started Free', href: trialHref() }}
      />
    </>
  );
}
