import type { ReactNode } from 'react';
import { JsonLd } from '@/components/site/json-ld';
import { PageHero } from '@/components/site/page-hero';
import { Section } from '@/components/site/section';
import { ClosingCta } from '@/components/sections/product/home/closing-cta';
import { Guarantees } from '@/components/sections/product/pricing/guarantees';
import { PricingPlans } from '@/components/sections/product/pricing/pricing-plans';
import { pricingFaqs } from '@/content/pricing';
import { contactHref } from '@/lib/leads/signup';
import { faqPageLd } from '@/lib/structured-data';

/** /pricing (the islands come in as Astro slots) */
export function PricingPage({ faq }: { faq?: ReactNode }) {
  return (
    <>
      <PageHero path="/pricing" eyebrow="Pricing" className="[&>div]:pb-10 sm:[&>div]:pb-12" />
      <section aria-labelledby="plans-title" className="py-12 sm:py-16">
        <div className="container-page">
          <h2 id="plans-title" className="sr-only">
            Plans
          </h2>
          <PricingPlans />
          <Guarantees />
        </div>
      </section>
      <Section id="faq" muted title="Frequently asked questions">
        {faq}
      </Section>
      <ClosingCta
        title="Still have questions?"
        text="Ask our sales team about plans, billing or a setup that fits your team."
        cta={{ label: 'Contact Sales', href: contactHref('pricing') }}
      />
      <JsonLd data={faqPageLd(pricingFaqs)} />
    </>
  );
}
