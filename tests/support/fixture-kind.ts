// A kind that is not in the registry: a webinar registration, added to the registry at test time
// (tests/integration/lead-kind-complete.test.ts) to prove that a registry entry alone reaches every place.
import type { KindDef } from '../../src/lib/leads/kinds';

export const webinarKind = {
  table: 'webinar_registrations',
  slug: 'webinar',
  label: 'Webinar registration',
  shortLabel: 'Webinar',
  fields: {
    name: { column: 'name', label: 'Name', rule: { type: 'text', max: 100, required: 'Name is required', label: 'Name' }, autofill: 'name' },
    email: { column: 'email', label: 'Email', rule: { type: 'email' }, autofill: 'email' },
    company: { column: 'company', label: 'Company', rule: { type: 'optional', max: 100 }, autofill: 'organization' },
    session: {
      column: 'session',
      label: 'Session',
      rule: { type: 'choice', message: 'Please choose a session' },
      options: [
        { value: '2027-01-14', label: 'Thursday 14 January 2027' },
        { value: '2027-01-21', label: 'Thursday 21 January 2027' },
        { value: '2027-01-28', label: 'Thursday 28 January 2027' },
      ],
    },
  },
  inbox: { name: ['name'], company: 'company', summary: 'session' },
  subject: (r) => `${r.name} (${r.session})`,
  outcome: { success: { title: 'You are registered!', message: 'We sent the joining link to your email.' }, failure: { title: 'Registration Failed', message: 'Please try again.' } },
  forms: { webinar: {} },
} satisfies KindDef;
