import { Link } from '@/components/ui/link';
import { Check, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatPrice } from '@/content/home';
import { maxYearlySavingsPercent, priceFor, pricingPlans, yearlySavingsPercent, type PricingPlan } from '@/content/pricing';
import { signupHref } from '@/lib/leads/signup';
import { cn } from '@/lib/utils';
import { PlanCard } from '../plan-card';

/**
 * The billing-period control and the three plans. The control is a native radio group (arrow keys select,
 * screen readers announce "radio button, 1 of 2") and the prices switch with CSS (:has), so it works
 * without any JavaScript; both prices are in the HTML and the hidden one is display:none.
 */
export function PricingPlans() {
  const save = maxYearlySavingsPercent(pricingPlans);
  return (
    <div className="group/pricing">
      <fieldset className="flex justify-center">
        <legend className="sr-only">Billing period</legend>
        <div className="inline-flex gap-1 rounded-full border border-border bg-muted p-1">
          <PeriodOption value="monthly" label="Monthly" defaultChecked />
          <PeriodOption value="yearly" label="Yearly" badge={`Save ${save}%`} />
        </div>
      </fieldset>
      <ul className="mt-12 grid items-start gap-6 lg:grid-cols-3">
        {pricingPlans.map((plan) => (
          <PricingPlanCard key={plan.id} plan={plan} />
        ))}
      </ul>
    </div>
  );
}

function PeriodOption({ value, label, badge, defaultChecked }: { value: string; label: string; badge?: string; defaultChecked?: boolean }) {
  const id = `billing-${value}`;
  return (
    <label
      htmlFor={id}
      className="relative inline-flex cursor-pointer items-center gap-2 rounded-full px-5 py-2 text-sm font-semibold text-slate-600 transition-colors hover:text-foreground has-checked:bg-white has-checked:text-foreground has-checked:shadow-sm has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
    >
      <input id={id} type="radio" name="billing-period" value={value} defaultChecked={defaultChecked} className="peer sr-only" />
      {label}
      {badge ? <span className="rounded-full bg-success-soft px-2 py-0.5 text-xs font-bold text-success">{badge}</span> : null}
    </label>
  );
}

const showMonthly = 'group-has-[#billing-yearly:checked]/pricing:hidden';
const showYearly = 'hidden group-has-[#billing-yearly:checked]/pricing:inline';

const showMonthlyBlock = 'group-has-[#billing-yearly:checked]/pricing:hidden';
const showYearlyBlock = 'hidden group-has-[#billing-yearly:checked]/pricing:flex';

function PlanButton({ plan, href, className }: { plan: PricingPlan; href: string; className?: string }) {
  return (
    <Button asChild variant={plan.popular ? 'primary' : 'secondary'} size="lg" className={cn('mt-6 w-full', className)}>
      <Link href={href} aria-label={`${plan.cta.label}: ${plan.name} plan`}>
        {plan.cta.label}
      </Link>
    </Button>
  );
}

function PricingPlanCard({ plan }: { plan: PricingPlan }) {
  const monthly = priceFor(plan, 'monthly');
  const yearly = priceFor(plan, 'yearly');
  const free = monthly.suffix === '';
  const saving = plan.monthlyPrice * 12 - plan.yearlyPrice;
  return (
    <PlanCard
      popular={plan.popular}
      badge={plan.badge}
      badgeVariant={plan.popular ? 'gradient' : 'success'}
      className={plan.popular ? 'shadow-xl lg:-mt-4 lg:pb-11' : undefined}
    >
      <h3 className="text-xl font-semibold">{plan.name}</h3>
      <p className="mt-1 min-h-10 text-sm text-muted-foreground">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-1" data-testid={`price-${plan.id}`}>
        {free ? (
          <span className="text-5xl font-bold tracking-tight">{formatPrice(0)}</span>
        ) : (
          <>
            <span className={showMonthly}>
              <span className="text-5xl font-bold tracking-tight">{formatPrice(monthly.amount)}</span>
              <span className="ml-1 text-muted-foreground">{monthly.suffix}</span>
            </span>
            <span className={showYearly}>
              <span className="text-5xl font-bold tracking-tight">{formatPrice(yearly.amount)}</span>
              <span className="ml-1 text-muted-foreground">{yearly.suffix}</span>
            </span>
          </>
        )}
      </p>
      <p className="mt-2 min-h-5 text-sm text-muted-foreground">
        {free ? (
          'Free forever, no card needed'
        ) : (
          <>
            <span className={showMonthly}>
              or {formatPrice(plan.yearlyPrice)}/year, save {yearlySavingsPercent(plan)}%
            </span>
            <span className={cn(showYearly, 'font-medium text-success')}>
              You save {formatPrice(saving)} a year
            </span>
          </>
        )}
      </p>
      {'href' in plan.cta ? (
        <PlanButton plan={plan} href={plan.cta.href} />
      ) : free ? (
        // Free has no billing period: one link, whichever period is shown.
        <PlanButton plan={plan} href={signupHref(plan.id)} />
      ) : (
        // One link per billing period, the one of the period shown (the other is display:none).
        <>
          <PlanButton plan={plan} href={signupHref(plan.id, 'monthly')} className={showMonthlyBlock} />
          <PlanButton plan={plan} href={signupHref(plan.id, 'yearly')} className={showYearlyBlock} />
        </>
      )}
      <ul className="mt-7 space-y-3 border-t border-border pt-6 text-sm">
        {plan.features.map((f) => (
          <li key={f.name} className={cn('flex gap-2.5', !f.included && 'text-slate-500')}>
            {f.included ? (
              <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-success" strokeWidth={2.5} />
            ) : (
              <X aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-400" strokeWidth={2.5} />
            )}
            <span>
              <span className="sr-only">{f.included ? 'Included: ' : 'Not included: '}</span>
              {f.name}
            </span>
          </li>
        ))}
      </ul>
    </PlanCard>
  );
}
