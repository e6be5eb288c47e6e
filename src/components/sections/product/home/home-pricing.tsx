import { Link } from '@/components/ui/link';
import { Section } from '@/components/site/section';
import { Button } from '@/components/ui/button';
import { formatPrice, homePlanHref, homePlans } from '@/content/home';
import { commercial } from '@/lib/config/commercial';
import { CheckList, PlanCard } from '../plan-card';

/** The home page's three plans; the full comparison lives on /pricing. */
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
          <PlanCard key={plan.name} popular={plan.popular} badge={plan.popular ? 'Most Popular' : undefined}>
            <h3 className="text-lg font-semibold">{plan.name}</h3>
            <p className="mt-1 min-h-10 text-sm text-muted-foreground">{plan.description}</p>
            <p className="mt-5 flex items-baseline gap-1">
              <span className="text-4xl font-bold tracking-tight">{formatPrice(plan.price)}</span>
              {plan.period ? <span className="text-muted-foreground">/{plan.period}</span> : null}
            </p>
            <CheckList items={plan.features} className="mt-6 flex-1" />
            <Button asChild variant={plan.popular ? 'primary' : 'secondary'} className="mt-8 w-full">
              <Link href={homePlanHref(plan)}>
                {plan.price === 0 ? 'Start Free Trial' : `Choose ${plan.name}`}
              </Link>
            </Button>
          </PlanCard>
        ))}
      </ul>
    </Section>
  );
}
