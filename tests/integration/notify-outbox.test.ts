import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLimiters } from '@/lib/leads/rate-limit';
import type { LeadKind } from '@/lib/leads/kinds';
import { checkAndStoreLead, type SubmitContext } from '@/lib/leads/submit';
import { cancelPendingDeliveries, listDeliveries, resendDelivery } from '@/lib/notify/deliveries';
import { databaseKinds, query, type TestDb } from '../support/vitest-databases';
import { formData, validLeads } from '../support/lead-samples';

let ipCounter = 0;

for (const kind of databaseKinds) {
  describe(`notification outbox on ${kind.name}`, () => {
    let t: TestDb | undefined;
    beforeAll(async () => {
      t = await kind.open();
    });
    afterAll(async () => {
      await t?.cleanup();
    });
    afterEach(() => {
      vi.unstubAllEnvs();
    });
    const ctx = (): SubmitContext => ({
      db: async () => t!.db,
      limiters: createLimiters({ perForm: 0, total: 0, windowSeconds: 60 }),
      ip: `10.9.0.${++ipCounter}`,
      requestId: 'notify-test',
    });
    const rows = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => query<T>(t!.handle, sql, params);
    const submit = async (form: LeadKind, extra: Record<string, string> = {}) => {
      const token = `tok_${crypto.randomUUID()}`;
      const state = await checkAndStoreLead(form, formData({ ...validLeads[form], submissionToken: token, ...extra }), ctx());
      return { state, token };
    };
    const leadId = async (table: string, token: string) =>
      (await rows<{ id: string }>(`select l.id from ${table} l join submission_tokens s on s.lead_id = l.id where s.token = $1`, [token]))[0]?.id;
    const setChannels = (smtp: boolean, webhook: boolean) => {
      vi.stubEnv('SMTP_URL', smtp ? 'smtp://127.0.0.1:1' : '');
      vi.stubEnv('WEBHOOK_URL', webhook ? 'http://127.0.0.1:1/hook' : '');
    };

    it('no SMTP_URL and no WEBHOOK_URL: the submission succeeds and nothing is queued', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      setChannels(false, false);
      const { state, token } = await submit('partner');
      expect(state.status).toBe('success');
      const id = await leadId('partner_applications', token);
      expect(id).toBeTruthy();
      expect(await listDeliveries(t.db, 'partner', id!)).toEqual([]);
    });

    it('one pending row per configured channel, in the lead transaction, with no personal data', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      setChannels(true, true);
      const { state, token } = await submit('contact');
      expect(state.status).toBe('success');
      const id = (await leadId('contact_messages', token))!;
      const list = await listDeliveries(t.db, 'contact', id);
      // Staff's email and webhook, and (emails on) the acknowledgement to the sender.
      expect(list.map((d) => d.channel).sort()).toEqual(['ack', 'email', 'webhook']);
      for (const d of list) {
        expect(d).toMatchObject({ status: 'pending', attempts: 0, lastError: null, sentAt: null });
        expect(d.nextAttemptAt).toBeInstanceOf(Date);
        expect(d.createdAt).toBeInstanceOf(Date);
      }
      // Nothing of the visitor's input is in the outbox: the acknowledgement keeps a hash of the address.
      const [{ recipient_key }] = await rows<{ recipient_key: string }>(`select recipient_key from notification_outbox where lead_id = $1 and channel = 'ack'`, [id]);
      expect(recipient_key).toMatch(/^[0-9a-f]{64}$/);
      const raw = JSON.stringify(await rows(`select * from notification_outbox where lead_id = $1`, [id]));
      for (const value of Object.values(validLeads.contact)) expect(raw).not.toContain(value);

      // Only emails configured -> the staff email and the acknowledgement.
      setChannels(true, false);
      const second = await submit('agency');
      const agencyId = (await leadId('agency_enquiries', second.token))!;
      expect((await listDeliveries(t.db, 'agency', agencyId)).map((d) => d.channel).sort()).toEqual(['ack', 'email']);
    });

    it('a repeated submission (same token) queues nothing more; a honeypot submission is held and queues nothing', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      setChannels(true, true);
      const { token } = await submit('affiliate');
      await checkAndStoreLead('affiliate', formData({ ...validLeads.affiliate, submissionToken: token }), ctx());
      const id = (await leadId('affiliate_applications', token))!;
      expect((await listDeliveries(t.db, 'affiliate', id)).map((d) => d.channel).sort()).toEqual(['ack', 'email', 'webhook']);

      const before = (await rows<{ n: number }>(`select count(*)::int as n from notification_outbox`))[0].n;
      const bot = await submit('partner', { faxNumber: '555-0100' });
      expect(bot.state.status).toBe('success');
      const botId = (await leadId('partner_applications', bot.token))!;
      expect(await rows(`select status from lead_triage where lead_type = 'partner' and lead_id = $1`, [botId])).toEqual([{ status: 'spam' }]);
      expect((await rows<{ n: number }>(`select count(*)::int as n from notification_outbox`))[0].n).toBe(before);
    });

    it('a failed lead insert leaves no outbox row (same transaction)', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      setChannels(true, true);
      const before = (await rows<{ n: number }>(`select count(*)::int as n from notification_outbox`))[0].n;
      // The outbox insert fails inside the lead's transaction -> the lead is rolled back too.
      await rows(`alter table notification_outbox add constraint t_no_rows check (lead_type <> 'contact') not valid`);
      try {
        const { state, token } = await submit('contact');
        expect(state.status).toBe('failed');
        expect(await leadId('contact_messages', token)).toBeUndefined();
      } finally {
        await rows(`alter table notification_outbox drop constraint t_no_rows`);
      }
      expect((await rows<{ n: number }>(`select count(*)::int as n from notification_outbox`))[0].n).toBe(before);
    });

    it("resend of an email to the visitor's own address respects the per-recipient limit", async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      setChannels(true, false);
      vi.stubEnv('NOTIFY_RECIPIENT_LIMIT', '2');
      const email = `resend-cap-${crypto.randomUUID()}@example.com`;
      const { token } = await submit('contact', { email });
      const id = (await leadId('contact_messages', token))!;
      const [ack] = (await listDeliveries(t.db, 'contact', id)).filter((d) => d.channel === 'ack');
      expect(ack).toBeDefined();
      await rows(`update notification_outbox set status = 'sent' where id = $1`, [ack.id]);
      // The second email to this address within the window is allowed...
      const second = await resendDelivery(t.db, ack.id);
      expect(second.ok && second.requeued).toBe('new-delivery');
      await rows(`update notification_outbox set status = 'sent' where id = $1`, [(second as { deliveryId: string }).deliveryId]);
      // ...a third is not, re-sent by staff or not.
      expect(await resendDelivery(t.db, ack.id)).toMatchObject({ ok: false, reason: 'recipient-limit', message: expect.stringMatching(/^Not sent: this address has had 2 emails from us in the last 1 hour/) });
      expect((await listDeliveries(t.db, 'contact', id)).filter((d) => d.channel === 'ack')).toHaveLength(2);
    });

    it('resend: a pending delivery is made due now; a finished one gets a new delivery; cancel stops pending ones', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      setChannels(true, true);
      const { token } = await submit('dataRequest');
      const id = (await leadId('data_requests', token))!;
      const [webhook] = (await listDeliveries(t.db, 'dataRequest', id)).filter((d) => d.channel === 'webhook');

      // Pending, waiting for a retry in an hour -> due now, same row.
      await rows(`update notification_outbox set next_attempt_at = now() + interval '1 hour', attempts = 3 where id = $1`, [webhook.id]);
      const due = await resendDelivery(t.db, webhook.id);
      expect(due).toEqual({ ok: true, deliveryId: webhook.id, requeued: 'due-now' });
      const [{ late }] = await rows<{ late: boolean }>(`select next_attempt_at > now() as late from notification_outbox where id = $1`, [webhook.id]);
      expect(late).toBe(false);

      // Failed -> it stays as history, and a new pending delivery is queued; a second click queues no third.
      await rows(`update notification_outbox set status = 'failed', last_error = 'HTTP 500' where id = $1`, [webhook.id]);
      const again = await resendDelivery(t.db, webhook.id);
      expect(again.ok && again.requeued).toBe('new-delivery');
      const twice = await resendDelivery(t.db, webhook.id);
      expect(twice.ok && twice.deliveryId).toBe(again.ok && again.deliveryId);
      const list = await listDeliveries(t.db, 'dataRequest', id);
      expect(list.filter((d) => d.channel === 'webhook').map((d) => d.status).sort()).toEqual(['failed', 'pending']);
      expect(list.find((d) => d.id === webhook.id)).toMatchObject({ status: 'failed', attempts: 3, lastError: 'HTTP 500' });

      // Unknown or malformed ids, and a channel that is no longer configured, are refused with a reason.
      expect(await resendDelivery(t.db, crypto.randomUUID())).toMatchObject({ ok: false, reason: 'not-found' });
      expect(await resendDelivery(t.db, "x' or 1=1 --")).toMatchObject({ ok: false, reason: 'not-found' });
      setChannels(false, true);
      const email = list.find((d) => d.channel === 'email')!;
      expect(await resendDelivery(t.db, email.id)).toMatchObject({ ok: false, reason: 'not-configured', message: expect.stringContaining('SMTP_URL') });

      // Marked spam: every pending delivery of the lead is cancelled (staff's email, the acknowledgement
      // and the webhook's re-send); finished ones are kept as they were.
      expect(await cancelPendingDeliveries(t.db, 'dataRequest', id)).toBe(3);
      const after = await listDeliveries(t.db, 'dataRequest', id);
      expect(after.map((d) => d.status).sort()).toEqual(['cancelled', 'cancelled', 'cancelled', 'failed']);
      expect(await cancelPendingDeliveries(t.db, 'dataRequest', id)).toBe(0);
    });

    it('cancelPendingDeliveries works inside a transaction (an erasure)', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      setChannels(true, false);
      const { token } = await submit('newsletter', { email: `erase-${crypto.randomUUID()}@example.com` });
      const id = (await leadId('newsletter_subscriptions', token))!;
      const n = await t.db.transaction(async (tx) => {
        const cancelled = await cancelPendingDeliveries(tx, 'newsletter', id);
        await tx.execute(`delete from newsletter_subscriptions where id = '${id}'`);
        return cancelled;
      });
      // Staff's email and the confirmation link.
      expect(n).toBe(2);
      expect((await listDeliveries(t.db, 'newsletter', id)).map((d) => d.status)).toEqual(['cancelled', 'cancelled']);
    });
  });
}
