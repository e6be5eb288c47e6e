import { useEffect, useRef, useState, useSyncExternalStore, type ChangeEvent, type FormEvent } from 'react';
import { leadEndpointName, leadEndpointPath, noScriptAction } from '@/lib/leads/endpoints';
import { initialFormState, type FormState } from '@/lib/leads/form-state';
import { proofField } from '@/lib/spam/proof-field';
import { pageAttribution } from '@/lib/leads/attribution';
import { leadKinds } from '@/lib/leads/kinds';
import { leadFields, readFields, type FieldErrors, type LeadKind } from '@/lib/leads/fields';

// The zod schemas (about 30 kB of compressed JavaScript) load when a visitor first uses a form (focus,
// input or submit), not with the page: the footer's sign-up is on every page.
let schemas: Promise<typeof import('@/lib/leads/schemas')> | undefined;
const loadSchemas = () => (schemas ??= import('@/lib/leads/schemas'));

// The proof of work (lib/spam/proof.ts) starts when the island starts, which is the visitor's first reach
// for the form (`client:interaction`: pointer over it, touch, focus or a key), and runs while they type; a
// post waits for it. Its challenge's issue time is where the form's minimum time to fill is measured from
// (lib/spam/fill-time.ts). One proof per post: the next one starts as soon as a post is sent.
const loadProof = () => import('./proof-of-work');
/** Hours a solved proof is used before a new one is fetched (a little under the server's challengeHours). */
const proofHours = 11;

/** A random token for this render of the form (works on plain HTTP too, unlike randomUUID). */
function newToken() {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

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
 * Posts the form's fields to its JSON endpoint (lib/leads/endpoints.ts) and returns the new state. An
 * answer that is not the endpoint's (a proxy's error page, a lost connection) is a failure: the form
 * keeps what was typed.
 */
async function postToEndpoint(kind: LeadKind, endpoint: string, data: FormData): Promise<FormState> {
  const failed: FormState = { status: 'failed', ...leadKinds[kind].outcome.failure, at: Date.now() };
  try {
    const body = new URLSearchParams();
    for (const [name, value] of data) if (typeof value === 'string') body.append(name, value);
    const res = await fetch(endpoint, { method: 'POST', body, headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    if (!(res.headers.get('content-type') ?? '').startsWith('application/json')) return failed;
    const state = (await res.json()) as FormState;
    return typeof state?.status === 'string' ? { ...state, at: Date.now() } : failed;
  } catch {
    return failed;
  }
}

/** Where a lead form is shown and what it shows first. */
export type LeadFormProps = {
  /** The page the form is on: a post without JavaScript goes there and the page comes back with the answer. */
  page: string;
  /** The state to render: idle in the prerendered page, the server's answer to a post without JavaScript. */
  initialState?: FormState;
};

/**
 * Wires a lead form. Without JavaScript the form is a plain POST to its page (`page?form=<name>`); the
 * server answers with that page, this form rendered in its new state. With JavaScript it is checked at
 * once with the same zod schema as the server and, when valid, posted to its JSON endpoint
 * (lib/leads/endpoints.ts). Either way: focus on the first invalid field or on the outcome, and the
 * per-render submission token (exactly-once).
 */
export function useLeadForm(kind: LeadKind, options: { id: string; page: string; initialState?: FormState; fixed?: Record<string, string> }) {
  const { id } = options;
  const endpoint = leadEndpointPath(kind, options.fixed);
  const action = noScriptAction(options.page, leadEndpointName(kind, options.fixed));
  const initial = options.initialState ?? initialFormState;
  // The answers of the JSON endpoint. Once the page's JavaScript runs, every post goes there, so its
  // latest answer, when there is one, is the form's state.
  const [posted, setPosted] = useState<FormState | null>(null);
  const [posting, setPosting] = useState(false);
  const state = posted ?? initial;
  const pending = posting;
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [clientToken] = useState(newToken);
  const hydrated = useHydrated();
  const submitting = useRef(false);
  const lastAt = useRef(state.at);
  const proof = useRef<{ solved: Promise<string>; since: number } | null>(null);

  /**
   * Starts solving a proof of work unless one is under way or fresh; the promise of its field value. One
   * that could not be had ('': the connection dropped, the server refused) is asked for again next time.
   */
  function startProof(): Promise<string> {
    if (!proof.current || Date.now() - proof.current.since > proofHours * 3_600_000) {
      const current = { solved: loadProof().then((m) => m.solveProof(), () => ''), since: Date.now() };
      proof.current = current;
      void current.solved.then((value) => {
        if (!value && proof.current === current) proof.current = null;
      });
    }
    return proof.current.solved;
  }

  // The island starts when the visitor first reaches for the form: the schemas and the proof of work start
  // loading now. (The first focus is the interaction that hydrates the island, so `onFocus` does not run
  // for it: it cannot be where the proof starts.)
  useEffect(() => {
    void loadSchemas().catch(() => undefined);
    void startProof();
  }, []);

  // A new answer from the server: move focus to what the visitor has to read or fix.
  useEffect(() => {
    if (state.at === lastAt.current) return;
    lastAt.current = state.at;
    submitting.current = false;
    setClientErrors(null);
    // A success empties the form (a failure keeps what was typed).
    const form = document.getElementById(id);
    if (state.status === 'success' && form instanceof HTMLFormElement) form.reset();
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
    // With JavaScript the post goes to the form's JSON endpoint (no page render on the server), so the
    // browser's own submission never happens.
    event.preventDefault();
    if (submitting.current) return; // a second click or Enter while the first is on its way
    submitting.current = true;
    const data = new FormData(event.currentTarget);
    const send = async () => {
      setPosting(true);
      data.set(proofField, await startProof());
      // Where the visitor came from: the campaign tags of this page's address, the referring site, the page.
      for (const [name, value] of Object.entries(pageAttribution(window.location, document.referrer))) data.set(name, value);
      // This proof is spent; the next post's starts now, so that a second sign-up is timed from this one.
      proof.current = null;
      void startProof();
      setPosted(await postToEndpoint(kind, endpoint, data));
      setPosting(false);
    };
    void loadSchemas().then(
      ({ validateLead }) => {
        const result = validateLead(kind, readFields(kind, data));
        if (result.ok) {
          setClientErrors({});
          return send();
        }
        submitting.current = false;
        setClientErrors(result.fieldErrors);
        focusFirstInvalid(result.fieldErrors);
      },
      // The schemas could not be loaded (connection lost): the server checks the post anyway.
      send,
    );
  }

  /** Once a field shows an error, check it again as the visitor corrects it. */
  function onChange(event: ChangeEvent<HTMLFormElement>) {
    const name = (event.target as { name?: string }).name;
    if (!name || !errors[name]) return;
    const data = new FormData(event.currentTarget);
    void loadSchemas().then(({ validateLead }) => {
      const result = validateLead(kind, readFields(kind, data));
      const fresh = result.ok ? {} : result.fieldErrors;
      setClientErrors((current) => ({ ...(current ?? errors), [name]: fresh[name] }));
    });
  }

  /** A focus in the form starts loading the schemas and the proof of work when they are not under way (a
   *  failed load is tried again). */
  function onFocus() {
    void loadSchemas().catch(() => undefined);
    void startProof();
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
    action,
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
    onFocus,
    fieldProps,
  };
}

export type LeadFormApi = ReturnType<typeof useLeadForm>;
