import { JsonLd } from '@/components/site/json-ld';
import { ClosingCta } from '@/components/sections/product/home/closing-cta';
import { ComparisonTable } from '@/components/sections/product/home/comparison-table';
import { FeatureGrid } from '@/components/sections/product/home/feature-grid';
import { HomeHero } from '@/components/sections/product/home/hero';
import { HomePricing } from '@/components/sections/product/home/home-pricing';
import { HowItWorks } from '@/components/sections/product/home/how-it-works';
import { Integrations } from '@/components/sections/product/home/integrations';
import { SocialProof } from '@/components/sections/product/home/social-proof';
import { TestimonialsStats } from '@/components/sections/product/home/testimonials-stats';
import { homePlans, type Testimonial } from '@/content/home';
import { softwareApplicationLd } from '@/lib/structured-data';

/** / */
export function HomePage({ testimonials, featuredTestimonial }: { testimonials: readonly Testimonial[]; featuredTestimonial: Testimonial }) {
  return (
    <>
      <HomeHero />
      <SocialProof testimonials={testimonials} />
      <FeatureGrid />
      <ComparisonTable />
      <HowItWorks />
      <Integrations />
      <TestimonialsStats testimonial={featuredTestimonial} />
      <HomePricing />
      <ClosingCta />
      <JsonLd data={softwareApplicationLd({ plans: homePlans, reviews: testimonials })} />
    </>
  );
}
