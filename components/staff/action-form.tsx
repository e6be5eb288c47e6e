'use client';
import * as React from 'react';
import { startTransition, useActionState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { idle, type ActionResult } from '@/lib/staff/action-state';
import { cn } from '@/lib/utils';

type Action = (prev: ActionResult, formData: FormData) => Promise<ActionResult>;
const ResultContext = React.createContext<ActionResult>(idle);
const PendingContext = React.createContext(false);

/**
 * A staff form bound to a server action: works without JavaScript (plain POST, the page re-renders with
 * the answer) and announces the outcome in a live region with JavaScript. With JavaScript the submission
 * goes through onSubmit, so that what was typed stays after an error (React resets a form whose `action`
 * runs); `resetOnSuccess` clears it after a success.
 */
export function ActionForm({
  action,
  children,
  className,
  resetOnSuccess,
  'aria-label': ariaLabel,
}: {
  action: Action;
  children: React.ReactNode;
  className?: string;
  resetOnSuccess?: boolean;
  'aria-label'?: string;
}) {
  const [state, formAction, pending] = useActionState(action, idle);
  const ref = React.useRef<HTMLFormElement>(null);
  React.useEffect(() => {
    if (resetOnSuccess && state.status === 'success') ref.current?.reset();
  }, [state, resetOnSuccess]);
  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    const submitter = (e.nativeEvent as SubmitEvent).submitter;
    const data = new FormData(e.currentTarget, submitter instanceof HTMLElement ? submitter : null);
    startTransition(() => formAction(data));
  }
  return (
    <form ref={ref} action={formAction} onSubmit={onSubmit} className={className} aria-label={ariaLabel}>
      <PendingContext.Provider value={pending}>
        <ResultContext.Provider value={state}>{children}</ResultContext.Provider>
      </PendingContext.Provider>
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

export function useActionResult() {
  return React.useContext(ResultContext);
}

export function SubmitButton({ children, pendingLabel, ...props }: ButtonProps & { pendingLabel?: string }) {
  const pending = React.useContext(PendingContext);
  return (
    <Button type="submit" disabled={pending || props.disabled} {...props}>
      {pending && pendingLabel ? pendingLabel : children}
    </Button>
  );
}
