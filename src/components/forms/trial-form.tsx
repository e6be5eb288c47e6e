import { billingPeriods, trialPlans } from '@/lib/leads/options';
import type { TrialChoice as TrialChoiceOf } from '@/lib/leads/signup';
import { CheckboxField, LeadFormFrame, SelectField, SubmitButton, TextField } from './fields';
import { useLeadForm, type LeadFormProps } from './use-lead-form';

type TrialChoice = Partial<TrialChoiceOf>;

/**
 * The trial request of /signup: plan and billing come preselected from the button that led here. Free has
 * no billing period: while Free is chosen the billing choice is hidden (by CSS, `.billing-choice` in
 * globals.css, so without JavaScript too) and not stored.
 */
export function TrialForm({ labelledBy = 'signup-form-title', page = '/signup', initialState, plan = 'pro', billing = 'monthly' }: Partial<LeadFormProps> & TrialChoice & { labelledBy?: string }) {
  const form = useLeadForm('trial', { id: 'trial-request', page, initialState });
  return (
    <LeadFormFrame form={form} labelledBy={labelledBy} submit={<SubmitButton form={form} label="Start My Free Trial" pendingLabel="Starting..." className="w-full" />}>
      <TextField form={form} name="name" label="Name" required autoComplete="name" />
      <TextField form={form} name="email" label="Work email" type="email" required autoComplete="email" inputMode="email" />
      <TextField form={form} name="company" label="Company (optional)" autoComplete="organization" className="sm:col-span-2" />
      <SelectField form={form} name="plan" label="Plan" required placeholder="Choose a plan" options={trialPlans} defaultOption={plan} />
      <SelectField form={form} name="billing" label="Billing" required placeholder="Choose billing" options={billingPeriods} defaultOption={billing} className="billing-choice" />
      <CheckboxField
        form={form}
        name="terms"
        required
        className="sm:col-span-2"
        label={
          <>
            I agree to the{' '}
            <a href="/terms" className="font-medium text-brand-strong underline underline-offset-4">
              Terms of Service
            </a>{' '}
            and the{' '}
            <a href="/privacy" className="font-medium text-brand-strong underline underline-offset-4">
              Privacy Policy
            </a>
            .
          </>
        }
      />
    </LeadFormFrame>
  );
}
