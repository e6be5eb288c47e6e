import { Link } from '@/components/ui/link';
import { Check } from 'lucide-react';
import { Section } from '@/components/site/section';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { formatPrice, homePlans } from '@/content/home';
import { commercial } from '@/content/commercial';
import { cn } from '@/lib/utils';

/** The home page's three plans (spec §9 "Home page plans"); the full comparison lives on /pricing. */
export function HomePricing() {
  return (
    <Section
      id="pricing"
      muted
      eyebrow="Pricing"
      title="Start free, upgrade when you grow"
      intro={`${commercial.trialDays}-day free trial, no credit card. ${commercial.moneyBackDays}-day money-back guarantee on paid plans.`}
    >
      <ul className="grid gap-6 lg:grid-cols-3">
        {homePlans.map((plan) => (
          <li
            key={plan.name}
            className={cn(
              'relative flex flex-col rounded-2xl border bg-white p-7 shadow-sm',
              plan.popular ? 'border-brand shadow-lg shadow-violet-200/60 ring-1 ring-brand' : 'border-border',
            )}
          >
            {plan.popular ? (
              <Badge variant="gradient" className="absolute -top-3 left-7">
                Most Popular
              </Badge>
            ) : null}
            <h3 className="text-lg font-semibold">{plan.name}</h3>
            <p className="mt-1 min-h-10 text-sm text-muted-foreground">{plan.description}</p>
            <p className="mt-5 flex items-baseline gap-1">
              <span className="text-4xl font-bold tracking-tight">{formatPrice(plan.price)}</span>
              {plan.period ? <span className="text-muted-foreground">/{plan.period}</span> : null}
            </p>
            <ul className="mt-6 flex-1 space-y-3 text-sm">
              {plan.features.map((f) => (
                <li key={f} className="flex gap-2.5">
                  <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-success" strokeWidth={2.5} />
                  <span>{f}</span>
                </li>
              ))}
            </ul>
            <Button asChild variant={plan.popular ? 'primary' : 'secondary'} className="mt-8 w-full">
              <Link href="/pricing">
                {plan.price === 0 ? 'Start Free Trial' : `Choose ${plan.name}`}
              </Link>
            </Button>
          </li>
        ))}
      </ul>
    </Section>
  );
}
