import type * as React from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { StatusMessage } from '@/components/ui/status';
import { Textarea } from '@/components/ui/textarea';
import { honeypotField, tokenField } from '@/lib/leads/form-state';
import { tickBox } from '@/lib/leads/kinds';
import { cn } from '@/lib/utils';
import type { LeadFormApi } from './use-lead-form';

type FieldBase = { form: LeadFormApi; name: string; label: string; required?: boolean; className?: string; hint?: string };

function useField(form: LeadFormApi, name: string, hint?: string) {
  const { errorId, error, ...props } = form.fieldProps(name);
  const hintId = hint ? `${props.id}-hint` : undefined;
  return { props: { ...props, 'aria-describedby': cn(hintId, errorId) }, error, errorId, hintId };
}

/** Label, optional hint and error message around one control. */
function FieldShell({
  f,
  label,
  required,
  className,
  hint,
  children,
}: { f: ReturnType<typeof useField>; label: string; required?: boolean; className?: string; hint?: string; children: React.ReactNode }) {
  return (
    <div className={className}>
      <Label htmlFor={f.props.id} required={required}>
        {label}
      </Label>
      {hint ? (
        <p id={f.hintId} className="-mt-1 mb-1.5 text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {children}
      <FieldError id={f.errorId} message={f.error} />
    </div>
  );
}

/**
 * A field around one text control (an input or a textarea): its props pass through to the control. `preset`
 * fills it until the visitor's own text replaces it (a link's subject on the contact form).
 */
function controlField<C extends 'input' | 'textarea'>(Control: React.ComponentType<React.ComponentProps<C>>) {
  return function ControlField({ form, name, label, required, className, hint, preset, ...control }: FieldBase & { preset?: string } & Omit<React.ComponentProps<C>, 'form' | 'name' | 'defaultValue'>) {
    const f = useField(form, name, hint);
    const defaultValue = f.props.defaultValue || preset || '';
    const props = { ...control, ...f.props, defaultValue, required, 'aria-required': required || undefined } as React.ComponentProps<C>;
    return (
      <FieldShell f={f} label={label} required={required} className={className} hint={hint}>
        <Control {...props} />
      </FieldShell>
    );
  };
}

export const TextField = controlField<'input'>(Input);
export const TextAreaField = controlField<'textarea'>(Textarea);

export function SelectField({
  form,
  name,
  label,
  required,
  className,
  placeholder,
  options,
  defaultOption,
}: FieldBase & { placeholder: string; options: readonly { value: string; label: string }[]; defaultOption?: string }) {
  const f = useField(form, name);
  const defaultValue = f.props.defaultValue || defaultOption || '';
  return (
    <FieldShell f={f} label={label} required={required} className={className}>
      {/* Keyed by its default: React ignores a changed defaultValue on a <select>, and resets the form
          after each action, so a select kept after a failure must be mounted with its value. */}
      <Select key={defaultValue} {...f.props} defaultValue={defaultValue} required={required} aria-required={required || undefined}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </FieldShell>
  );
}

/**
 * A box to tick (a field whose rule is `{ type: 'tick' }` in lib/leads/kinds.ts): posts 'yes' when ticked and
 * nothing when not. `label` is its sentence (it may hold links); `required` marks it with the asterisk (its
 * rule's `required`). When the box is a consent, the label's text is the consent's words
 * (tests/unit/consent-wording.test.ts checks it).
 */
export function CheckboxField({ form, name, label, required, className }: Omit<FieldBase, 'label' | 'hint'> & { label: React.ReactNode }) {
  const { errorId, error, defaultValue, ...box } = form.fieldProps(name);
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          id={box.id}
          name={box.name}
          value={tickBox.value}
          // Keyed like the selects: a kept tick must be mounted with it after a failed post.
          key={defaultValue}
          defaultChecked={defaultValue === tickBox.value}
          required={required}
          aria-required={required || undefined}
          aria-invalid={box['aria-invalid']}
          aria-describedby={box['aria-describedby']}
          autoFocus={box.autoFocus}
          className="mt-1 size-4 shrink-0 rounded border-input accent-brand-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        />
        <label htmlFor={box.id} className="text-sm text-slate-700">
          {label}
          {required ? (
            <span aria-hidden className="ml-0.5 text-danger">
              *
            </span>
          ) : null}
        </label>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** The submission token and the honeypot (off-screen, hidden from assistive technology, not focusable). */
export function HiddenFields({ form }: { form: LeadFormApi }) {
  return (
    <>
      <input type="hidden" name={tokenField} value={form.token} readOnly />
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Fax number
          <input type="text" name={honeypotField} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </>
  );
}

/** The outcome of the last submission, announced when it appears and focused after a submission. */
export function FormOutcome({ form, className, summary = true }: { form: LeadFormApi; className?: string; summary?: boolean }) {
  const { state } = form;
  const shown = form.hasErrors && !summary
    ? null
    : form.hasErrors
    ? { tone: 'error' as const, title: 'Please correct the highlighted fields.', message: undefined }
    : state.status === 'success'
      ? { tone: 'success' as const, title: state.title ?? '', message: state.message }
      : state.status === 'failed'
        ? { tone: 'error' as const, title: state.title ?? '', message: state.message }
        : state.status === 'limited'
          ? { tone: 'error' as const, title: state.message ?? '', message: undefined }
          : null;
  return (
    <div id={`${form.id}-status`} tabIndex={-1} autoFocus={form.focusOutcome || undefined} className={cn('outline-none empty:hidden', className)}>
      {shown ? (
        <StatusMessage tone={shown.tone} title={shown.title}>
          {shown.message}
        </StatusMessage>
      ) : null}
    </div>
  );
}

export function SubmitButton({ form, label, pendingLabel, className }: { form: LeadFormApi; label: string; pendingLabel: string; className?: string }) {
  return (
    <Button type="submit" size="lg" disabled={form.pending} aria-disabled={form.pending || undefined} className={className}>
      {form.pending ? pendingLabel : label}
    </Button>
  );
}

/** The form element of every lead form: posts without JavaScript, and no browser bubbles (the same messages come from the schema). */
export function LeadFormElement({
  form,
  labelledBy,
  className,
  children,
}: {
  form: LeadFormApi;
  labelledBy?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <form
      id={form.id}
      method="post"
      action={form.action}
      onSubmit={form.onSubmit}
      onChange={form.onChange}
      onFocus={form.onFocus}
      noValidate
      aria-labelledby={labelledBy}
      className={cn('relative scroll-mt-24', className)}
    >
      {children}
    </form>
  );
}

/** A lead form with its heading, fields in a grid, outcome and submit button. */
export function LeadFormFrame({
  form,
  title,
  description,
  children,
  submit,
  className,
  headingLevel = 'h2',
  labelledBy,
}: {
  form: LeadFormApi;
  /** The id of a heading outside the form that names it (the page section's); then `title` is not rendered. */
  labelledBy?: string;
  title?: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  submit: React.ReactNode;
  className?: string;
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  const id = form.id;
  return (
    <LeadFormElement form={form} labelledBy={labelledBy ?? (title ? `${id}-title` : undefined)} className={className}>
      {title ? (
        <Heading id={`${id}-title`} className="text-2xl font-semibold tracking-tight text-foreground">
          {title}
        </Heading>
      ) : null}
      {description ? <div className="mt-2 text-muted-foreground">{description}</div> : null}
      <HiddenFields form={form} />
      <div className={cn('grid gap-5 sm:grid-cols-2', title || description ? 'mt-6' : undefined)}>{children}</div>
      <FormOutcome form={form} className="mt-6" />
      <div className="mt-6">{submit}</div>
    </LeadFormElement>
  );
}
