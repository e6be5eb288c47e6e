import { trialHref } from '@/lib/leads/signup';
import { Link } from '@/components/ui/link';
import { ArrowRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { commercial } from '@/lib/config/commercial';

/** The closing call to action at the bottom of a product page. */
export function ClosingCta({
  title = 'Ready to publish 5x faster?',
  text = 'Join 50,000+ creators who turn finished designs into scheduled posts in one click.',
  cta = { label: 'Get Started Free', href: trialHref() },
}: {
  title?: string;
  text?: string;
  cta?: { label: string; href: string };
}) {
  return (
    <section aria-labelledby="closing-cta-title" className="py-16 sm:py-20">
      <div className="container-page">
        <div className="relative overflow-hidden rounded-3xl bg-gradient-brand px-6 py-14 text-center text-white shadow-xl sm:px-12">
          <div aria-hidden className="absolute -top-24 -right-24 size-72 rounded-full bg-white/10" />
          <div aria-hidden className="absolute -bottom-32 -left-16 size-72 rounded-full bg-white/10" />
          <h2 id="closing-cta-title" className="relative text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {title}
          </h2>
          <p className="relative mx-auto mt-4 max-w-xl text-lg text-violet-50">{text}</p>
          <Button asChild variant="inverse" size="lg" className="relative mt-8">
            <Link href={cta.href}>
              {cta.label}
              <ArrowRight aria-hidden />
            </Link>
          </Button>
          <p className="relative mt-4 text-sm text-violet-100">
            {commercial.trialDays}-day free trial · {commercial.setupFee === 0 ? 'No setup fees' : 'Simple setup'} · Cancel anytime
          </p>
        </div>
      </div>
    </section>
  );
}
