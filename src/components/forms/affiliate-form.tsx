import { audienceSizes } from '@/lib/leads/options';
import { LeadFormFrame, SelectField, SubmitButton, TextField } from './fields';
import { useLeadForm, type LeadFormProps } from './use-lead-form';

/** The affiliate application. Audience size is labelled required, so the server requires it too (docs/leads.md). */
export function AffiliateForm({ labelledBy = 'affiliate-form-title', page = '/affiliate', initialState }: Partial<LeadFormProps> & { labelledBy?: string } = {}) {
  const form = useLeadForm('affiliate', { id: 'affiliate-application', page, initialState });
  return (
    <LeadFormFrame
      form={form}
      labelledBy={labelledBy}
      submit={<SubmitButton form={form} label="Submit Application" pendingLabel="Submitting Application..." className="w-full sm:w-auto" />}
    >
      <TextField form={form} name="firstName" label="First Name" required autoComplete="given-name" />
      <TextField form={form} name="lastName" label="Last Name" required autoComplete="family-name" />
      <TextField form={form} name="email" label="Email" type="email" required autoComplete="email" inputMode="email" className="sm:col-span-2" />
      <TextField
        form={form}
        name="website"
        label="Website/Social Media"
        required
        autoComplete="url"
        placeholder="https://yoursite.com or @yourhandle"
        className="sm:col-span-2"
      />
      <SelectField
        form={form}
        name="audienceSize"
        label="Audience Size"
        required
        placeholder="Select your audience size"
        options={audienceSizes}
        className="sm:col-span-2"
      />
    </LeadFormFrame>
  );
}
