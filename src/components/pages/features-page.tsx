import { trialHref } from '@/lib/leads/signup';
import { Link } from '@/components/ui/link';
import { PageHero } from '@/components/site/page-hero';
import { Button } from '@/components/ui/button';
import { ClosingCta } from '@/components/sections/product/home/closing-cta';
import { CoreFeatures, ExtraFeatures } from '@/components/sections/product/features/core-features';

/** /features */
export function FeaturesPage() {
  return (
    <>
      <PageHero path="/features" eyebrow="Features">
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link href={trialHref()}>Get Started Free</Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link href="/#how-it-works">See how it works</Link>
          </Button>
        </div>
      </PageHero>
      <CoreFeatures />
      <ExtraFeatures />
      <ClosingCta />
    </>
  );
}
