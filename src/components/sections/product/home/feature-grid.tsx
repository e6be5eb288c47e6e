import { Link } from '@/components/ui/link';
import { ArrowRight } from 'lucide-react';
import { Section } from '@/components/site/section';
import { homeFeatures } from '@/content/home';
import { FeatureIcon } from '../icon';

export function FeatureGrid() {
  return (
    <Section id="features" muted eyebrow="Features" title="Everything you need to publish faster" intro="From the design you just finished to a scheduled post on six platforms, 5x faster than doing it by hand.">
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {homeFeatures.map((f) => (
          <li key={f.title} className="rounded-2xl border border-border bg-white p-6 shadow-sm">
            <FeatureIcon name={f.icon} />
            <h3 className="mt-4 text-lg font-semibold tracking-tight">{f.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{f.description}</p>
          </li>
        ))}
      </ul>
      <p className="mt-10 text-center">
        <Link href="/features" className="inline-flex items-center gap-1.5 font-semibold text-brand-strong hover:underline">
          See all features
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      </p>
    </Section>
  );
}
