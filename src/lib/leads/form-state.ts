/**
 * What a lead form's server action answers (and what the form renders): shared by the actions, the
 * forms and the tests. Client-safe: no server imports.
 */
import { site } from '@/content/site';
import type { FieldErrors, FieldValues, LeadKind } from './schemas';

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

/** Spec §8 and decisions.md: the texts of success and failure, per form. */
export const outcomes: Record<LeadKind, { success: { title: string; message: string }; failure: { title: string; message: string } }> = {
  partner: {
    success: { title: 'Application Submitted!', message: "Thank you for your interest. We'll get back to you within 48 hours." },
    failure: { title: 'Submission Failed', message: 'There was an error submitting your application. Please try again.' },
  },
  affiliate: {
    success: {
      title: 'Application Submitted Successfully!',
      message: "Thank you for applying. We'll review your application and get back to you within 24 hours.",
    },
    failure: { title: 'Submission Failed', message: `Please try again or contact us directly at ${site.contacts.affiliates}` },
  },
  agency: {
    success: {
      title: 'Enquiry Submitted Successfully!',
      message: "Thank you for your enquiry. We'll get back to you within 24 hours with a custom proposal.",
    },
    failure: { title: 'Submission Failed', message: `Please try again or contact us directly at ${site.contacts.agency}` },
  },
  contact: {
    success: { title: 'Message Sent!', message: "We'll get back to you within 24 hours." },
    failure: { title: 'Submission Failed', message: `Please try again or contact us directly at ${site.contacts.hello}` },
  },
  newsletter: {
    success: { title: "You're subscribed!", message: 'Thanks for signing up. Look out for product news and tips in your inbox.' },
    failure: { title: 'Subscription Failed', message: `Please try again or contact us directly at ${site.contacts.hello}` },
  },
  dataRequest: {
    success: {
      title: 'Request Received',
      message: `We'll reply to your request within 30 days. If we need to confirm your identity, we'll write to you from ${site.contacts.privacy}.`,
    },
    failure: { title: 'Submission Failed', message: `Please try again or contact us directly at ${site.contacts.privacy}` },
  },
};

/** Hidden field with the per-render submission token (exactly-once). */
export const tokenField = 'submissionToken';
/** The honeypot: hidden from people and assistive technology; only bots fill it in. */
export const honeypotField = 'faxNumber';
/** A token the forms generate: 16 to 64 letters, digits, '-' or '_'. Anything else counts as none. */
export const tokenPattern = /^[A-Za-z0-9_-]{16,64}$/;
