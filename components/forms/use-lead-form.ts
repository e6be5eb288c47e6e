'use client';
import { useActionState, useEffect, useRef, useState, useSyncExternalStore, type ChangeEvent, type FormEvent } from 'react';
import { initialFormState, type FormState } from '@/lib/leads/form-state';
import { leadFields, readFields, validateLead, type FieldErrors, type LeadKind } from '@/lib/leads/schemas';

type Action = (prev: FormState, data: FormData) => Promise<FormState>;

/** A random token for this render of the form (works on plain HTTP too, unlike randomUUID). */
function newToken() {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Wires a lead form: the server action through useActionState (a plain POST without JavaScript),
 * instant checks with the same zod schema as the server, focus on the first invalid field or on the
 * outcome, and the per-render submission token.
 */
const noSubscription = () => () => {};
/** False in the server's HTML and while hydrating, true once the page's JavaScript runs. */
export function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * `permalink` is the page a plain (no-JavaScript) post goes to: a path without a fragment, because
 * Chromium does not autofocus in a page whose address has one (the answer focuses the first invalid
 * field or the outcome with autofocus).
 */
export function useLeadForm(kind: LeadKind, action: Action, options: { id: string; permalink?: string }) {
  const { id } = options;
  const [state, formAction, pending] = useActionState(action, initialFormState, options.permalink);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [clientToken] = useState(newToken);
  const hydrated = useHydrated();
  const submitting = useRef(false);
  const lastAt = useRef(state.at);

  // A new answer from the server: move focus to what the visitor has to read or fix.
  useEffect(() => {
    if (state.at === lastAt.current) return;
    lastAt.current = state.at;
    submitting.current = false;
    setClientErrors(null);
    if (state.status === 'invalid') focusFirstInvalid(state.fieldErrors);
    else if (state.status !== 'idle') document.getElementById(`${id}-status`)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.at]);

  const errors: FieldErrors = clientErrors ?? (state.status === 'invalid' ? (state.fieldErrors ?? {}) : {});

  function focusFirstInvalid(fieldErrors: FieldErrors | undefined) {
    const form = document.getElementById(id);
    const first = leadFields[kind].find((name) => fieldErrors?.[name]);
    const el = first && form instanceof HTMLFormElement ? form.elements.namedItem(first) : null;
    if (el instanceof HTMLElement) el.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (submitting.current) {
      event.preventDefault(); // a second click or Enter while the first is on its way
      return;
    }
    const result = validateLead(kind, readFields(kind, new FormData(event.currentTarget)));
    if (!result.ok) {
      event.preventDefault();
      setClientErrors(result.fieldErrors);
      focusFirstInvalid(result.fieldErrors);
      return;
    }
    setClientErrors({});
    submitting.current = true;
  }

  /** Once a field shows an error, check it again as the visitor corrects it. */
  function onChange(event: ChangeEvent<HTMLFormElement>) {
    const name = (event.target as { name?: string }).name;
    if (!name || !errors[name]) return;
    const result = validateLead(kind, readFields(kind, new FormData(event.currentTarget)));
    const fresh = result.ok ? {} : result.fieldErrors;
    setClientErrors({ ...errors, [name]: fresh[name] });
  }

  const values = state.status === 'success' ? undefined : state.values;
  // In the page the server sends back after a plain (no-JavaScript) post, the browser focuses the
  // first invalid field itself (autofocus); with JavaScript the effect above does it.
  const firstInvalid = !hydrated && state.status === 'invalid' ? leadFields[kind].find((n) => state.fieldErrors?.[n]) : undefined;
  const fieldProps = (name: string) => {
    const fieldId = `${id}-${name}`;
    const error = errors[name];
    return {
      id: fieldId,
      name,
      defaultValue: values?.[name] ?? '',
      autoFocus: name === firstInvalid || undefined,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': `${fieldId}-error`,
      errorId: `${fieldId}-error`,
      error,
    };
  };

  return {
    state,
    formAction,
    pending,
    errors,
    hasErrors: Object.values(errors).some(Boolean),
    /** The outcome region takes focus in the page answered to a plain post (autofocus). */
    focusOutcome: !hydrated && state.status !== 'idle' && state.status !== 'invalid',
    // The prerendered page carries no token; the browser uses its own once it runs the form.
    token: state.token ?? (hydrated ? clientToken : ''),
    id,
    onSubmit,
    onChange,
    fieldProps,
  };
}

export type LeadFormApi = ReturnType<typeof useLeadForm>;
