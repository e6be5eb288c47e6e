import { Link } from '@/components/ui/link';
import { Check } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { apiPlans, formatLimit } from '@/content/api';
import { formatPrice } from '@/content/home';
import { cn } from '@/lib/utils';

/** Spec §9 "API plans": price, monthly and hourly limits, webhooks. */
export function ApiPricing() {
  return (
    <ul className="grid items-start gap-6 lg:grid-cols-3">
      {apiPlans.map((plan) => (
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
          <ul className="mt-6 flex-1 space-y-3 text-sm">
            {plan.features.map((f) => (
              <li key={f} className="flex gap-2.5">
                <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-success" strokeWidth={2.5} />
                {f}
              </li>
            ))}
          </ul>
          <Button asChild variant={plan.popular ? 'primary' : 'secondary'} className="mt-8 w-full">
            <Link href={plan.cta.href} aria-label={`${plan.cta.label}: ${plan.name} API plan`}>
              {plan.cta.label}
            </Link>
          </Button>
        </li>
      ))}
    </ul>
  );
}
