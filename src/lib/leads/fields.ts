/**
 * The fields of each lead form, without zod: what the forms need in every page's JavaScript (the order
 * of the fields, reading them from a FormData). The schemas (lib/leads/schemas.ts, which re-exports
 * these) are loaded by the browser only when a visitor starts using a form.
 */
export type LeadKind = 'partner' | 'affiliate' | 'agency' | 'contact' | 'newsletter' | 'dataRequest';

/** The text fields each form posts (the order is the order on screen, for focusing the first error). */
export const leadFields = {
  partner: ['firstName', 'lastName', 'email', 'company', 'partnershipType', 'message'],
  affiliate: ['firstName', 'lastName', 'email', 'website', 'audienceSize'],
  agency: ['name', 'email', 'businessName', 'monthlyBudget', 'message'],
  contact: ['name', 'email', 'company', 'subject', 'message'],
  newsletter: ['email'],
  dataRequest: ['email', 'type', 'details'],
} as const satisfies Record<LeadKind, readonly string[]>;

export type FieldErrors = Partial<Record<string, string>>;
export type FieldValues = Record<string, string>;

/** The form's fields as strings ('' when missing or not text), limited to the fields of that form. */
export function readFields(kind: LeadKind, data: FormData): FieldValues {
  const out: FieldValues = {};
  for (const name of leadFields[kind]) {
    const v = data.get(name);
    out[name] = typeof v === 'string' ? v : '';
  }
  return out;
}
