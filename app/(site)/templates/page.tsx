import { Suspense } from 'react';
import { PageHero } from '@/components/site/page-hero';
import { ClosingCta } from '@/components/sections/product/home/closing-cta';
import { TemplateGallery, TemplatesFromUrl } from '@/components/sections/product/templates/template-gallery';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata('/templates');

/**
 * Prerendered: the HTML holds every template in a GET form (works without JavaScript); in the browser the
 * gallery reads `?q=&category=` from the URL and filters as you type.
 */
export default function Page() {
  return (
    <>
      <PageHero path="/templates" eyebrow="Templates" className="[&>div]:pb-10 sm:[&>div]:pb-12" />
      <section aria-labelledby="gallery-title" className="py-10 sm:py-12">
        <div className="container-page">
          <h2 id="gallery-title" className="sr-only">
            Template gallery
          </h2>
          <Suspense fallback={<TemplateGallery />}>
            <TemplatesFromUrl />
          </Suspense>
        </div>
      </section>
      <ClosingCta
        title="Make it yours in minutes"
        text="Pick a template, edit it in Canva and publish it to six platforms in one click."
        cta={{ label: 'Get Started Free', href: '/pricing' }}
      />
    </>
  );
}
