import type { ReactNode } from 'react';
import { X } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { dataRequestReplyDays } from '@/lib/config/retention';
import { site } from '@/lib/config/site';
import type { FormState } from '@/lib/leads/form-state';
import { dataRequestTypes, type DataRequestType } from '@/lib/leads/options';
import { cn } from '@/lib/utils';
import { LeadFormFrame, SelectField, SubmitButton, TextAreaField, TextField } from './fields';
import { useLeadForm, type LeadFormApi } from './use-lead-form';

export type { DataRequestType } from '@/lib/leads/options';

const page = '/gdpr';
const description = `Use the email address of your ${site.name} account. We reply to every request within ${dataRequestReplyDays} days, once you confirm it from the link we email you.`;

function DataRequestFields({ form, type, inDialog }: { form: LeadFormApi; type: DataRequestType; inDialog?: boolean }) {
  return (
    <LeadFormFrame
      form={form}
      // Four of these forms are in the page without JavaScript: each landmark has its own name.
      title={inDialog ? undefined : `Your data request: ${dataRequestTypes.find((t) => t.value === type)!.label}`}
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

function isType(value: string | undefined): value is DataRequestType {
  return dataRequestTypes.some((t) => t.value === value);
}

/**
 * The form that shows the answer to a data request posted without JavaScript: the one of the type that was
 * posted (also after a success, which clears the values); a type not on the list is answered in the first type's form.
 */
export function answeredRequestType(posted: Record<string, string>): DataRequestType {
  return isType(posted.type) ? posted.type : dataRequestTypes[0].value;
}

/**
 * The form in the page, for browsers without JavaScript (the rights button is then a link to it); in the
 * page rendered for such a post, the panel of the type that was posted shows its answer (`initialState`).
 */
export function DataRequestNoScriptForm({ type, initialState }: { type: DataRequestType; initialState?: FormState }) {
  const form = useLeadForm('dataRequest', { id: `data-request-${type}`, page, initialState });
  return (
    <div id={`data-request-${type}-panel`} className={cn('order-last w-full scroll-mt-24', form.state.status === 'idle' ? 'hidden target:block' : 'block')}>
      <DataRequestFields form={form} type={type} />
    </div>
  );
}

/** The form in a rights button's dialog (an island: it hydrates when the visitor first uses it). */
export function DataRequestDialogForm({ type }: { type: DataRequestType }) {
  const form = useLeadForm('dataRequest', { id: `data-request-${type}-dialog`, page });
  return <DataRequestFields form={form} type={type} inDialog />;
}

const invoke = (target: string, command: 'show-modal' | 'close') => ({ commandfor: target, command }) as Record<string, string>;

/**
 * A GDPR rights button: opens the data-request form, the type preset, in a native modal <dialog> (invoker
 * commands, no script needed to open it; `dialogForm` is the form island). Without JavaScript the button
 * is a link to the same form in the page (`@media (scripting)` shows one or the other).
 */
export function DataRequestButton({ type, label, dialogForm, answer }: { type: DataRequestType; label: string; dialogForm?: ReactNode; answer?: FormState }) {
  const dialogId = `data-request-${type}-modal`;
  return (
    <>
      <a href={`#data-request-${type}-panel`} data-request-type={type} className={cn(buttonVariants({ variant: 'outline' }), 'js:hidden')}>
        {label}
      </a>
      <button type="button" aria-haspopup="dialog" data-request-type={type} className={cn(buttonVariants({ variant: 'outline' }), 'hidden js:inline-flex')} {...invoke(dialogId, 'show-modal')}>
        {label}
      </button>
      <dialog
        id={dialogId}
        aria-labelledby={`${dialogId}-title`}
        aria-describedby={`${dialogId}-description`}
        className="m-auto max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl backdrop:bg-slate-950/60 backdrop:backdrop-blur-sm"
      >
        <h2 id={`${dialogId}-title`} className="pr-10 text-xl font-semibold tracking-tight">
          {label}
        </h2>
        <p id={`${dialogId}-description`} className="mt-1 text-sm text-muted-foreground">
          {description}
        </p>
        {dialogForm}
        <button
          type="button"
          aria-label="Close"
          className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-muted hover:text-foreground"
          {...invoke(dialogId, 'close')}
        >
          <X aria-hidden className="size-5" />
        </button>
      </dialog>
      <DataRequestNoScriptForm type={type} initialState={answer} />
    </>
  );
}
