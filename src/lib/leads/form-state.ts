/**
 * What the server answers to a lead form post (and what the form renders): shared by the server, the
 * forms and the tests. The texts of each outcome are in lib/leads/kinds.ts. Client-safe.
 */
import type { FieldErrors, FieldValues } from './fields';

export type FormStatus = 'idle' | 'invalid' | 'success' | 'failed' | 'limited';

export type FormState = {
  status: FormStatus;
  /** Field name -> message (status 'invalid'). */
  fieldErrors?: FieldErrors;
  /** What was typed, to show again (every status but 'success' and 'idle'). */
  values?: FieldValues;
  /** Title and text of the outcome shown in the form's status region. */
  title?: string;
  message?: string;
  /** The submission token the form must send next (fresh after a success). */
  token?: string;
  /** Changes on every answer, so that a repeated identical outcome is still announced. */
  at?: number;
};

export const initialFormState: FormState = { status: 'idle' };

export const rateLimitedMessage = 'Too many submissions, please wait a minute and try again.';
export const invalidSummary = 'Please correct the highlighted fields.';

/** Hidden field with the per-render submission token (exactly-once). */
export const tokenField = 'submissionToken';
/** The honeypot: hidden from people and assistive technology; only bots fill it in. */
export const honeypotField = 'faxNumber';
/** A token the forms generate: 16 to 64 letters, digits, '-' or '_'. Anything else counts as none. */
export const tokenPattern = /^[A-Za-z0-9_-]{16,64}$/;
