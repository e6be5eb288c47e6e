import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, queryable } from '@/lib/db/connection';
import { purgeExpired } from '@/lib/retention/purge';
import { createLimiters } from '@/lib/leads/rate-limit';
import type { LeadKind } from '@/lib/leads/kinds';
import { checkAndStoreLead } from '@/lib/leads/submit';
import { listDeliveries, resendDelivery } from '@/lib/notify/deliveries';
import { createDeliveryLoop } from '@/lib/notify/loop';
import { databaseKinds, drizzleOf, query, type TestDb } from '../support/vitest-databases';
import { formData, validLeads } from '../support/lead-samples';
import { startSmtp } from '../support/notify-receivers';
import type { Db } from '@/lib/db/client';

/**
 * The hourly budgets of the emails to visitors (docs/notifications.md#emails-to-visitors): the emails a person
 * needs (a data request's verification link, the newsletter's confirmation) are not starved by one client or
 * by acknowledgements; what a limit keeps back is recorded as not sent (`limited`, with the reason), and staff
 * can send it again within the same limits. On both databases.
 */
for (const kind of databaseKinds) {
  describe(`visitor email budgets on ${kind.name}`, () => {
    let t: TestDb | undefined;
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    beforeAll(async () => {
      t = await kind.open();
      smtp = await startSmtp();
    });
    afterAll(async () => {
      await t?.cleanup();
      await smtp?.close();
    });
    beforeEach(async () => {
      vi.stubEnv('SMTP_URL', smtp.url);
      vi.stubEnv('NOTIFY_EMAIL_TO', 'leads@postcraft.example');
      vi.stubEnv('WEBHOOK_URL', '');
      vi.stubEnv('SITE_URL', 'https://www.postcraft.example');
      smtp.messages.length = 0;
      // Every test starts from a clean hour.
      if (t) await query(t.handle, `update notification_outbox set created_at = created_at - interval '2 hours', status = case when status = 'pending' then 'cancelled' else status end`);
    });
    afterEach(() => vi.unstubAllEnvs());

    const rows = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => query<T>(t!.handle, sql, params);
    /** A post of `form` from `ip`, with a fresh address unless one is given; resolves with the stored lead's id. */
    const post = async (form: LeadKind, ip: string, email = `${form.toLowerCase()}-${crypto.randomUUID()}@example.com`, db: Db = t!.db) => {
      const state = await checkAndStoreLead(form, formData({ ...validLeads[form], email, submissionToken: `tok_${crypto.randomUUID()}` }), {
        db: async () => db,
        limiters: createLimiters({ perForm: 0, total: 0, windowSeconds: 60 }),
        ip,
        requestId: 'budget-test',
      });
      expect(state.status).toBe('success');
      const table = form === 'newsletter' ? 'newsletter_subscriptions' : form === 'dataRequest' ? 'data_requests' : 'contact_messages';
      return { email, id: (await rows<{ id: string }>(`select id from ${table} where lower(email) = lower($1)`, [email]))[0].id };
    };
    /** The emails to the lead's own address, newest first (not the staff's). */
    const visitorEmails = async (form: LeadKind, id: string) => (await listDeliveries(t!.db, form, id)).filter((d) => d.channel === 'ack' || d.channel === 'confirm');
    const visitorEmail = async (form: LeadKind, id: string) => (await visitorEmails(form, id))[0];
    const drain = async () => {
      const loop = createDeliveryLoop({ handle: t!.handle, log: pino({ level: 'silent' }), random: () => 0.5 });
      while ((await loop.runOnce()) > 0);
    };
    const mailTo = (address: string) => smtp.messages.filter((m) => m.rcptTo.includes(address.toLowerCase()));

    it('one network spends its share of the emails a person needs; the rest of its emails are recorded as not sent, and a person elsewhere still gets theirs', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      // Defaults: 200 an hour of each kind, 5% (10) of it per network. One client takes the next address of its /24 for every post.
      const flood = [];
      for (let i = 0; i < 8; i++) flood.push({ form: 'dataRequest' as const, ...(await post('dataRequest', `203.0.113.${i + 1}`)) });
      for (let i = 0; i < 6; i++) flood.push({ form: 'newsletter' as const, ...(await post('newsletter', `203.0.113.${i + 100}`)) });
      const outcomes = await Promise.all(flood.map((f) => visitorEmail(f.form, f.id)));
      expect(outcomes.filter((d) => d.status === 'pending')).toHaveLength(10);
      const kept = outcomes.filter((d) => d.status === 'limited');
      expect(kept).toHaveLength(4);
      for (const d of kept) expect(d.lastError).toBe('Not sent: the network it was posted from had its share of the hourly verification and confirmation emails (10).');
      // Its acknowledgements are another budget: still sent.
      const contact = await post('contact', '203.0.113.200');
      expect((await visitorEmail('contact', contact.id)).status).toBe('pending');
      // A person from another network asks for their data and signs up for the newsletter.
      const request = await post('dataRequest', '198.51.100.7', `person-${crypto.randomUUID()}@example.com`);
      const signUp = await post('newsletter', '2001:db8:aa::7', `reader-${crypto.randomUUID()}@example.com`);
      await drain();
      expect(mailTo(request.email).map((m) => m.raw)).toEqual([expect.stringContaining('/data-request/verify?token=')]);
      expect(mailTo(signUp.email).map((m) => m.raw)).toEqual([expect.stringContaining('/newsletter/confirm?token=')]);
      for (const f of flood.filter((_, i) => outcomes[i].status === 'limited')) expect(mailTo(f.email)).toHaveLength(0);
      // What was not sent stays recorded as such: the delivery loop never sends it.
      expect((await Promise.all(kept.map((d) => rows<{ status: string }>(`select status from notification_outbox where id = $1`, [d.id])))).flat()).toEqual(kept.map(() => ({ status: 'limited' })));
    });

    it('acknowledgements spent to their hourly limit leave the verification and confirmation emails sent', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      vi.stubEnv('NOTIFY_COURTESY_EMAILS_PER_HOUR', '3');
      vi.stubEnv('NOTIFY_NETWORK_SHARE', '0');
      const contacts = [];
      for (let i = 0; i < 5; i++) contacts.push(await post('contact', `192.0.${i}.1`));
      const outcomes = await Promise.all(contacts.map((c) => visitorEmail('contact', c.id)));
      expect(outcomes.map((d) => d.status)).toEqual(['pending', 'pending', 'pending', 'limited', 'limited']);
      expect(outcomes[4].lastError).toBe('Not sent: the hourly limit of acknowledgements to visitors (3) was reached.');
      const request = await post('dataRequest', '192.0.9.1');
      const signUp = await post('newsletter', '192.0.9.2');
      await drain();
      expect(mailTo(request.email)).toHaveLength(1);
      expect(mailTo(signUp.email)).toHaveLength(1);
      expect(mailTo(contacts[4].email)).toHaveLength(0);
    });

    it('a confirmation kept back is not counted as sent: the same address signing up again later that hour gets it', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      vi.stubEnv('NOTIFY_NEEDED_EMAILS_PER_HOUR', '1');
      await post('newsletter', '192.0.2.10');
      const reader = await post('newsletter', '198.51.100.10');
      expect((await visitorEmail('newsletter', reader.id)).status).toBe('limited');
      // The budget's hour has passed (not the reader's own: their confirmation was never sent); they try again.
      await rows(`update notification_outbox set created_at = created_at - interval '61 minutes'`);
      await post('newsletter', '198.51.100.10', reader.email);
      await drain();
      expect(mailTo(reader.email)).toHaveLength(1);
      expect((await visitorEmails('newsletter', reader.id)).map((d) => d.status)).toEqual(['sent', 'limited']);
    });

    it('staff send again what was not sent: refused with the reason while the limit holds, queued and delivered once it has passed', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      vi.stubEnv('NOTIFY_NEEDED_EMAILS_PER_HOUR', '2');
      await post('dataRequest', '192.0.2.20');
      await post('dataRequest', '192.0.3.20');
      const person = await post('dataRequest', '198.51.100.20');
      const kept = await visitorEmail('dataRequest', person.id);
      expect(kept).toMatchObject({ status: 'limited', lastError: 'Not sent: the hourly limit of verification and confirmation emails to visitors (2) was reached.' });
      expect(await resendDelivery(t.db, kept.id)).toEqual({
        ok: false,
        reason: 'hourly-limit',
        message: 'Still not sent: the hourly limit of verification and confirmation emails to visitors (2) was reached. Try again later.',
      });
      expect(await visitorEmails('dataRequest', person.id)).toHaveLength(1);
      await rows(`update notification_outbox set created_at = created_at - interval '61 minutes'`);
      const again = await resendDelivery(t.db, kept.id);
      expect(again).toMatchObject({ ok: true, requeued: 'new-delivery' });
      await drain();
      expect(mailTo(person.email).map((m) => m.raw)).toEqual([expect.stringContaining('/data-request/verify?token=')]);
      const after = await visitorEmails('dataRequest', person.id);
      expect(after.map((d) => d.status)).toEqual(['sent', 'limited']);
    });

    it('the network of a post is kept for its hour and cleared by the daily purge after a day', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const { id } = await post('contact', '192.0.2.30');
      const keyOf = async () => (await rows<{ network_key: string | null }>(`select network_key from notification_outbox where lead_id = $1 and channel = 'ack'`, [id]))[0].network_key;
      expect(await keyOf()).toMatch(/^[0-9a-f]{64}$/);
      expect(await keyOf()).not.toContain('192.0.2');
      await purgeExpired(queryable(t.handle), new Date(Date.now() + 2 * 86_400_000));
      expect(await keyOf()).toBeNull();
    });

    it('the counts are the database’s: posts through two servers on one database share the budgets', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      if (t.kind !== 'postgres') return skip('PGlite is one process');
      vi.stubEnv('NOTIFY_NEEDED_EMAILS_PER_HOUR', '40');
      vi.stubEnv('NOTIFY_NETWORK_SHARE', '10');
      const url = (t.handle.client as { options: { connectionString: string } }).options.connectionString;
      const second = await openDatabase({ databaseUrl: url });
      try {
        const dbs = [t.db, drizzleOf(second)];
        const ids = [];
        for (let i = 0; i < 8; i++) ids.push((await post('newsletter', `203.0.113.${i + 1}`, undefined, dbs[i % 2])).id);
        const statuses = await Promise.all(ids.map(async (id) => (await visitorEmail('newsletter', id)).status));
        expect(statuses).toEqual(['pending', 'pending', 'pending', 'pending', 'limited', 'limited', 'limited', 'limited']);
      } finally {
        await second.close();
      }
    });
  });
}
