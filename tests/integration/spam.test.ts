import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLimiters } from '@/lib/leads/rate-limit';
import type { LeadKind } from '@/lib/leads/kinds';
import { checkAndStoreLead, submissionKey, type SubmitContext } from '@/lib/leads/submit';
import { readFields } from '@/lib/leads/schemas';
import { eraseForRequest } from '@/lib/staff/data-requests';
import { newChallenge, proofKeys } from '@/lib/spam/proof';
import { heldCount, releaseHeld } from '@/lib/spam/release';
import { listLeads } from '@/lib/staff/inbox';
import { parseFilter } from '@/lib/staff/filters';
import { purgeExpired } from '@/lib/retention/purge';
import { queryable } from '@/lib/db/connection';
import { databaseKinds, query, type TestDb } from '../support/vitest-databases';
import { formData, validLead } from '../support/lead-samples';
import { solve } from '../support/proof';

/**
 * The spam screening of lead posts (docs/spam.md): the proof of work, the time to fill, the honeypot and
 * content signals hold a post as spam (stored, answered alike, nothing sent); "Not spam" sends what was held.
 */
const keys = proofKeys(Buffer.from('a test link key of at least thirty-two characters'));
const work = { work: 400, minFillSeconds: 2 };
let ipCounter = 0;
let emailCounter = 0;

for (const kind of databaseKinds) {
  describe(`spam screening on ${kind.name}`, () => {
    let t: TestDb | undefined;
    let staffId = '';
    beforeAll(async () => {
      t = await kind.open();
      if (t) staffId = (await rows<{ id: string }>(`insert into staff_users (email, name, role, password_hash) values ($1, 'Sam Staff', 'admin', 'x') returning id`, [`sam-${kind.name}@example.com`]))[0].id;
    });
    afterAll(async () => {
      await t?.cleanup();
    });
    afterEach(() => {
      vi.unstubAllEnvs();
    });
    const rows = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => query<T>(t!.handle, sql, params);
    const ctx = (over: Partial<SubmitContext> = {}): SubmitContext => ({
      db: async () => t!.db,
      limiters: createLimiters({ perForm: 0, total: 0, windowSeconds: 60 }),
      ip: `10.7.0.${++ipCounter}`,
      requestId: 'spam-test',
      via: 'script',
      proofKeys: async () => keys,
      ...over,
    });
    /** A proof solved for a challenge issued `agoSeconds` before now. */
    const proof = async (agoSeconds = 30) => solve(await newChallenge(keys, work, Date.now() - agoSeconds * 1000));
    const email = () => `spam-${++emailCounter}-${kind.name.toLowerCase()}@example.com`;
    /** Posts a lead of `form`; answers its id, state, and what was queued for it. */
    async function post(form: LeadKind, extra: Record<string, string>, over: Partial<SubmitContext> = {}) {
      const token = `tok_${crypto.randomUUID()}`;
      const address = extra.email ?? email();
      const state = await checkAndStoreLead(form, formData({ ...validLead(form, address), submissionToken: token, ...extra }), ctx(over));
      const [lead] = await rows<{ id: string }>(`select lead_id::text as id from submission_tokens where token = $1`, [token]);
      const id = lead?.id;
      const queued = id ? (await rows<{ channel: string }>(`select channel from notification_outbox where lead_id = $1 order by channel`, [id])).map((r) => r.channel) : [];
      const [screen] = id ? await rows<{ verdict: string; reasons: string[] }>(`select verdict, reasons from lead_screening where lead_id = $1`, [id]) : [];
      const [triage] = id ? await rows<{ status: string }>(`select status from lead_triage where lead_id = $1`, [id]) : [];
      return { state, id, queued, screen, status: triage?.status ?? 'new', email: address };
    }
    const channelsOn = () => {
      vi.stubEnv('SMTP_URL', 'smtp://127.0.0.1:1');
      vi.stubEnv('WEBHOOK_URL', '');
    };

    it('a post with a valid proof arrives and notifies; the same proof used again is held, and nothing is sent about it', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      channelsOn();
      const p = await proof();
      const first = await post('contact', { proof: p });
      expect(first.state.status).toBe('success');
      expect(first).toMatchObject({ status: 'new', screen: undefined, queued: ['ack', 'email'] });
      const again = await post('contact', { proof: p });
      expect(again.state).toMatchObject({ status: 'success', title: first.state.title });
      expect(again).toMatchObject({ status: 'spam', screen: { verdict: 'spam', reasons: ['replayed-proof'] }, queued: [] });
    });

    it('a missing, forged, expired or too quick proof holds the post as spam, answered like a success', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      channelsOn();
      const missing = await post('partner', {});
      expect(missing).toMatchObject({ status: 'spam', screen: { verdict: 'spam', reasons: ['no-proof'] }, queued: [] });
      expect(missing.state.status).toBe('success');

      const good = JSON.parse(Buffer.from(await proof(), 'base64').toString('utf8'));
      good.solution.derivedKey = good.solution.derivedKey.replace(/^./, (c: string) => (c === '0' ? '1' : '0'));
      const forged = await post('partner', { proof: Buffer.from(JSON.stringify(good)).toString('base64') });
      expect(forged.screen?.reasons).toEqual(['bad-proof']);
      const otherKey = solve(await newChallenge(proofKeys(Buffer.from('another key, not the server one, 32+ chars')), work, Date.now() - 60_000));
      expect((await post('partner', { proof: await otherKey })).screen?.reasons).toEqual(['bad-proof']);
      expect((await post('partner', { proof: 'not base64 json' })).screen?.reasons).toEqual(['bad-proof']);

      const later = new Date(Date.now() + 13 * 3_600_000);
      expect((await post('partner', { proof: await proof() }, { now: later })).screen?.reasons).toEqual(['expired-proof']);
      const quick = await post('partner', { proof: await proof(0) });
      expect(quick).toMatchObject({ status: 'spam', screen: { reasons: ['too-fast'] }, queued: [] });
    });

    it('the minimum time to fill is per form: none where a browser can autofill every required text, SPAM_MIN_FILL_SECONDS (1 by default) where a person must type', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      channelsOn();
      // Autofilled and sent the moment the island had its challenge: a person with a browser that knows them.
      for (const kind of ['newsletter', 'dataRequest', 'trial'] as const) {
        const at = await post(kind, { proof: await proof(0) });
        expect(at.screen, kind).toBeUndefined();
        expect(at.status, kind).toBe('new');
      }
      // A form with a message to type: held under the default second, not after it.
      expect((await post('contact', { proof: await proof(0.5) })).screen?.reasons).toEqual(['too-fast']);
      expect((await post('contact', { proof: await proof(1.5) })).screen).toBeUndefined();
      vi.stubEnv('SPAM_MIN_FILL_SECONDS', '5');
      expect((await post('agency', { proof: await proof(3) })).screen?.reasons).toEqual(['too-fast']);
      expect((await post('newsletter', { proof: await proof(0) })).screen).toBeUndefined();
    });

    it('a post without JavaScript is stored and held for review; link spam is held as spam', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      channelsOn();
      const page = await post('agency', {}, { via: 'page' });
      expect(page).toMatchObject({ status: 'spam', screen: { verdict: 'held', reasons: ['no-javascript'] }, queued: [] });
      const markup = await post('contact', { proof: await proof(), message: 'Great site! <a href="https://spam.example">cheap</a>' });
      expect(markup.screen).toEqual({ verdict: 'spam', reasons: ['link-markup'] });
      const named = await post('contact', { proof: await proof(), name: 'Visit https://spam.example now' });
      expect(named.screen?.reasons).toEqual(['link-in-name']);
      const links = await post('contact', { proof: await proof(), message: 'see https://a.example https://b.example https://c.example https://d.example' });
      expect(links.screen?.reasons).toEqual(['many-links']);
      // Two addresses in a message are what people write.
      const fine = await post('contact', { proof: await proof(), message: 'Our site is https://studio.example and our blog www.studio.example/blog.' });
      expect(fine).toMatchObject({ status: 'new', screen: undefined, queued: ['ack', 'email'] });
      const both = await post('contact', { message: '[url=https://x.example]x[/url] and more text here' }, { via: 'page' });
      expect(both.screen).toEqual({ verdict: 'spam', reasons: ['no-javascript', 'link-markup'] });
    });

    it('held leads stay out of the open inbox and show in the Spam view with their reasons', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const held = await post('affiliate', {}, { via: 'page' });
      const open = await listLeads(t.db, parseFilter({ q: held.email }));
      expect(open.rows).toHaveLength(0);
      const spam = await listLeads(t.db, parseFilter({ q: held.email, status: 'spam' }));
      expect(spam.rows.map((r) => [r.id, r.held])).toEqual([[held.id, { verdict: 'held', reasons: ['no-javascript'] }]]);
      const counts = await heldCount(t.db);
      expect(counts.held).toBeGreaterThanOrEqual(1);
    });

    it('"Not spam" puts the lead back in the open inbox with a history line and sends what was held, once', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      channelsOn();
      const held = await post('partner', {}, { via: 'page' });
      expect(held.queued).toEqual([]);
      expect(await releaseHeld(t.db, staffId, { kind: 'partner', id: held.id! })).toBe(true);
      expect(await rows(`select channel from notification_outbox where lead_id = $1 order by channel`, [held.id])).toEqual([{ channel: 'ack' }, { channel: 'email' }]);
      expect(await rows(`select status from lead_triage where lead_id = $1`, [held.id])).toEqual([{ status: 'new' }]);
      expect(await rows(`select from_status, to_status from lead_status_history where lead_id = $1`, [held.id])).toEqual([{ from_status: 'spam', to_status: 'new' }]);
      const [screen] = await rows<{ released: boolean }>(`select released_at is not null and released_by = $2 as released from lead_screening where lead_id = $1`, [held.id, staffId]);
      expect(screen.released).toBe(true);
      expect((await listLeads(t.db, parseFilter({ q: held.email }))).rows.map((r) => r.id)).toEqual([held.id]);
      // A second release finds nothing held and sends nothing more.
      expect(await releaseHeld(t.db, staffId, { kind: 'partner', id: held.id! })).toBe(false);
      expect(await rows(`select count(*)::int as n from notification_outbox where lead_id = $1`, [held.id])).toEqual([{ n: 2 }]);
    });

    it('a held newsletter sign-up gets no confirmation until released; a held post for a known address changes nothing', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      channelsOn();
      const address = email();
      const held = await post('newsletter', { email: address }, { via: 'page', fixed: { source: 'footer' } });
      expect(held).toMatchObject({ status: 'spam', queued: [] });
      expect(await rows(`select status, confirm_sent_at from newsletter_subscriptions where id = $1`, [held.id])).toEqual([{ status: 'pending', confirm_sent_at: null }]);
      expect(await releaseHeld(t.db, staffId, { kind: 'newsletter', id: held.id! })).toBe(true);
      expect(await rows(`select channel from notification_outbox where lead_id = $1 order by channel`, [held.id])).toEqual([{ channel: 'confirm' }, { channel: 'email' }]);

      await rows(`update newsletter_subscriptions set status = 'unsubscribed', unsubscribed_at = now() where id = $1`, [held.id]);
      const again = await post('newsletter', { email: address }, { via: 'page', fixed: { source: 'footer' } });
      // Its submission token names the subscription it repeated (so it goes with it), and nothing else changed.
      expect(again.id).toBe(held.id);
      expect(await rows(`select id::text as id, status from newsletter_subscriptions where lower(email) = lower($1)`, [address])).toEqual([{ id: held.id, status: 'unsubscribed' }]);
    });

    it("the submission tokens of repeated sign-ups (without JavaScript, a hash of what was typed) go with the subscriber's erasure", async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const address = email();
      const ip = `10.7.1.${++ipCounter}`;
      const tokens: string[] = [];
      // The same person signs up from the footer without JavaScript on three days (a new key each day)...
      for (const days of [0, 1, 2]) {
        const at = new Date(Date.now() + days * 86_400_000);
        const form = formData(validLead('newsletter', address));
        expect(await checkAndStoreLead('newsletter', form, ctx({ ip, via: 'page', now: at, fixed: { source: 'footer' } }))).toMatchObject({ status: 'success' });
        tokens.push(submissionKey('newsletter', null, ip, readFields('newsletter', form), at));
      }
      // ...and once more with it, from the blog.
      const token = `tok_${crypto.randomUUID()}`;
      const scripted = formData({ ...validLead('newsletter', address.toUpperCase()), submissionToken: token, proof: await proof() });
      expect(await checkAndStoreLead('newsletter', scripted, ctx({ fixed: { source: 'blog' } }))).toMatchObject({ status: 'success' });
      tokens.push(token);
      expect(await rows(`select token from submission_tokens where token = any($1::text[])`, [tokens])).toHaveLength(4);

      const [request] = await rows<{ id: string }>(`insert into data_requests (email, type) values ($1, 'erase') returning id`, [address]);
      expect(await eraseForRequest(t.db, request.id, staffId)).not.toBeNull();
      expect(await rows(`select lower(email) from newsletter_subscriptions where lower(email) = lower($1)`, [address])).toEqual([]);
      expect(await rows(`select token from submission_tokens where token = any($1::text[])`, [tokens])).toEqual([]);
    });

    it('the purge deletes held spam with its screening after the spam period, and used proofs once they expire', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const held = await post('contact', {}, { via: 'page' });
      const kept = await post('contact', { proof: await proof() });
      const counts = await purgeExpired(queryable(t.handle), new Date(Date.now() + 31 * 86_400_000));
      expect(counts.used_challenges).toBeGreaterThanOrEqual(1);
      expect(await rows(`select count(*)::int as n from contact_messages where id = $1`, [held.id])).toEqual([{ n: 0 }]);
      expect(await rows(`select count(*)::int as n from lead_screening where lead_id = $1`, [held.id])).toEqual([{ n: 0 }]);
      expect(await rows(`select count(*)::int as n from contact_messages where id = $1`, [kept.id])).toEqual([{ n: 1 }]);
    });
  });
}
