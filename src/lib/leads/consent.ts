/**
 * What a visitor agrees to, declared in the lead-kind registry (lib/leads/kinds.ts): a kind whose post is
 * itself the consent (the newsletter: `consent`, with each form's words) and boxes to tick that are one (the
 * trial's terms: `{ type: 'tick', consent }`). Every accepted post stores a consent record per consent it
 * gives (a box only when ticked): when, on which page, which words and their version (the first 12 hex digits
 * of their SHA-256), shown on the lead's staff page with the purpose's label, and in a data export. The
 * `consent_records` purpose check (lib/db/schema.ts) is built from `consentPurposesOf`. Client-safe: plain data.
 */
import { leadKindNames, leadKinds, tickBox, type Consent, type FieldDef, type KindDef } from './kinds';

/** A consent the registry declares: the kind and form that show it, and the field when it is a box to tick. */
export type DeclaredConsent = Consent & { kind: string; form: string; field?: string };

/** Every consent a kind declares, form by form: the post's own, then each box that is a consent, in the order of the form. */
export function consentsOf(def: KindDef, kind: string = def.slug): DeclaredConsent[] {
  return Object.keys(def.forms).flatMap((form) => [
    ...(def.consent ? [{ kind, form, purpose: def.consent.purpose, label: def.consent.label, words: def.consent.words[form] }] : []),
    ...Object.entries(def.fields as Record<string, FieldDef>).flatMap(([field, f]) => (f.rule.type === 'tick' && f.rule.consent ? [{ kind, form, field, ...f.rule.consent }] : [])),
  ]);
}

/** Every consent of the registry. */
export const declaredConsents: DeclaredConsent[] = leadKindNames.flatMap((k) => consentsOf(leadKinds[k], k));

/** The purposes of these kinds' consents, each once, in the order of the registry, with their staff label. */
export function consentPurposesOf(defs: readonly KindDef[]): { purpose: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const c of defs.flatMap((d) => consentsOf(d))) if (!seen.has(c.purpose)) seen.set(c.purpose, c.label);
  return [...seen].map(([purpose, label]) => ({ purpose, label }));
}

/** The purposes of the registry ('newsletter', 'terms' today), the values `consent_records.purpose` may hold. */
export const consentPurposes = consentPurposesOf(leadKindNames.map((k) => leadKinds[k]));

/** What staff call a purpose (the purpose itself for one the registry no longer declares). */
export const purposeLabel = (purpose: string): string => consentPurposes.find((p) => p.purpose === purpose)?.label ?? purpose;

/**
 * The consents a valid post of `form` gives with these values (as validated): the post's own, and each box
 * that is a consent when it is ticked.
 */
export function consentsGiven(def: KindDef, form: string, data: Record<string, unknown>): Consent[] {
  return consentsOf(def)
    .filter((c) => c.form === form && (c.field === undefined || data[c.field] === tickBox.value) && c.words)
    .map(({ purpose, label, words }) => ({ purpose, label, words }));
}
