import { PageHero } from '@/components/site/page-hero';
import { Section } from '@/components/site/section';
import { ClosingCta } from '@/components/sections/product/home/closing-cta';
import { FeatureTiles } from '@/components/sections/product/icon';
import { PhoneScreens } from '@/components/sections/product/mobile/phone-screens';
import { StoreButtons } from '@/components/sections/product/mobile/store-buttons';
import { mobileFeatures } from '@/content/mobile';

/** /mobile */
export function MobilePage() {
  return (
    <>
      <PageHero path="/mobile" eyebrow="iOS and Android">
        <StoreButtons />
      </PageHero>
      <Section id="screenshots" title="Your whole workflow, on your phone" intro="The calendar, the composer and your analytics, designed for one hand.">
        <PhoneScreens />
      </Section>
      <Section id="app-features" muted title="Made for life away from the desk">
        <FeatureTiles items={mobileFeatures} />
      </Section>
      <section aria-labelledby="download-title" className="py-16 sm:py-20">
        <div className="container-page text-center">
          <h2 id="download-title" className="text-3xl font-bold tracking-tight">
            Download the app
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-lg text-muted-foreground">Free with every plan. Sign in with your account and your calendar is already there.</p>
          <div className="mt-8">
            <StoreButtons />
          </div>
        </div>
      </section>
      <ClosingCta />
    </>
  );
}
