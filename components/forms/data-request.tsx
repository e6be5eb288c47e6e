'use client';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { site } from '@/content/site';
import { submitDataRequest } from '@/lib/leads/actions';
import { dataRequestTypes, type DataRequestType } from '@/lib/leads/options';
import { cn } from '@/lib/utils';
import { LeadFormFrame, SelectField, SubmitButton, TextAreaField, TextField } from './fields';
import { useHydrated, useLeadForm, type LeadFormApi } from './use-lead-form';

export type { DataRequestType } from '@/lib/leads/options';


function DataRequestFields({ form, type, inDialog }: { form: LeadFormApi; type: DataRequestType; inDialog?: boolean }) {
  return (
    <LeadFormFrame
      form={form}
      title={inDialog ? undefined : 'Your data request'}
      description={inDialog ? undefined : description}
      className={inDialog ? 'mt-4' : 'rounded-2xl border border-border bg-white p-6 shadow-sm sm:p-8'}
      submit={<SubmitButton form={form} label="Send Request" pendingLabel="Submitting..." className="w-full sm:w-auto" />}
    >
      <TextField form={form} name="email" label="Email" type="email" required autoComplete="email" inputMode="email" className="sm:col-span-2" />
      <SelectField
        form={form}
        name="type"
        label="Request type"
        required
        placeholder="Choose a request type"
        options={dataRequestTypes}
        defaultOption={type}
        className="sm:col-span-2"
      />
      <TextAreaField form={form} name="details" label="Details (optional)" rows={4} className="sm:col-span-2" />
    </LeadFormFrame>
  );
}

const description = `Use the email address of your ${site.name} account. We reply to every request within 30 days.`;

/** The form shown in the page when JavaScript is off (the button links to it) or after a plain post. */
function InlinePanel({ type }: { type: DataRequestType }) {
  const idPrefix = `data-request-${type}`;
  const form = useLeadForm('dataRequest', submitDataRequest, { id: idPrefix, permalink: `/gdpr?request=${type}` });
  return (
    <div id={`data-request-${type}-panel`} className={cn('order-last w-full scroll-mt-24', form.state.status === 'idle' ? 'hidden target:block' : 'block')}>
      <DataRequestFields form={form} type={type} />
    </div>
  );
}

function DialogForm({ type }: { type: DataRequestType }) {
  const idPrefix = `data-request-${type}-dialog`;
  const form = useLeadForm('dataRequest', submitDataRequest, { id: idPrefix });
  return <DataRequestFields form={form} type={type} inDialog />;
}

/**
 * A GDPR rights button (decisions.md): opens the data-request form with the type preset, as a dialog
 * with JavaScript; without it, the button is a link to the same form in the page.
 */
export function DataRequestButton({ type, label }: { type: DataRequestType; label: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  return (
    <>
      {hydrated ? (
        <Button variant="outline" onClick={() => setOpen(true)} aria-haspopup="dialog" data-request-type={type}>
          {label}
        </Button>
      ) : (
        <Button variant="outline" asChild data-request-type={type}>
          <a href={`#data-request-${type}-panel`}>{label}</a>
        </Button>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-lg">
          <DialogTitle>{label}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
          <DialogForm type={type} />
        </DialogContent>
      </Dialog>
      <InlinePanel type={type} />
    </>
  );
}
