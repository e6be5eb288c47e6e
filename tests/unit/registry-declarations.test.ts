// What a registry entry declares beyond its fields' texts: consents, boxes to tick, option lists that are
// content, the retention period. Checked on the kinds of today (nothing of what they store may change) and on
// a kind that is not in the registry (tests/support/fixture-kind.ts), built with the registry's builders.
import { getTableConfig } from 'drizzle-orm/pg-core';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { consentRecords, leadTableOf, leadTables } from '@/lib/db/schema';
import { consentPurposes, consentPurposesOf, consentsGiven, consentsOf, purposeLabel } from '@/lib/leads/consent';
import { leadKindNames, leadKinds, tickBox, valueLabel, type KindDef } from '@/lib/leads/kinds';
import { kindSchemaOf, messages, validateLead, validateLeadOf } from '@/lib/leads/schemas';
import { leadRetention } from '@/lib/config/retention';
import { deletionDate, kindsKeptFor, leadRetentionPeriods, leadRetentionRowsOf, pluralOf } from '@/lib/retention/periods';
import { fieldText, kindByKind } from '@/lib/staff/lead-kinds';
import { kindsOfToday, madeValuesOf, refusedTicks, validLeads } from '../support/lead-samples';
import { recordingConsent, webinarKind, webinarSessions } from '../support/fixture-kind';

const webinar: KindDef = webinarKind;
const dialect = new PgDialect();
const checksOf = (table: ReturnType<typeof leadTableOf>) =>
  Object.fromEntries(getTableConfig(table).checks.map((c) => [c.name, dialect.sqlToQuery(c.value).sql]));
const valid = { name: 'Hedy Lamarr', email: 'hedy@example.com', company: '', session: '2026-03-11', recording: 'yes' };

describe('a kind that is not in the registry (the webinar fixture), built by the registry’s builders', () => {
  it('its zod schema: the optional box ticked is stored yes, unticked null, anything else refused', () => {
    const schema = kindSchemaOf(webinar);
    expect(Object.keys(schema.shape)).toEqual(['name', 'email', 'company', 'session', 'recording']);
    expect(validateLeadOf(webinar, valid)).toEqual({ ok: true, data: { ...valid, company: null, recording: 'yes' } });
    expect(validateLeadOf(webinar, { ...valid, recording: '' })).toEqual({ ok: true, data: expect.objectContaining({ recording: null }) });
    const { recording: _, ...withoutBox } = valid;
    expect(validateLeadOf(webinar, withoutBox as Record<string, string>)).toEqual({ ok: true, data: expect.objectContaining({ recording: null }) });
    for (const bad of refusedTicks) {
      expect(validateLeadOf(webinar, { ...valid, recording: bad }), JSON.stringify(bad).slice(0, 20)).toEqual({
        ok: false,
        fieldErrors: { recording: messages.tickBox('Send me the recording') },
      });
    }
  });

  it('its content option list: the listed dates pass, others are refused with its message', () => {
    for (const { value } of webinarSessions) expect(validateLeadOf(webinar, { ...valid, session: value }).ok, value).toBe(true);
    for (const bad of ['2026-03-25', '', '2026-03-04 ', 'Wednesday 4 March 2026, 16:00 UTC'])
      expect(validateLeadOf(webinar, { ...valid, session: bad }), bad).toEqual({ ok: false, fieldErrors: { session: 'Please choose a session' } });
  });

  it('an empty form: the required fields’ messages, none for the optional box', () => {
    expect(validateLeadOf(webinar, { name: '', email: '', company: '', session: '', recording: '' })).toEqual({
      ok: false,
      fieldErrors: { name: 'Name is required', email: messages.invalidEmail, session: 'Please choose a session' },
    });
    expect(validateLeadOf(webinar, madeValuesOf(webinar)).ok).toBe(true);
  });

  it('its consent: declared on the box, given only when the box is ticked', () => {
    expect(consentsOf(webinar, 'webinar')).toEqual([{ kind: 'webinar', form: 'webinar', field: 'recording', ...recordingConsent }]);
    expect(consentsGiven(webinar, 'webinar', { ...valid, recording: 'yes' })).toEqual([recordingConsent]);
    expect(consentsGiven(webinar, 'webinar', { ...valid, recording: null })).toEqual([]);
    expect(consentPurposesOf([...leadKindNames.map((k) => leadKinds[k]), webinar])).toEqual([
      { purpose: 'newsletter', label: 'Newsletter sign-up' },
      { purpose: 'terms', label: 'Terms of Service and Privacy Policy' },
      { purpose: 'recording', label: 'Webinar recording by email' },
    ]);
  });

  it('its table: nullable company and box, no check on the content dates, the box checked in (yes)', () => {
    const table = leadTableOf(webinar);
    const config = getTableConfig(table);
    expect(config.name).toBe('webinar_registrations');
    const nullable = Object.fromEntries(config.columns.map((c) => [c.name, !c.notNull]));
    expect(nullable).toEqual({ id: false, name: false, email: false, company: true, session_date: false, send_recording: true, created_at: false });
    expect(checksOf(table)).toEqual({ webinar_registrations_send_recording_check: `"webinar_registrations"."send_recording" in ('yes')` });
  });

  it('its retention period, its staff display, its place in the /gdpr rows', () => {
    expect(pluralOf(webinar)).toBe('webinar registrations');
    expect(kindsKeptFor('lead', [leadKinds.trial, webinar])).toBe('Trial requests and webinar registrations');
    expect(leadRetentionRowsOf([...kindsOfToday.map((k) => leadKinds[k]), webinar])[0]).toEqual({
      data: 'Partner applications, affiliate applications, agency enquiries, contact messages, trial requests and webinar registrations',
      period: leadRetention.lead.period,
    });
    expect(valueLabel(webinar.fields.recording, 'yes')).toBe('Yes');
    expect(valueLabel(webinar.fields.recording, null)).toBe('No');
    expect(valueLabel(webinar.fields.session, '2026-03-04')).toBe('Wednesday 4 March 2026, 16:00 UTC');
    // A date that has left the list still shows, as itself.
    expect(valueLabel(webinar.fields.session, '2025-11-05')).toBe('2025-11-05');
  });
});

describe('the kinds of today keep what they store', () => {
  it('the consent purposes, their check and their staff labels', () => {
    // A kind added later may add purposes after these.
    expect(consentPurposes.slice(0, 2)).toEqual([
      { purpose: 'newsletter', label: 'Newsletter sign-up' },
      { purpose: 'terms', label: 'Terms of Service and Privacy Policy' },
    ]);
    const purposes = consentPurposes.map((p) => `'${p.purpose}'`).join(', ');
    expect(Object.values(checksOf(consentRecords as never))).toEqual([`"consent_records"."purpose" in (${purposes})`]);
    expect(purposeLabel('terms')).toBe('Terms of Service and Privacy Policy');
    expect(purposeLabel('gone')).toBe('gone');
  });

  it('the consents a post gives: each newsletter form its words, the trial its terms (always ticked)', () => {
    expect(consentsGiven(leadKinds.newsletter, 'newsletter-blog', { email: 'a@b.co', source: 'blog' })).toEqual([
      { purpose: 'newsletter', label: 'Newsletter sign-up', words: 'Subscribe to our newsletter. [Email address] [Subscribe]' },
    ]);
    expect(consentsGiven(leadKinds.newsletter, 'newsletter-footer', { email: 'a@b.co', source: 'footer' })).toEqual([
      { purpose: 'newsletter', label: 'Newsletter sign-up', words: 'Get product news and tips. [Email address] [Subscribe]' },
    ]);
    const trial = validateLead('trial', validLeads.trial);
    expect(trial.ok && consentsGiven(leadKinds.trial, 'trial', trial.data as Record<string, unknown>)).toEqual([
      { purpose: 'terms', label: 'Terms of Service and Privacy Policy', words: 'I agree to the Terms of Service and the Privacy Policy.' },
    ]);
    for (const kind of ['partner', 'affiliate', 'agency', 'contact', 'dataRequest'] as const) expect(consentsOf(leadKinds[kind]), kind).toEqual([]);
  });

  it('every kind with a post consent words it for each of its forms', () => {
    for (const kind of leadKindNames) {
      const def: KindDef = leadKinds[kind];
      if (def.consent) expect(Object.keys(def.consent.words).sort(), kind).toEqual(Object.keys(def.forms).sort());
    }
  });

  it('a purpose has one label across the registry', () => {
    const labels = new Map<string, Set<string>>();
    for (const kind of leadKindNames) for (const c of consentsOf(leadKinds[kind])) labels.set(c.purpose, (labels.get(c.purpose) ?? new Set()).add(c.label));
    for (const [purpose, set] of labels) expect(set.size, purpose).toBe(1);
  });

  it('the trial’s terms: a required box, stored yes, not null, checked in (yes); shown Yes', () => {
    const terms = getTableConfig(leadTables.trial).columns.find((c) => c.name === 'terms_accepted')!;
    expect(terms.notNull).toBe(true);
    expect(checksOf(leadTables.trial).trial_requests_terms_accepted_check).toBe(`"trial_requests"."terms_accepted" in ('yes')`);
    expect(leadKinds.trial.fields.terms.rule).toMatchObject({ type: 'tick', required: 'Please accept the Terms of Service and Privacy Policy to continue' });
    expect(fieldText(kindByKind.trial.fields.find((f) => f.column === 'terms_accepted')!, tickBox.value)).toBe('Yes');
    expect(validateLead('trial', { ...validLeads.trial, terms: '' })).toEqual({ ok: false, fieldErrors: { terms: 'Please accept the Terms of Service and Privacy Policy to continue' } });
  });

  it('every option list of today is a fixed enumeration: a check constraint each', () => {
    for (const kind of kindsOfToday) {
      const def: KindDef = leadKinds[kind];
      const checks = checksOf(leadTables[kind]);
      for (const f of Object.values(def.fields)) {
        expect(f.optionsAre, `${kind}.${f.column}`).toBeUndefined();
        if (f.options) expect(Object.keys(checks), `${kind}.${f.column}`).toContain(`${def.table}_${f.column}_check`);
      }
    }
  });

  it('retention: each kind’s period, the /gdpr rows list every kind by its label', () => {
    expect(Object.fromEntries(kindsOfToday.map((k) => [k, leadKinds[k].retention]))).toEqual({
      partner: 'lead',
      affiliate: 'lead',
      agency: 'lead',
      contact: 'lead',
      newsletter: 'subscription',
      dataRequest: 'request',
      trial: 'lead',
    });
    expect(leadRetentionRowsOf(kindsOfToday.map((k) => leadKinds[k])).map((r) => r.data)).toEqual([
      'Partner applications, affiliate applications, agency enquiries, contact messages and trial requests',
      'Data protection requests and how we checked them',
      'Messages, requests and sign-ups held as spam',
      'Newsletter sign-ups',
      'Records of emails and notifications we sent about a request',
      'Emails to our reply address that we could not match to a request',
    ]);
    const rows = leadRetentionPeriods.map((r) => r.data.toLowerCase()).join('\n');
    for (const kind of leadKindNames) expect(rows, kind).toContain(pluralOf(leadKinds[kind]));
  });

  it('the deletion date each kind’s staff page shows follows its period', () => {
    const at = new Date('2026-01-10T12:00:00Z');
    expect(deletionDate('trial', at, 'new', {})?.toISOString()).toBe('2028-01-10T12:00:00.000Z');
    expect(deletionDate('dataRequest', at, 'new', {})?.toISOString()).toBe('2029-01-10T12:00:00.000Z');
    expect(deletionDate('dataRequest', at, 'spam', {})?.toISOString()).toBe('2026-02-09T12:00:00.000Z');
    expect(deletionDate('newsletter', at, 'new', { status: 'confirmed' })).toBeNull();
    expect(deletionDate('newsletter', at, 'new', { status: 'pending' })?.toISOString()).toBe('2026-02-09T12:00:00.000Z');
  });
});
