import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import { apiPlans, formatLimit } from '@/content/api';
import { formatPrice } from '@/content/home';
import { CheckList, PlanCard } from '../plan-card';

/** The API plans: price, monthly and hourly limits, features. */
export function ApiPricing() {
  return (
    <ul className="grid items-start gap-6 lg:grid-cols-3">
      {apiPlans.map((plan) => (
        <PlanCard key={plan.name} popular={plan.popular} badge={plan.popular ? 'Most Popular' : undefined}>
          <h3 className="text-xl font-semibold">{plan.name}</h3>
          <p className="mt-4 flex items-baseline gap-1">
            <span className="text-4xl font-bold tracking-tight">{plan.price === null ? 'Custom' : formatPrice(plan.price)}</span>
            {plan.price === null ? null : <span className="text-muted-foreground">/month</span>}
          </p>
          <dl className="mt-6 space-y-3 rounded-xl bg-slate-50 p-4 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">Monthly</dt>
              <dd className="text-right font-semibold">{formatLimit(plan.monthlyRequests, 'month')}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">Rate limit</dt>
              <dd className="text-right font-semibold">{plan.hourlyRequests === null ? 'No rate limits' : `${plan.hourlyRequests}/hour`}</dd>
            </div>
          </dl>
          <CheckList items={plan.features} className="mt-6 flex-1" />
          <Button asChild variant={plan.popular ? 'primary' : 'secondary'} className="mt-8 w-full">
            <Link href={plan.cta.href} aria-label={`${plan.cta.label}: ${plan.name} API plan`}>
              {plan.cta.label}
            </Link>
          </Button>
        </PlanCard>
      ))}
    </ul>
  );
}
