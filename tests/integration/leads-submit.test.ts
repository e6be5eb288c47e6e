import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitedMessage } from '@/lib/leads/form-state';
import { leadKindNames, leadKinds, type KindDef, type LeadKind } from '@/lib/leads/kinds';
import { createLimiters, type RateLimitConfig } from '@/lib/leads/rate-limit';
import { checkAndStoreLead, type SubmitContext } from '@/lib/leads/submit';
import { databaseKinds, query, type TestDb } from '../support/vitest-databases';
import { formData, validLeads } from '../support/lead-samples';

const noLimits: RateLimitConfig = { perForm: 0, total: 0, windowSeconds: 60 };
let ipCounter = 0;

/** What each kind of today stores from its sample values (lead-samples.ts), written out: their tables and columns are fixed (docs/leads.md). */
const pinnedRows: Partial<Record<LeadKind, [string, Record<string, unknown>]>> = {
  partner: ['partner_applications', { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', company: 'Engines Ltd', partnership_type: 'reseller', message: 'We resell analytical engines.' }],
  affiliate: ['affiliate_applications', { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', website: '@grace.codes', audience_size: '10,000 - 100,000' }],
  agency: ['agency_enquiries', { name: 'Alan Turing', email: 'alan@example.com', business_name: 'Turing & Co', monthly_budget: '5000+', message: 'We need a content plan.' }],
  contact: ['contact_messages', { name: 'Edsger Dijkstra', email: 'ed@example.com', company: 'THE', subject: 'Question', message: 'Is GOTO harmful?' }],
  // Emails are off here (no SMTP_URL): a new subscription waits, pending, with no confirmation queued.
  newsletter: [
    'newsletter_subscriptions',
    { email: 'News@Example.com', source: 'blog', status: 'pending', confirm_sent_at: null, confirmed_at: null, unsubscribed_at: null, unsubscribed_via: null },
  ],
  dataRequest: ['data_requests', { email: 'me@example.com', type: 'portability', details: 'Everything, please.' }],
  trial: ['trial_requests', { name: 'Katherine Johnson', email: 'katherine@example.com', company: 'Langley Studio', plan: 'pro', billing: 'yearly', terms_accepted: 'yes' }],
};

/** The values a kind's form sets itself: the newsletter's blog form here, a later kind's first form. */
const fixedOf = (kind: LeadKind): Record<string, string> =>
  pinnedRows[kind] ? { source: 'blog' } : Object.values(leadKinds[kind].forms as Record<string, Record<string, string>>)[0];

/**
 * The row a kind stores from its sample values, by its registry entry: its table, a column per field
 * with what was posted (a fixed field as its form sets it, an empty optional one null), and for a
 * subscription its state (emails are off here, so a new one waits, pending, with nothing sent).
 */
function storedRow(kind: LeadKind): [string, Record<string, unknown>] {
  const def = leadKinds[kind] as KindDef;
  const posted = validLeads[kind];
  const columns: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(def.fields)) {
    const value = f.rule.type === 'fixed' ? fixedOf(kind)[name] : posted[name];
    columns[f.column] = (f.rule.type === 'optional' || f.rule.type === 'tick') && (value === '' || value === undefined) ? null : value;
  }
  if (def.subscription) Object.assign(columns, { status: 'pending', confirm_sent_at: null, confirmed_at: null, unsubscribed_at: null, unsubscribed_via: null });
  return [def.table, columns];
}

for (const kind of databaseKinds) {
  describe(`lead submissions on ${kind.name}`, () => {
    let t: TestDb | undefined;
    beforeAll(async () => {
      t = await kind.open();
    });
    afterAll(async () => {
      await t?.cleanup();
    });
    const ctx = (over: Partial<SubmitContext> = {}): SubmitContext => ({
      db: async () => t!.db,
      limiters: createLimiters(noLimits),
      ip: `10.0.0.${++ipCounter}`,
      requestId: 'test-request',
      ...over,
    });
    const rows = (sql: string, params: unknown[] = []) => query(t!.handle, sql, params);
    const token = () => `tok_${crypto.randomUUID()}`;

    it('records the consent given with a trial and each newsletter sign-up (when, page, words, version), and an erasure removes it', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const email = `consent-${crypto.randomUUID()}@example.com`;
      await checkAndStoreLead('trial', formData({ ...validLeads.trial, email, submissionToken: token() }), ctx({ page: '/signup' }));
      await checkAndStoreLead('newsletter', formData({ email, submissionToken: token() }), ctx({ fixed: { source: 'footer' }, page: '/pricing' }));
      // A repeat sign-up is a consent given again; a replayed post (same token) is not.
      const again = token();
      await checkAndStoreLead('newsletter', formData({ email, submissionToken: again }), ctx({ fixed: { source: 'blog' }, page: '/blog' }));
      await checkAndStoreLead('newsletter', formData({ email, submissionToken: again }), ctx({ fixed: { source: 'blog' }, page: '/blog' }));
      // A contact message gives no consent.
      await checkAndStoreLead('contact', formData({ ...validLeads.contact, email, submissionToken: token() }), ctx({ page: '/contact' }));
      const records = await rows(
        `select c.lead_type, c.purpose, c.words, c.version, c.page, c.given_at > now() - interval '1 minute' as fresh from consent_records c
          where c.lead_id in (select id from trial_requests where email = $1 union all select id from newsletter_subscriptions where email = $1 union all select id from contact_messages where email = $1)
          order by c.given_at, c.page`,
        [email],
      );
      expect(records).toEqual([
        { lead_type: 'trial', purpose: 'terms', words: 'I agree to the Terms of Service and the Privacy Policy.', version: expect.stringMatching(/^[0-9a-f]{12}$/), page: '/signup', fresh: true },
        { lead_type: 'newsletter', purpose: 'newsletter', words: 'Get product news and tips. [Email address] [Subscribe]', version: expect.stringMatching(/^[0-9a-f]{12}$/), page: '/pricing', fresh: true },
        { lead_type: 'newsletter', purpose: 'newsletter', words: 'Subscribe to our newsletter. [Email address] [Subscribe]', version: expect.stringMatching(/^[0-9a-f]{12}$/), page: '/blog', fresh: true },
      ]);
      const [request] = (await rows(`insert into data_requests (email, type) values ($1, 'erase') returning id`, [email])) as { id: string }[];
      const { personData, eraseForRequest } = await import('@/lib/staff/data-requests');
      expect((await personData(t!.db, email)).consents).toHaveLength(3);
      const [staffUser] = (await rows(`insert into staff_users (email, name, role, password_hash) values ($1, 'Eve', 'admin', 'x') returning id`, [`eve-${crypto.randomUUID()}@example.com`])) as { id: string }[];
      await eraseForRequest(t!.db, request.id, staffUser.id);
      expect(await rows(`select 1 from consent_records where words like '%' and lead_id not in (select id from trial_requests union all select id from newsletter_subscriptions union all select id from contact_messages)`)).toHaveLength(0);
    });

    it('stores exactly the fields of each form, with the database clock', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      for (const form of leadKindNames) {
        const tok = token();
        const [table, columns] = storedRow(form);
        // The kinds of today: exactly the row written out above, which the registry must give too.
        if (pinnedRows[form]) {
          expect(pinnedRows[form], `${form}: the row written out`).toEqual([table, columns]);
        }
        // Extra fields a client adds are ignored; text is trimmed.
        const values = Object.fromEntries(Object.entries(validLeads[form]).map(([k, v]) => [k, k === 'email' ? ` ${v} ` : v]));
        const state = await checkAndStoreLead(form, formData({ ...values, submissionToken: tok, createdAt: '1999-01-01', id: 'x' }), ctx({ fixed: fixedOf(form) }));
        expect(state.status, form).toBe('success');
        expect(state.title).toBe(leadKinds[form].outcome.success.title);
        expect(state.message).toBe(leadKinds[form].outcome.success.message);
        expect(state.values).toBeUndefined();
        expect(state.token).not.toBe(tok);
        const [row] = await rows(
          `select l.*, l.created_at > now() - interval '1 minute' as fresh, s.lead_type from ${table} l join submission_tokens s on s.lead_id = l.id where s.token = $1`,
          [tok],
        );
        const { id, created_at, fresh, lead_type, ...stored } = row as Record<string, unknown>;
        expect(stored, form).toEqual(columns);
        expect(typeof id).toBe('string');
        expect(created_at).toBeTruthy();
        expect(fresh).toBe(true);
        expect(lead_type).toBe(form);
      }
      const [{ n }] = await rows(`select count(*)::int as n from contact_messages`);
      expect(n).toBe(1);
    });

    it('stores an empty optional company and details as null', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const tok = token();
      await checkAndStoreLead('contact', formData({ ...validLeads.contact, company: '  ', submissionToken: tok }), ctx());
      const [row] = await rows(`select company from contact_messages l join submission_tokens s on s.lead_id = l.id where s.token = $1`, [tok]);
      expect(row).toEqual({ company: null });
    });

    it('answers invalid submissions with the messages and the values, and stores nothing', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const values = { ...validLeads.partner, partnershipType: 'Technology Integration', message: 'short' };
      const state = await checkAndStoreLead('partner', formData({ ...values, submissionToken: token() }), ctx());
      expect(state).toMatchObject({
        status: 'invalid',
        fieldErrors: { partnershipType: 'Please select a partnership type', message: 'Please provide more details about your partnership idea' },
        values,
      });
      const [{ n }] = await rows(`select count(*)::int as n from partner_applications where message = 'short'`);
      expect(n).toBe(0);
    });

    it('a filled honeypot gets a normal success: a valid post is stored held as spam, an invalid one not at all', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const before = await rows(`select count(*)::int as n from agency_enquiries`);
      const tok = token();
      const state = await checkAndStoreLead('agency', formData({ ...validLeads.agency, faxNumber: '+1 555 0100', submissionToken: tok }), ctx());
      expect(state).toMatchObject({ status: 'success', ...leadKinds.agency.outcome.success });
      const [held] = await rows(
        `select t.status, s.verdict, s.reasons from submission_tokens k join lead_triage t on t.lead_type = k.lead_type and t.lead_id = k.lead_id
           join lead_screening s on s.lead_type = k.lead_type and s.lead_id = k.lead_id where k.token = $1`,
        [tok],
      );
      expect(held).toEqual({ status: 'spam', verdict: 'spam', reasons: ['honeypot'] });
      const invalid = await checkAndStoreLead('agency', formData({ ...validLeads.agency, email: 'not an address', faxNumber: '+1 555 0100', submissionToken: token() }), ctx());
      expect(invalid).toMatchObject({ status: 'success', ...leadKinds.agency.outcome.success });
      expect(await rows(`select count(*)::int as n from agency_enquiries`)).toEqual([{ n: Number((before[0] as { n: number }).n) + 1 }]);
    });

    it('one token stores one row: repeated and concurrent submissions answer like the first', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const tok = token();
      const fd = () => formData({ ...validLeads.affiliate, email: 'once@example.com', submissionToken: tok });
      const c = ctx();
      const states = await Promise.all([checkAndStoreLead('affiliate', fd(), c), checkAndStoreLead('affiliate', fd(), c)]);
      states.push(await checkAndStoreLead('affiliate', fd(), c));
      for (const s of states) expect(s).toMatchObject({ status: 'success', ...leadKinds.affiliate.outcome.success });
      const [{ n }] = await rows(`select count(*)::int as n from affiliate_applications where email = 'once@example.com'`);
      expect(n).toBe(1);
    });

    it('a post without a token (prerendered page, no JavaScript) is keyed by its content: a reload stores nothing more', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const c = ctx();
      const values = { ...validLeads.contact, email: 'reload@example.com' };
      await checkAndStoreLead('contact', formData({ ...values, submissionToken: '' }), c);
      await checkAndStoreLead('contact', formData({ ...values, submissionToken: '' }), c);
      await checkAndStoreLead('contact', formData({ ...values, submissionToken: 'not a token!' }), c);
      expect(await rows(`select count(*)::int as n from contact_messages where email = 'reload@example.com'`)).toEqual([{ n: 1 }]);
      // Something else from the same sender is a new message.
      await checkAndStoreLead('contact', formData({ ...values, subject: 'Another question', submissionToken: '' }), c);
      expect(await rows(`select count(*)::int as n from contact_messages where email = 'reload@example.com'`)).toEqual([{ n: 2 }]);
    });

    it('a newsletter address is stored once, whatever its case; the repeat still answers success', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const first = await checkAndStoreLead('newsletter', formData({ email: 'Repeat@Example.com', submissionToken: token() }), ctx({ fixed: { source: 'footer' } }));
      const again = await checkAndStoreLead('newsletter', formData({ email: 'repeat@example.COM', submissionToken: token() }), ctx({ fixed: { source: 'blog' } }));
      expect(first).toMatchObject({ status: 'success', ...leadKinds.newsletter.outcome.success });
      expect(again).toMatchObject({ status: 'success', ...leadKinds.newsletter.outcome.success });
      expect(await rows(`select email, source from newsletter_subscriptions where lower(email) = 'repeat@example.com'`)).toEqual([
        { email: 'Repeat@Example.com', source: 'footer' },
      ]);
    });

    it('a database failure answers the failure state with the values, and a retry with the same token then stores once', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      await rows(`create or replace function lc_fail_insert() returns trigger language plpgsql as $$ begin raise exception 'disk full (test)'; end $$`);
      await rows(`create trigger lc_fail before insert on partner_applications for each row execute function lc_fail_insert()`);
      const tok = token();
      const values = { ...validLeads.partner, email: 'fail@example.com' };
      let state;
      try {
        state = await checkAndStoreLead('partner', formData({ ...values, submissionToken: tok }), ctx());
      } finally {
        await rows(`drop trigger lc_fail on partner_applications`);
      }
      expect(state).toEqual({ status: 'failed', ...leadKinds.partner.outcome.failure, values, token: tok, at: expect.any(Number) });
      expect(state.title).toBe('Submission Failed');
      expect(state.message).toBe('There was an error submitting your application. Please try again.');
      const retry = await checkAndStoreLead('partner', formData({ ...values, submissionToken: tok }), ctx());
      expect(retry.status).toBe('success');
      expect(await rows(`select count(*)::int as n from partner_applications where email = 'fail@example.com'`)).toEqual([{ n: 1 }]);
    });

    it('an unreachable database is a failure too, with the affiliate contact address', async () => {
      const state = await checkAndStoreLead(
        'affiliate',
        formData({ ...validLeads.affiliate, submissionToken: token() }),
        ctx({ db: async () => Promise.reject(new Error('connection refused')) }),
      );
      expect(state).toMatchObject({ status: 'failed', title: 'Submission Failed', message: 'Please try again or contact us directly at affiliates@postcraft.example', values: validLeads.affiliate });
    });

    it('rate limits: per form and across forms per address, then reset after the window', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const limiters = createLimiters({ perForm: 2, total: 3, windowSeconds: 1 }, t.handle);
      let limited = 0;
      const c = ctx({ limiters, ip: '192.0.2.77' });
      const send = async (form: LeadKind) => {
        const state = await checkAndStoreLead(form, formData({ ...validLeads[form], email: `rl${Math.random()}@example.com`, submissionToken: token() }), c);
        if (state.status === 'limited') limited++;
        return state;
      };
      expect((await send('contact')).status).toBe('success');
      expect((await send('contact')).status).toBe('success');
      const third = await send('contact');
      expect(third).toMatchObject({ status: 'limited', message: rateLimitedMessage });
      expect(third.values?.name).toBe(validLeads.contact.name);
      expect(limited).toBe(1);
      // The third submission overall is over the cross-form limit too.
      expect((await send('agency')).status).toBe('limited');
      // Another address is not affected.
      expect((await checkAndStoreLead('agency', formData({ ...validLeads.agency, submissionToken: token() }), { ...c, ip: '192.0.2.78' })).status).toBe('success');
      await new Promise((r) => setTimeout(r, 1100));
      expect((await send('contact')).status).toBe('success');
      expect(limited).toBe(2);
      if (t.kind === 'postgres') {
        const counters = await rows(`select key from rate_limits where key like '%192.0.2.77%' order by key`);
        expect(counters.map((r) => r.key)).toEqual(['all:192.0.2.77', 'form:agency:192.0.2.77', 'form:contact:192.0.2.77']);
      }
    });
  });
}
