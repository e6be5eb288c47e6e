import { LeadFormFrame, SubmitButton, TextAreaField, TextField } from './fields';
import { useLeadForm, type LeadFormProps } from './use-lead-form';

/** The contact message form: stored in contact_messages, confirmed, then reset (docs/leads.md). */
export function ContactForm({ labelledBy = 'contact-form-title', page = '/contact', initialState, subject }: Partial<LeadFormProps> & { labelledBy?: string; /** Preset by the link that led here (`/contact?subject=business`). */ subject?: string } = {}) {
  const form = useLeadForm('contact', { id: 'contact-message', page, initialState });
  return (
    <LeadFormFrame
      form={form}
      labelledBy={labelledBy}
      submit={<SubmitButton form={form} label="Send Message" pendingLabel="Sending..." className="w-full sm:w-auto" />}
    >
      <TextField form={form} name="name" label="Name" required autoComplete="name" />
      <TextField form={form} name="email" label="Email" type="email" required autoComplete="email" inputMode="email" />
      <TextField form={form} name="company" label="Company (optional)" autoComplete="organization" />
      <TextField form={form} name="subject" label="Subject" required preset={subject} />
      <TextAreaField form={form} name="message" label="Message" required rows={6} className="sm:col-span-2" />
    </LeadFormFrame>
  );
}
