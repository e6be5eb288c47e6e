import { Check } from 'lucide-react';
import { Section } from '@/components/site/section';
import { Badge } from '@/components/ui/badge';
import { coreFeatures, extraFeatures, type CoreFeature } from '@/content/features';
import { FeatureIcon, FeatureTiles } from '../icon';

const badgeVariant: Record<CoreFeature['badge'], 'brand' | 'gradient' | 'neutral' | 'success'> = {
  'Core Feature': 'brand',
  Popular: 'gradient',
  'AI-Powered': 'brand',
  Pro: 'neutral',
  New: 'success',
  CRM: 'neutral',
};

export function CoreFeatures() {
  return (
    <Section id="core-features" title="Core features" intro="Six tools that take a design from finished to published, and keep the conversation going.">
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {coreFeatures.map((f) => (
          <li key={f.title} className="flex flex-col rounded-2xl border border-border bg-white p-6 shadow-sm transition-shadow hover:shadow-md">
            <div className="flex items-start justify-between gap-3">
              <FeatureIcon name={f.icon} />
              <Badge variant={badgeVariant[f.badge]}>{f.badge}</Badge>
            </div>
            <h3 className="mt-5 text-lg font-semibold tracking-tight">{f.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{f.description}</p>
            <ul className="mt-5 space-y-2 border-t border-border pt-5 text-sm text-slate-700">
              {f.points.map((p) => (
                <li key={p} className="flex gap-2">
                  <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-success" strokeWidth={2.5} />
                  {p}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function ExtraFeatures() {
  return (
    <Section id="more-features" muted title="And there is more" intro="Built for teams, languages and life away from the desk.">
      <FeatureTiles items={extraFeatures} />
    </Section>
  );
}
