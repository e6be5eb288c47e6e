import { PageHero } from '@/components/site/page-hero';
import { ClosingCta } from '@/components/sections/product/home/closing-cta';
import { TemplateCard } from '@/components/sections/product/templates/template-card';
import { TemplateGallery } from '@/components/sections/product/templates/template-gallery';
import { templates } from '@/content/templates';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata('/templates');

/** The first cards' images load eagerly (they are on screen at load; the first is the LCP on phones); the rest lazily. */
const EAGER = 4;

/**
 * Prerendered: the HTML holds every template card (Server Components); in the browser the gallery reads
 * `?q=&category=` from the URL and filters as you type.
 */
export default function Page() {
  const cards = Object.fromEntries(templates.map((t, i) => [t.id, <TemplateCard key={t.id} template={t} eager={i < EAGER} priority={i === 0} />]));
  return (
    <>
      <PageHero path="/templates" eyebrow="Templates" className="[&>div]:pb-10 sm:[&>div]:pb-12" />
      <section aria-labelledby="gallery-title" className="py-10 sm:py-12">
        <div className="container-page">
          <h2 id="gallery-title" className="sr-only">
            Template gallery
          </h2>
          <TemplateGallery templates={templates} cards={cards} />
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
