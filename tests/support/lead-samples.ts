// Valid values for every kind of lead, for the tests that submit leads. They come from the lead-kind
// registry (src/lib/leads/kinds.ts): a kind added there gets values made from its field definitions
// (`madeLead`), so every test that loops over the kinds submits it without a line here. The kinds below
// have hand-picked values instead, which some tests assert (a notification's subject, a stored row).
import { leadKindNames, leadKinds, tickBox, type FieldDef, type KindDef, type LeadKind } from '../../src/lib/leads/kinds';

/** The fields a visitor fills in for a kind (`leadFields`), with a value each. */
export type LeadValues = Record<string, string>;

/** A FormData from plain values. */
export function formData(values: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.set(k, v);
  return fd;
}

/** A valid value for a field, made from its rule alone: what a visitor could type or choose. */
export function sampleValue(name: string, field: FieldDef, email: string): string {
  const { rule } = field;
  switch (rule.type) {
    case 'email':
      return email;
    case 'choice':
      if (!field.options?.length) throw new Error(`${name}: a choice without options`);
      return (field.offered ?? field.options)[0].value;
    case 'tick':
      // Ticked (an optional box too: the values store it, and a consent box records its consent).
      return tickBox.value;
    case 'website':
      return 'https://example.com/sample';
    case 'optional':
      return `Sample ${field.label.toLowerCase()}`.slice(0, rule.max);
    case 'text':
      return `Sample ${(rule.label ?? field.label).toLowerCase()} of a test lead`.padEnd(rule.min?.length ?? 0, '.').slice(0, rule.max);
    case 'fixed':
      throw new Error(`${name}: a fixed field is set by its form, never posted`);
  }
}

/** Valid values of a kind made from its field definitions (every posted field, in the order of the form). */
export function madeLead(kind: LeadKind, email = `sample-${kind.toLowerCase()}@example.com`): LeadValues {
  return madeValuesOf(leadKinds[kind], email);
}

/** `madeLead` for any registry entry (in `leadKinds` or not, such as tests/support/fixture-kind.ts). */
export function madeValuesOf(def: KindDef, email = 'sample@example.com'): LeadValues {
  return Object.fromEntries(Object.entries(def.fields as Record<string, FieldDef>).filter(([, f]) => f.rule.type !== 'fixed').map(([name, f]) => [name, sampleValue(name, f, email)]));
}

/**
 * Hostile values of a box to tick (a hand-made post): anything but exactly its value, which it must refuse
 * (with its `required` message, or an optional box's `messages.tickBox`).
 */
export const refusedTicks: readonly string[] = ['YES', 'Yes', `${tickBox.value} `, ` ${tickBox.value}`, 'on', 'true', '1', 'no', `${tickBox.value},${tickBox.value}`, 'y'.repeat(6000), '\u0000'];

/**
 * The kinds of today, whose stored shapes, texts and colours are a contract the tests pin. A kind added to the
 * registry later is checked by the registry's own rules instead, so it breaks none of these tests.
 */
export const kindsOfToday = ['partner', 'affiliate', 'agency', 'contact', 'newsletter', 'dataRequest', 'trial'] as const satisfies readonly LeadKind[];

/** Hand-picked values of the kinds whose tests assert them; a kind not here gets `madeLead`'s. */
const picked: Partial<Record<LeadKind, LeadValues>> = {
  partner: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', company: 'Engines Ltd', partnershipType: 'reseller', message: 'We resell analytical engines.' },
  affiliate: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', website: '@grace.codes', audienceSize: '10,000 - 100,000' },
  agency: { name: 'Alan Turing', email: 'alan@example.com', businessName: 'Turing & Co', monthlyBudget: '5000+', message: 'We need a content plan.' },
  contact: { name: 'Edsger Dijkstra', email: 'ed@example.com', company: 'THE', subject: 'Question', message: 'Is GOTO harmful?' },
  newsletter: { email: 'News@Example.com' },
  dataRequest: { email: 'me@example.com', type: 'portability', details: 'Everything, please.' },
  // Not /signup's preselected plan and billing (pro, monthly), so that a stored row shows what was posted.
  trial: { name: 'Katherine Johnson', email: 'katherine@example.com', company: 'Langley Studio', plan: 'pro', billing: 'yearly', terms: 'yes' },
};

/** Valid values of every kind of the registry. */
export const validLeads = Object.fromEntries(leadKindNames.map((kind) => [kind, picked[kind] ?? madeLead(kind)])) as Record<LeadKind, LeadValues>;

/** Valid values of a kind with another address. */
export function validLead(kind: LeadKind, email: string): LeadValues {
  return { ...validLeads[kind], email };
}

/** Whether the values of a kind are hand-picked (else made from its field definitions). */
export const isPicked = (kind: LeadKind) => picked[kind] !== undefined;
