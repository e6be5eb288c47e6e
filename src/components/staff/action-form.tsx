import * as React from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { idle, type ActionResult } from '@/lib/staff/action-state';
import type { StaffActionName } from '@/lib/staff/actions';
import type { PostedAction } from '@/lib/staff/page';
import { cn } from '@/lib/utils';

const PostedContext = React.createContext<PostedAction | undefined>(undefined);
const ResultContext = React.createContext<ActionResult>(idle);
const ValuesContext = React.createContext<Record<string, string>>({});

/** The answer of the staff action posted in this request (from the page's route), for the forms below. */
export function PostedActionProvider({ posted, children }: { posted: PostedAction | undefined; children: React.ReactNode }) {
  return <PostedContext.Provider value={posted}>{children}</PostedContext.Provider>;
}

/** The answer of the staff action posted in this request, if it was `action`. */
export function usePostedAction(action: string, key = ''): PostedAction | undefined {
  const posted = React.useContext(PostedContext);
  return posted && posted.action === action && posted.key === key ? posted : undefined;
}

/**
 * A staff form: a plain POST to the page it is on, naming its action (`_action`, lib/staff/actions); the
 * page comes back with the answer, shown in the form that posted it (`resultKey` tells apart the forms of
 * one action on a page, such as one per row). Works the same with and without JavaScript. After a
 * refusal the fields show what was typed; after a success the page shows the form afresh (empty).
 * With JavaScript the form is marked pending while its post is in flight (pending-forms.ts).
 */
export function ActionForm({
  action,
  resultKey = '',
  children,
  className,
  'aria-label': ariaLabel,
  formRef,
}: {
  action: StaffActionName;
  resultKey?: string;
  children: React.ReactNode;
  className?: string;
  'aria-label'?: string;
  /** The form element, for an island that submits it (keyboard triage's keys). */
  formRef?: React.Ref<HTMLFormElement>;
}) {
  const posted = usePostedAction(action, resultKey);
  const state = posted ? (posted.result as ActionResult) : idle;
  // After a refusal the fields show what was typed (a success starts afresh).
  const values = posted && state.status === 'error' ? (posted.values ?? {}) : {};
  return (
    <form ref={formRef} method="post" className={cn('group/action', className)} aria-label={ariaLabel} data-action-form="">
      <input type="hidden" name="_action" value={action} />
      {resultKey ? <input type="hidden" name="_key" value={resultKey} /> : null}
      <ResultContext.Provider value={state}>
        <ValuesContext.Provider value={values}>{children}</ValuesContext.Provider>
      </ResultContext.Provider>
    </form>
  );
}

/** The outcome of the enclosing ActionForm (place it where it reads well). */
export function ActionMessage({ className }: { className?: string }) {
  const state = React.useContext(ResultContext);
  return (
    <p role="status" className={cn('text-sm font-medium empty:hidden', state.status === 'error' ? 'text-danger' : 'text-success', className)}>
      {state.message ? <span key={state.at}>{state.message}</span> : null}
    </p>
  );
}

/** A field's error, under it: `id` is for the field's `aria-describedby`. Nothing when there is none. */
export function FieldError({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="mt-1 text-sm font-medium text-danger">
      {text}
    </p>
  ) : null;
}

/** The error of field `name` in the answer of the enclosing form, if any. */
export function useFieldError(name: string): string | undefined {
  return React.useContext(ResultContext).fieldErrors?.[name];
}

/** What was typed into field `name` of the enclosing form before its post was refused. */
export function usePostedValue(name: string): string | undefined {
  return React.useContext(ValuesContext)[name];
}

/**
 * A submit button of an ActionForm. `pendingLabel` replaces its content while the form's post is in
 * flight (the form is marked `data-pending` by pending-forms.ts; without JavaScript nothing changes).
 */
export function SubmitButton({ children, pendingLabel, ...props }: ButtonProps & { pendingLabel?: string }) {
  return (
    <Button type="submit" {...props}>
      {pendingLabel ? (
        <>
          <span className="contents group-data-pending/action:hidden">{children}</span>
          <span className="hidden group-data-pending/action:inline">{pendingLabel}</span>
        </>
      ) : (
        children
      )}
    </Button>
  );
}

/** An input of an ActionForm that shows again what was typed when the post was refused. */
export function KeptInput(props: React.ComponentProps<typeof Input> & { name: string }) {
  const kept = usePostedValue(props.name);
  return <Input {...props} defaultValue={kept ?? props.defaultValue} />;
}

/** A select of an ActionForm that keeps the chosen option when the post was refused. */
export function KeptSelect(props: React.ComponentProps<typeof Select> & { name: string }) {
  const kept = usePostedValue(props.name);
  return <Select {...props} defaultValue={kept ?? props.defaultValue} />;
}

/** A text area of an ActionForm that shows again what was typed when the post was refused. */
export function KeptTextarea(props: React.ComponentProps<typeof Textarea> & { name: string }) {
  const kept = usePostedValue(props.name);
  return <Textarea {...props} defaultValue={kept ?? props.defaultValue} />;
}
