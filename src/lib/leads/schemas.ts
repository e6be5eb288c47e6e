/**
 * One zod schema per lead form, used by the browser for instant feedback and by the server actions as
 * the authority. Messages are the spec's (§5) where it has them, and clear ones where it is silent.
 */
import { z } from 'zod';
import type { FieldErrors, FieldValues, LeadKind } from './fields';
import { audienceSizes, dataRequestTypes, monthlyBudgets, partnershipTypes, values } from './options';

// No `new Function` probe: the site's CSP forbids eval, and zod's probe for it is reported by the browser
// (a CSP issue in the console on every page with a form).
z.config({ jitless: true });

/** Maximum lengths, in characters. */
export const limits = { name: 100, email: 254, website: 2048, subject: 200, message: 5000 } as const;

/** C0 controls other than tab, line feed and carriage return (browsers send CRLF), DEL and C1 controls. */
export const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

const count = (n: number) => n.toLocaleString('en-US');

export const messages = {
  invalidEmail: 'Please enter a valid email',
  tooLong: (label: string, max: number) => `${label} must be at most ${count(max)} characters`,
  control: (label: string) => `${label} contains characters that are not allowed`,
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

export const partnerSchema = z.object({
  firstName: text({ label: 'First name', max: limits.name, required: 'First name is required' }),
  lastName: text({ label: 'Last name', max: limits.name, required: 'Last name is required' }),
  email: email(),
  company: text({ label: 'Company name', max: limits.name, required: 'Company name is required' }),
  partnershipType: oneOf(values(partnershipTypes), 'Please select a partnership type'),
  message: text({
    label: 'Message',
    max: limits.message,
    min: { length: 10, message: 'Please provide more details about your partnership idea' },
  }),
});

export const affiliateSchema = z.object({
  firstName: text({ label: 'First name', max: limits.name, required: 'First name is required' }),
  lastName: text({ label: 'Last name', max: limits.name, required: 'Last name is required' }),
  email: email(),
  website: text({ label: 'Website or social media', max: limits.website, required: 'Website or social media is required' }).refine(
    (v) => v === '' || v.length > limits.website || controlCharacters.test(v) || isWebsiteOrHandle(v),
    websiteFormatMessage,
  ),
  audienceSize: oneOf(values(audienceSizes), 'Please select your audience size'),
});

export const agencySchema = z.object({
  name: text({ label: 'Name', max: limits.name, required: 'Name is required' }),
  email: email(),
  businessName: text({ label: 'Business name', max: limits.name, required: 'Business name is required' }),
  monthlyBudget: oneOf(values(monthlyBudgets), 'Please select a monthly budget'),
  message: text({ label: 'Message', max: limits.message, required: 'Message is required' }),
});

export const contactSchema = z.object({
  name: text({ label: 'Name', max: limits.name, required: 'Name is required' }),
  email: email(),
  company: optionalText('Company', limits.name),
  subject: text({ label: 'Subject', max: limits.subject, required: 'Subject is required' }),
  message: text({ label: 'Message', max: limits.message, required: 'Message is required' }),
});

export const newsletterSchema = z.object({ email: email() });

export const dataRequestSchema = z.object({
  email: email(),
  type: oneOf(values(dataRequestTypes), 'Please choose the kind of request'),
  details: optionalText('Details', limits.message),
});

export const leadSchemas = {
  partner: partnerSchema,
  affiliate: affiliateSchema,
  agency: agencySchema,
  contact: contactSchema,
  newsletter: newsletterSchema,
  dataRequest: dataRequestSchema,
} as const satisfies Record<LeadKind, z.ZodType>;

export type { FieldErrors, FieldValues, LeadKind } from './fields';
export { leadFields, readFields } from './fields';
export type LeadInput<K extends LeadKind> = z.output<(typeof leadSchemas)[K]>;

export type Validation<K extends LeadKind> =
  | { ok: true; data: LeadInput<K> }
  | { ok: false; fieldErrors: FieldErrors };

/** Validates with the form's schema; on failure, the first message of each field. */
export function validateLead<K extends LeadKind>(kind: K, values: FieldValues): Validation<K> {
  const result = leadSchemas[kind].safeParse(values);
  if (result.success) return { ok: true, data: result.data as LeadInput<K> };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !fieldErrors[key]) fieldErrors[key] = issue.message;
  }
  return { ok: false, fieldErrors };
}
