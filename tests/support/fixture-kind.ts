// A kind of lead that is not in the registry, for the tests: a webinar registration (name, email, optional
// company, one of three session dates, an optional box "Send me the recording" that is a consent). The unit
// tests build its table, schema and consents with the registry's builders (lib/db/schema.ts `leadTableOf`,
// lib/leads/schemas.ts `kindSchemaOf` / `validateLeadOf`, lib/leads/consent.ts `consentsOf` / `consentsGiven`);
// an integration test may add it to `leadKinds` (vi.mock('@/lib/leads/kinds')) to prove that a new kind reaches
// every place. Plain data, as a registry entry is.
// `limits` from its own module: this file is imported while the registry module is being mocked.
import type { KindDef } from '../../src/lib/leads/kinds';
import { limits } from '../../src/lib/leads/limits';

/** The three sessions on offer: content (a date changes with each season), so no database check. */
export const webinarSessions = [
  { value: '2026-03-04', label: 'Wednesday 4 March 2026, 16:00 UTC' },
  { value: '2026-03-11', label: 'Wednesday 11 March 2026, 16:00 UTC' },
  { value: '2026-03-18', label: 'Wednesday 18 March 2026, 16:00 UTC' },
] as const;

/** The consent of the recording box: its words are the box's label on the form. */
export const recordingConsent = { purpose: 'recording', label: 'Webinar recording by email', words: 'Send me the recording of the webinar by email.' } as const;

export const webinarKind = {
  table: 'webinar_registrations',
  slug: 'webinar',
  label: 'Webinar registration',
  shortLabel: 'Webinar',
  retention: 'lead',
  fields: {
    name: { column: 'name', label: 'Name', rule: { type: 'text', max: limits.name, required: 'Name is required', label: 'Name' }, autofill: 'name' },
    email: { column: 'email', label: 'Email', rule: { type: 'email' }, autofill: 'email' },
    company: { column: 'company', label: 'Company', rule: { type: 'optional', max: limits.name }, autofill: 'organization' },
    session: { column: 'session_date', label: 'Session', rule: { type: 'choice', message: 'Please choose a session' }, options: webinarSessions, optionsAre: 'content' },
    recording: { column: 'send_recording', label: 'Send me the recording', rule: { type: 'tick', consent: recordingConsent } },
  },
  inbox: { name: ['name'], company: 'company', summary: 'session_date' },
  subject: (r) => `${r.name} (${r.session_date})`,
  outcome: {
    success: { title: 'You are registered!', message: "We'll email you the link to join a day before the session." },
    failure: { title: 'Registration Failed', message: 'Please try again or contact us directly at hello@example.com' },
  },
  forms: { webinar: {} },
  acknowledge: { intro: 'Thank you for registering for our webinar.', contact: 'hello@example.com' },
} as const satisfies KindDef;

/** The kind's name when it is added to the registry. */
export const webinarKindName = 'webinar';
