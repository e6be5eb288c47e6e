/**
 * Reading a lead form's fields from a FormData, without zod: what every form needs in the browser. The
 * schemas (lib/leads/schemas.ts) load only when a visitor starts using a form.
 */
import { leadFields, type LeadKind } from './kinds';

export type { LeadKind } from './kinds';
export { leadFields } from './kinds';

export type FieldErrors = Partial<Record<string, string>>;
export type FieldValues = Record<string, string>;

/** The form's fields as strings ('' when missing or not text), limited to the fields of that form. */
export function readFields(kind: LeadKind, data: FormData): FieldValues {
  const out: FieldValues = {};
  for (const name of leadFields[kind] as readonly string[]) {
    const v = data.get(name);
    out[name] = typeof v === 'string' ? v : '';
  }
  return out;
}
