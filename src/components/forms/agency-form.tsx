import { monthlyBudgets } from '@/lib/leads/options';
import { LeadFormFrame, SelectField, SubmitButton, TextAreaField, TextField } from './fields';
import { useLeadForm, type LeadFormProps } from './use-lead-form';

/** The agency enquiry. Monthly budget is labelled required, so the server requires it too (docs/leads.md). */
export function AgencyForm({ labelledBy = 'agency-form-title', page = '/agency', initialState }: Partial<LeadFormProps> & { labelledBy?: string } = {}) {
  const form = useLeadForm('agency', { id: 'agency-enquiry', page, initialState });
  return (
    <LeadFormFrame
      form={form}
      labelledBy={labelledBy}
      submit={<SubmitButton form={form} label="Get My Proposal" pendingLabel="Submitting..." className="w-full sm:w-auto" />}
    >
      <TextField form={form} name="name" label="Name" required autoComplete="name" />
      <TextField form={form} name="email" label="Email" type="email" required autoComplete="email" inputMode="email" />
      <TextField form={form} name="businessName" label="Business Name" required autoComplete="organization" />
      <SelectField form={form} name="monthlyBudget" label="Monthly Budget" required placeholder="Select your budget" options={monthlyBudgets} />
      <TextAreaField
        form={form}
        name="message"
        label="Tell us about your goals"
        required
        rows={5}
        className="sm:col-span-2"
      />
    </LeadFormFrame>
  );
}
