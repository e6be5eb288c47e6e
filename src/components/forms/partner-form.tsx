import { partnershipTypes } from '@/lib/leads/options';
import { LeadFormFrame, SelectField, SubmitButton, TextAreaField, TextField } from './fields';
import { useLeadForm, type LeadFormProps } from './use-lead-form';

/** 'Become a Partner': stored in partner_applications; its field messages are kept exactly (docs/leads.md). */
export function PartnerForm({ labelledBy = 'partner-form-title', page = '/partners', initialState }: Partial<LeadFormProps> & { labelledBy?: string } = {}) {
  const form = useLeadForm('partner', { id: 'partner-application', page, initialState });
  return (
    <LeadFormFrame
      form={form}
      labelledBy={labelledBy}
      submit={<SubmitButton form={form} label="Submit Application" pendingLabel="Submitting..." className="w-full sm:w-auto" />}
    >
      <TextField form={form} name="firstName" label="First Name" required autoComplete="given-name" />
      <TextField form={form} name="lastName" label="Last Name" required autoComplete="family-name" />
      <TextField form={form} name="email" label="Email" type="email" required autoComplete="email" inputMode="email" />
      <TextField form={form} name="company" label="Company Name" required autoComplete="organization" />
      <SelectField
        form={form}
        name="partnershipType"
        label="Partnership Type"
        required
        placeholder="Select a partnership type"
        options={partnershipTypes}
        className="sm:col-span-2"
      />
      <TextAreaField
        form={form}
        name="message"
        label="Tell us about your partnership idea"
        required
        rows={5}
        hint="At least 10 characters."
        className="sm:col-span-2"
      />
    </LeadFormFrame>
  );
}
