// The least time a person takes to fill a lead form (docs/spam.md, "The time to fill"), measured from the
// moment the form's island asked for its challenge, which is the visitor's first reach for the form
// (pointer over it, touch, focus or key: the island hydrates then and fetches the challenge at once).
//
// A form whose every required text is one a browser autofills (the newsletter's address, a data request's
// address, the trial's name and address) can be completed by a person in about a second: one touch, one
// autofill, one click. No minimum can tell such a person from a script, so these forms have none; what
// keeps scripts off them is the proof of work, its single use, the rate limits and, for the emails they
// cause, double opt-in and the per-address caps. A form that asks for something only the person can type
// (a message, a subject, a website) has the minimum of SPAM_MIN_FILL_SECONDS.
import { leadKinds, type FieldDef, type LeadKind } from '@/lib/leads/kinds';

/** Rules of a text the visitor must enter: a required text, an address, a website. */
const typedRule = (f: FieldDef) => (f.rule.type === 'text' && Boolean(f.rule.required || f.rule.min)) || f.rule.type === 'email' || f.rule.type === 'website';

/** Whether a person must type something in a kind's form that no browser fills in for them. */
export function needsTyping(kind: LeadKind): boolean {
  return Object.values(leadKinds[kind].fields as Record<string, FieldDef>).some((f) => typedRule(f) && !f.autofill);
}

/** The least seconds from a form's challenge to its post: `minFillSeconds` for a form a person must type in, else 0. */
export function minFillSecondsFor(kind: LeadKind, minFillSeconds: number): number {
  return needsTyping(kind) ? minFillSeconds : 0;
}
