import { describe, expect, it } from 'vitest';
import { leadKindNames, leadKinds, type FieldDef } from '@/lib/leads/kinds';
import { audienceSizes, dataRequestTypes, monthlyBudgets, partnershipTypes } from '@/lib/leads/options';
import { isWebsiteOrHandle, leadFields, limits, messages, readFields, validateLead, websiteFormatMessage, type LeadKind } from '@/lib/leads/schemas';
import { madeLead, refusedTicks, validLeads } from '../support/lead-samples';
import { webinarKind } from '../support/fixture-kind';
import { validateLeadOf } from '@/lib/leads/schemas';

// Valid values of every kind of the registry (hand-picked for the seven of today, made from the field
// definitions for a kind added later).
const valid = validLeads;

const errorsOf = (kind: LeadKind, values: Record<string, string>) => {
  const r = validateLead(kind, values);
  return r.ok ? {} : r.fieldErrors;
};
const empty = (kind: LeadKind) => Object.fromEntries(leadFields[kind].map((f) => [f, '']));

const fieldsOf = (kind: LeadKind) => leadKinds[kind].fields as Record<string, FieldDef>;
const isChoice = (kind: LeadKind, field: string) => ['choice', 'tick'].includes(fieldsOf(kind)[field].rule.type);
describe('every form accepts a valid submission and trims its text', () => {
  for (const kind of leadKindNames) {
    it(kind, () => {
      expect(Object.keys(valid[kind]), `${kind}: the sample values are the fields of its form`).toEqual([...leadFields[kind]]);
      const padded = Object.entries(valid[kind]).map(([k, v]) => [k, isChoice(kind, k) ? v : `  ${v} `]);
      const r = validateLead(kind, Object.fromEntries(padded));
      expect(r.ok, `${kind}: ${JSON.stringify(r.ok ? {} : r.fieldErrors)}`).toBe(true);
      if (r.ok) expect((r.data as Record<string, unknown>).email).toBe(valid[kind].email);
      // Values made from the field definitions alone pass too (what a kind added later is tested with).
      expect(validateLead(kind, madeLead(kind)).ok, `${kind}: values made from its field definitions`).toBe(true);
    });
  }
});

/** The message of a field's rule when it is left empty (none for an optional field). */
function emptyMessage({ rule }: FieldDef): string | undefined {
  if (rule.type === 'email') return messages.invalidEmail;
  if (rule.type === 'choice') return rule.message;
  if (rule.type === 'tick') return rule.required;
  if (rule.type === 'website') return rule.required;
  if (rule.type === 'text') return rule.required ?? rule.min?.message;
  return undefined;
}

describe('every kind: an empty form gets the message of each required field, as its rule in the registry says', () => {
  for (const kind of leadKindNames) {
    it(kind, () => {
      const expected = Object.fromEntries(
        leadFields[kind].flatMap((f: string) => {
          const message = emptyMessage(fieldsOf(kind)[f]);
          return message ? [[f, message]] : [];
        }),
      );
      expect(errorsOf(kind, empty(kind))).toEqual(expected);
    });
  }
});

describe('empty submissions: every required field has its message', () => {
  it('trial: name, work email, plan, billing and the terms', () => {
    expect(errorsOf('trial', empty('trial'))).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email',
      plan: 'Please choose the Free or the Pro plan',
      billing: 'Please choose monthly or yearly billing',
      terms: 'Please accept the Terms of Service and Privacy Policy to continue',
    });
    expect(errorsOf('trial', { ...valid.trial, plan: 'enterprise', billing: 'weekly', terms: 'on' })).toEqual({
      plan: 'Please choose the Free or the Pro plan',
      billing: 'Please choose monthly or yearly billing',
      terms: 'Please accept the Terms of Service and Privacy Policy to continue',
    });
  });

  it('trial: only what /pricing sells with a trial; Free has no billing period, so none is stored for it', () => {
    // Business is sold by the sales team (older rows may hold it; a new request may not).
    expect(errorsOf('trial', { ...valid.trial, plan: 'business' })).toEqual({ plan: 'Please choose the Free or the Pro plan' });
    for (const billing of ['monthly', 'yearly', '', 'weekly']) {
      const result = validateLead('trial', { ...valid.trial, plan: 'free', billing });
      expect(result, `free, billing "${billing}"`).toEqual({ ok: true, data: expect.objectContaining({ plan: 'free', billing: null }) });
    }
    expect(validateLead('trial', { ...valid.trial, plan: 'pro', billing: 'yearly' })).toEqual({ ok: true, data: expect.objectContaining({ plan: 'pro', billing: 'yearly' }) });
    expect(errorsOf('trial', { ...valid.trial, plan: 'pro', billing: '' })).toEqual({ billing: 'Please choose monthly or yearly billing' });
  });

  it('partner (exact messages)', () => {
    expect(errorsOf('partner', empty('partner'))).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Please enter a valid email',
      company: 'Company name is required',
      partnershipType: 'Please select a partnership type',
      message: 'Please provide more details about your partnership idea',
    });
  });
  it('affiliate (audience size required)', () => {
    expect(errorsOf('affiliate', empty('affiliate'))).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Please enter a valid email',
      website: 'Website or social media is required',
      audienceSize: 'Please select your audience size',
    });
  });
  it('agency (monthly budget required)', () => {
    expect(errorsOf('agency', empty('agency'))).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email',
      businessName: 'Business name is required',
      monthlyBudget: 'Please select a monthly budget',
      message: 'Message is required',
    });
  });
  it('contact (company optional)', () => {
    expect(errorsOf('contact', empty('contact'))).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email',
      subject: 'Subject is required',
      message: 'Message is required',
    });
  });
  it('newsletter and data request', () => {
    expect(errorsOf('newsletter', empty('newsletter'))).toEqual({ email: 'Please enter a valid email' });
    expect(errorsOf('dataRequest', empty('dataRequest'))).toEqual({
      email: 'Please enter a valid email',
      type: 'Please choose the kind of request',
    });
  });
  it('whitespace only counts as empty', () => {
    expect(errorsOf('partner', { ...valid.partner, firstName: '   ', message: ' \n        \t ' })).toEqual({
      firstName: 'First name is required',
      message: 'Please provide more details about your partnership idea',
    });
  });
});

describe('partner message: at least 10 characters', () => {
  it('refuses 9 and accepts 10', () => {
    expect(errorsOf('partner', { ...valid.partner, message: '123456789' })).toEqual({
      message: 'Please provide more details about your partnership idea',
    });
    expect(errorsOf('partner', { ...valid.partner, message: '1234567890' })).toEqual({});
  });
});

describe('email', () => {
  for (const bad of ['plain', 'a@', '@b.com', 'a b@c.com', 'a@b', 'ada@example.com\u0000']) {
    it(`refuses ${JSON.stringify(bad)}`, () => expect(errorsOf('newsletter', { email: bad })).toEqual({ email: 'Please enter a valid email' }));
  }
  it('limits the address to 254 characters', () => {
    const at254 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(at254.length).toBe(254);
    expect(errorsOf('newsletter', { email: at254 })).toEqual({});
    expect(errorsOf('newsletter', { email: `a${at254}` })).toEqual({ email: 'Email must be at most 254 characters' });
  });
});

describe('maximum lengths', () => {
  const cases: [LeadKind, string, string, number][] = [
    ['partner', 'firstName', 'First name', limits.name],
    ['partner', 'lastName', 'Last name', limits.name],
    ['partner', 'company', 'Company name', limits.name],
    ['partner', 'message', 'Message', limits.message],
    ['affiliate', 'firstName', 'First name', limits.name],
    ['affiliate', 'lastName', 'Last name', limits.name],
    ['agency', 'name', 'Name', limits.name],
    ['agency', 'businessName', 'Business name', limits.name],
    ['agency', 'message', 'Message', limits.message],
    ['contact', 'name', 'Name', limits.name],
    ['contact', 'company', 'Company', limits.name],
    ['contact', 'subject', 'Subject', limits.subject],
    ['contact', 'message', 'Message', limits.message],
    ['dataRequest', 'details', 'Details', limits.message],
    ['trial', 'name', 'Name', limits.name],
    ['trial', 'company', 'Company', limits.name],
  ];
  for (const [kind, field, label, max] of cases) {
    it(`${kind}.${field}: ${max} characters`, () => {
      const base = valid[kind] as Record<string, string>;
      expect(errorsOf(kind, { ...base, [field]: 'x'.repeat(max) })).toEqual({});
      expect(errorsOf(kind, { ...base, [field]: 'x'.repeat(max + 1) })).toEqual({
        [field]: `${label} must be at most ${max.toLocaleString('en-US')} characters`,
      });
    });
  }
  it('every text field of every kind has the limit of its rule', () => {
    for (const kind of leadKindNames) {
      for (const [field, def] of Object.entries(fieldsOf(kind))) {
        const { rule } = def;
        if (rule.type !== 'text' && rule.type !== 'optional') continue;
        const label = rule.type === 'text' && rule.label ? rule.label : def.label;
        const base = valid[kind];
        expect(errorsOf(kind, { ...base, [field]: 'x'.repeat(rule.max) }), `${kind}.${field}`).toEqual({});
        expect(errorsOf(kind, { ...base, [field]: 'x'.repeat(rule.max + 1) }), `${kind}.${field}`).toEqual({ [field]: messages.tooLong(label, rule.max) });
      }
    }
  });
  it('affiliate website: 2,048 characters', () => {
    const url = `https://example.com/${'p'.repeat(2048 - 20)}`;
    expect(url.length).toBe(2048);
    expect(errorsOf('affiliate', { ...valid.affiliate, website: url })).toEqual({});
    expect(errorsOf('affiliate', { ...valid.affiliate, website: `${url}q` })).toEqual({
      website: 'Website or social media must be at most 2,048 characters',
    });
  });
});

describe('control characters', () => {
  for (const ch of ['\u0000', '\u0007', '\u000B', '\u001B', '\u007F', '\u0085']) {
    it(`refuses U+${ch.charCodeAt(0).toString(16).padStart(4, '0')} in text fields`, () => {
      expect(errorsOf('partner', { ...valid.partner, company: `Engines${ch}Ltd`, message: `Long enough${ch} text` })).toEqual({
        company: 'Company name contains characters that are not allowed',
        message: 'Message contains characters that are not allowed',
      });
      expect(errorsOf('contact', { ...valid.contact, subject: `Hi${ch}` })).toEqual({ subject: 'Subject contains characters that are not allowed' });
    });
  }
  it('keeps tabs and line breaks (CRLF as browsers send them) in messages', () => {
    const r = validateLead('agency', { ...valid.agency, message: 'Line one\r\nLine two\n\tindented' });
    expect(r.ok && r.data.message).toBe('Line one\r\nLine two\n\tindented');
  });
});

describe('enumerations: only the stored values', () => {
  it('partnership type', () => {
    for (const { value } of partnershipTypes) expect(errorsOf('partner', { ...valid.partner, partnershipType: value })).toEqual({});
    for (const bad of ['Technology Integration', 'TECHNOLOGY', 'other', "technology' or 1=1"])
      expect(errorsOf('partner', { ...valid.partner, partnershipType: bad })).toEqual({ partnershipType: 'Please select a partnership type' });
  });
  it('audience size', () => {
    for (const { value } of audienceSizes) expect(errorsOf('affiliate', { ...valid.affiliate, audienceSize: value })).toEqual({});
    for (const bad of ['1000', '100,000', 'huge'])
      expect(errorsOf('affiliate', { ...valid.affiliate, audienceSize: bad })).toEqual({ audienceSize: 'Please select your audience size' });
  });
  it('monthly budget', () => {
    for (const { value } of monthlyBudgets) expect(errorsOf('agency', { ...valid.agency, monthlyBudget: value })).toEqual({});
    for (const bad of ['$500 - $1,000', '100', '5000'])
      expect(errorsOf('agency', { ...valid.agency, monthlyBudget: bad })).toEqual({ monthlyBudget: 'Please select a monthly budget' });
  });
  it('data request type', () => {
    for (const { value } of dataRequestTypes) expect(errorsOf('dataRequest', { ...valid.dataRequest, type: value })).toEqual({});
    expect(errorsOf('dataRequest', { ...valid.dataRequest, type: 'delete' })).toEqual({ type: 'Please choose the kind of request' });
  });
});

describe('boxes to tick: exactly "yes", or nothing', () => {
  it('the trial’s terms (required): refused with its message unless posted "yes"', () => {
    const message = 'Please accept the Terms of Service and Privacy Policy to continue';
    expect(validateLead('trial', { ...valid.trial, terms: 'yes' })).toEqual({ ok: true, data: expect.objectContaining({ terms: 'yes' }) });
    for (const bad of ['', ...refusedTicks]) expect(errorsOf('trial', { ...valid.trial, terms: bad }), JSON.stringify(bad).slice(0, 20)).toEqual({ terms: message });
  });
  it('an optional box (the webinar fixture’s recording): "yes" or null, anything else refused with its message', () => {
    const values = { name: 'Hedy Lamarr', email: 'hedy@example.com', company: 'Lamarr Labs', session: '2026-03-04' };
    expect(validateLeadOf(webinarKind, { ...values, recording: 'yes' })).toEqual({ ok: true, data: { ...values, recording: 'yes' } });
    expect(validateLeadOf(webinarKind, { ...values, recording: '' })).toEqual({ ok: true, data: { ...values, recording: null } });
    for (const bad of refusedTicks)
      expect(validateLeadOf(webinarKind, { ...values, recording: bad })).toEqual({ ok: false, fieldErrors: { recording: messages.tickBox('Send me the recording') } });
  });
});

describe('website: an http(s) address or a social handle', () => {
  for (const ok of ['https://grace.example', 'http://blog.example.org/path?q=1', '@grace.hopper', 'grace_codes', 'HTTPS://EXAMPLE.COM'])
    it(`accepts ${ok}`, () => expect(isWebsiteOrHandle(ok)).toBe(true));
  for (const bad of ['javascript:alert(1)', 'ftp://example.com', 'data:text/html,hi', 'https://', 'my site', '<script>', 'mailto:a@b.c'])
    it(`refuses ${bad}`, () =>
      expect(errorsOf('affiliate', { ...valid.affiliate, website: bad })).toEqual({ website: websiteFormatMessage }));
});

describe('readFields', () => {
  it('keeps only the fields of the form, as strings', () => {
    const fd = new FormData();
    fd.set('email', 'a@b.co');
    fd.set('isAdmin', 'true');
    fd.set('type', new Blob(['x']), 'file.txt');
    expect(readFields('dataRequest', fd)).toEqual({ email: 'a@b.co', type: '', details: '' });
  });
});
