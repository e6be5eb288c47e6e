/**
 * One zod schema per lead form, built from the rules in lib/leads/kinds.ts: the browser checks with it
 * for instant feedback, the server as the authority (docs/leads.md).
 */
import { z } from 'zod';
import type { FieldErrors, FieldValues } from './fields';
import { leadKindNames, leadKinds, limits, tickBox, type FieldDef, type KindDef, type LeadData, type LeadKind, type PostedField } from './kinds';

// No `new Function` probe: the site's CSP forbids eval, and zod's probe for it is reported by the browser
// (a CSP issue in the console on every page with a form).
z.config({ jitless: true });

export { limits };

/** C0 controls other than tab, line feed and carriage return (browsers send CRLF), DEL and C1 controls. */
export const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

const count = (n: number) => n.toLocaleString('en-US');

export const messages = {
  invalidEmail: 'Please enter a valid email',
  tooLong: (label: string, max: number) => `${label} must be at most ${count(max)} characters`,
  control: (label: string) => `${label} contains characters that are not allowed`,
  /** An optional box to tick posted with anything but its value (only a hand-made post can). */
  tickBox: (label: string) => `${label}: tick the box or leave it unticked`,
} as const;

type TextOptions = { label: string; max: number; required?: string; min?: { length: number; message: string } };

/** A trimmed text field: required (optional), no control characters, a maximum length. */
function text({ label, max, required, min }: TextOptions) {
  // Control characters are looked for before trimming (trim would drop a trailing vertical tab).
  let s = z
    .string()
    .refine((v) => !controlCharacters.test(v), messages.control(label))
    .trim();
  if (required) s = s.min(1, required);
  if (min) s = s.min(min.length, min.message);
  return s.refine((v) => v.length <= max, messages.tooLong(label, max));
}

const emailFormat = z.email();
const email = () =>
  z
    .string()
    .refine((v) => !controlCharacters.test(v), messages.invalidEmail)
    .trim()
    .min(1, messages.invalidEmail)
    .refine((v) => v.length <= limits.email, messages.tooLong('Email', limits.email))
    .refine((v) => v.length > limits.email || emailFormat.safeParse(v).success, messages.invalidEmail);

/** Optional text: empty becomes null. */
function optionalText(label: string, max: number) {
  return text({ label, max }).transform((v) => (v === '' ? null : v));
}

const oneOf = <T extends readonly [string, ...string[]]>(options: T, message: string) => z.enum(options, { error: message });

/** An http(s) address with a host name, or a social handle such as @studio.jane. */
export function isWebsiteOrHandle(value: string): boolean {
  if (/^@?[A-Za-z0-9._-]{1,60}$/.test(value)) return true;
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0 && !/\s/.test(value);
  } catch {
    return false;
  }
}

export const websiteFormatMessage = 'Please enter a website address (https://...) or a social handle (@name)';

/** The zod check of one field, from its rule in lib/leads/kinds.ts. */
function fieldSchema(def: FieldDef): z.ZodType {
  const { rule, label } = def;
  switch (rule.type) {
    case 'text':
      return text({ label: rule.label ?? label, max: rule.max, required: rule.required, min: rule.min });
    case 'optional':
      return optionalText(label, rule.max);
    case 'email':
      return email();
    case 'choice':
      return oneOf((def.offered ?? def.options ?? []).map((o) => o.value) as [string, ...string[]], rule.message);
    case 'tick':
      // Exactly its value ('yes'; not 'YES', 'on' or 'yes '); unticked, a box posts nothing (''): refused with
      // `required`, or stored as null.
      return rule.required
        ? oneOf([tickBox.value], rule.required)
        : oneOf([tickBox.value, ''], messages.tickBox(label))
            .optional()
            .transform((v) => (v === tickBox.value ? v : null));
    case 'website':
      return text({ label, max: rule.max, required: rule.required }).refine(
        (v) => v === '' || v.length > rule.max || controlCharacters.test(v) || isWebsiteOrHandle(v),
        websiteFormatMessage,
      );
    case 'fixed':
      throw new Error(`${label} is set by its form, never posted`);
  }
}

/** The schema of the fields a visitor posts for a kind, from its registry entry (any `KindDef`, in `leadKinds` or not). */
export function kindSchemaOf(def: KindDef): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.rule.type !== 'fixed') shape[name] = fieldSchema(f);
  }
  return z.object(shape);
}

/** One schema per kind, for the fields a visitor posts. */
export const leadSchemas = Object.fromEntries(leadKindNames.map((k) => [k, kindSchemaOf(leadKinds[k])])) as Record<LeadKind, z.ZodObject>;

export type { FieldErrors, FieldValues } from './fields';
export type { LeadKind } from './kinds';
export { leadFields, readFields } from './fields';
/** What a valid post of a kind's form gives: its posted fields, trimmed (an empty optional one null). */
export type LeadInput<K extends LeadKind> = Pick<LeadData<K>, PostedField<K>>;

export type Validation<K extends LeadKind> =
  | { ok: true; data: LeadInput<K> }
  | { ok: false; fieldErrors: FieldErrors };

/**
 * Validates with the form's schema; on failure, the first message of each field. A field asked only when
 * another has certain values (`onlyWhen`: billing, for a paid plan) is checked then, and is null otherwise,
 * whatever was posted for it.
 */
export function validateLead<K extends LeadKind>(kind: K, values: FieldValues): Validation<K> {
  return validateLeadOf(leadKinds[kind], values, leadSchemas[kind]) as Validation<K>;
}

/** `validateLead` for any `KindDef` (in `leadKinds` or not); `schema`: its `kindSchemaOf`, made when not given. */
export function validateLeadOf(def: KindDef, values: FieldValues, schema: z.ZodObject = kindSchemaOf(def)): { ok: true; data: Record<string, string | null> } | { ok: false; fieldErrors: FieldErrors } {
  const fields = def.fields;
  // Not asked: the other field holds a valid choice that does not ask for it (with no valid choice yet, both are checked).
  const unasked = Object.keys(fields).filter((name) => {
    const when = fields[name].onlyWhen;
    if (!when) return false;
    const chosen = values[when.field] ?? '';
    const other = fields[when.field];
    return (other.offered ?? other.options ?? []).some((o) => o.value === chosen) && !when.values.includes(chosen);
  });
  const checked = unasked.length ? schema.omit(Object.fromEntries(unasked.map((n) => [n, true])) as never) : schema;
  const result = checked.safeParse(values);
  if (result.success) return { ok: true, data: { ...(result.data as Record<string, string | null>), ...Object.fromEntries(unasked.map((n) => [n, null])) } };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !fieldErrors[key]) fieldErrors[key] = issue.message;
  }
  return { ok: false, fieldErrors };
}
