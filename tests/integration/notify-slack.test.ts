import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { noAttribution } from '@/lib/leads/attribution';
import { leadKinds, type LeadKind } from '@/lib/leads/kinds';
import { createLimiters } from '@/lib/leads/rate-limit';
import { checkAndStoreLead, type SubmitContext } from '@/lib/leads/submit';
import { listDeliveries, resendDelivery } from '@/lib/notify/deliveries';
import { createDeliveryLoop } from '@/lib/notify/loop';
import { releaseHeld } from '@/lib/spam/release';
import { databaseKinds, query, type TestDb } from '../support/vitest-databases';
import { formData, validLeads } from '../support/lead-samples';
import { startReceiver } from '../support/notify-receivers';

/**
 * The Slack channel through the outbox, on both databases: a lead that is not held queues one `slack`
 * delivery in its own statement; the loop posts the Block Kit message to SLACK_WEBHOOK_URL (a receiver in
 * this test), retries after a 500 with the same message, and two loops post it once.
 */
let ipCounter = 0;

for (const kind of databaseKinds) {
  describe(`the Slack channel on ${kind.name}`, () => {
    let t: TestDb | undefined;
    let slack: Awaited<ReturnType<typeof startReceiver>>;
    beforeAll(async () => {
      t = await kind.open();
      slack = await startReceiver();
    });
    afterAll(async () => {
      await t?.cleanup();
      await slack?.close();
    });
    beforeEach(async () => {
      // Slack alone: no SMTP, no webhook, so the outbox holds only what this channel queues.
      vi.stubEnv('SMTP_URL', '');
      vi.stubEnv('WEBHOOK_URL', '');
      vi.stubEnv('SLACK_WEBHOOK_URL', slack.url);
      vi.stubEnv('SITE_URL', 'https://www.postcraft.example');
      slack.received.length = 0;
      slack.state.mode = 'ok';
      if (t) await query(t.handle, `update notification_outbox set status = 'cancelled' where status = 'pending'`);
    });
    afterEach(() => {
      vi.unstubAllEnvs();
    });

    const rows = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => query<T>(t!.handle, sql, params);
    const submit = async (form: LeadKind, values: Record<string, string> = {}, attribution = noAttribution) => {
      const token = `tok_${crypto.randomUUID()}`;
      const ctx: SubmitContext = {
        db: async () => t!.db,
        limiters: createLimiters({ perForm: 0, total: 0, windowSeconds: 60 }),
        ip: `10.9.0.${++ipCounter}`,
        requestId: 'notify-slack-test',
        attribution,
      };
      const state = await checkAndStoreLead(form, formData({ ...validLeads[form], ...values, submissionToken: token }), ctx);
      expect(state.status).toBe('success');
      const [row] = await rows<{ id: string }>(`select l.id from ${leadKinds[form].table} l join submission_tokens s on s.lead_id = l.id where s.token = $1`, [token]);
      return row.id;
    };
    const loop = () => createDeliveryLoop({ handle: t!.handle, log: pino({ level: 'silent' }), random: () => 0.5 });
    const slackRows = (leadId: string) =>
      rows<{ id: string; status: string; attempts: number; last_error: string | null }>(
        `select id, status, attempts, last_error from notification_outbox where lead_id = $1 and channel = 'slack' order by created_at`,
        [leadId],
      );

    it('a new lead posts one Block Kit message: the kind, the name, company, source and campaign, and a link to its page', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const id = await submit('agency', {}, { ...noAttribution, source: 'news', medium: 'email', campaign: 'spring', page: '/agency' });
      expect((await listDeliveries(t.db, 'agency', id)).map((d) => [d.channel, d.status])).toEqual([['slack', 'pending']]);
      expect(await loop().runOnce()).toBe(1);
      expect(slack.received).toHaveLength(1);
      const call = slack.received[0];
      expect(call.headers['content-type']).toBe('application/json; charset=utf-8');
      const message = JSON.parse(call.body);
      expect(message.text).toBe('New agency enquiry: Alan Turing');
      expect(message.blocks[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: 'New agency enquiry', emoji: false } });
      expect(message.blocks[1].fields.map((f: { text: string }) => f.text)).toEqual(['*Name*\nAlan Turing', '*Company*\nTuring &amp; Co', '*Source*\nnews / email', '*Campaign*\nspring']);
      expect(message.blocks[2].elements[0].url).toBe(`https://www.postcraft.example/staff/leads/agency/${id}`);
      expect(await slackRows(id)).toEqual([{ id: expect.any(String), status: 'sent', attempts: 1, last_error: null }]);
      // Nothing is left to send.
      expect(await loop().runOnce()).toBe(0);
      expect(slack.received).toHaveLength(1);
    });

    it('a 500 is retried later with the same message, and then recorded as sent after two attempts', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const id = await submit('partner');
      slack.state.mode = 500;
      expect(await loop().runOnce()).toBe(1);
      const [failed] = await slackRows(id);
      expect(failed).toMatchObject({ status: 'pending', attempts: 1, last_error: 'slack: HTTP 500' });
      // Not due yet: the retry waits (random 0.5 of the first cap: 30 s).
      const [{ wait }] = await rows<{ wait: number }>(`select extract(epoch from next_attempt_at - now())::float as wait from notification_outbox where id = $1`, [failed.id]);
      expect(wait).toBeGreaterThan(25);
      expect(await loop().runOnce()).toBe(0);
      slack.state.mode = 'ok';
      await rows(`update notification_outbox set next_attempt_at = now() where id = $1`, [failed.id]);
      expect(await loop().runOnce()).toBe(1);
      expect(slack.received.map((r) => r.answered)).toEqual([500, 204]);
      expect(slack.received[1].body).toBe(slack.received[0].body);
      expect(await slackRows(id)).toEqual([{ id: failed.id, status: 'sent', attempts: 2, last_error: null }]);
    });

    it('two loops at once post the message once', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const id = await submit('contact');
      slack.state.delayMs = 300;
      try {
        const claimed = await Promise.all([loop().runOnce(), loop().runOnce()]);
        expect(claimed.sort()).toEqual([0, 1]);
      } finally {
        slack.state.delayMs = 0;
      }
      expect(slack.received).toHaveLength(1);
      expect(await slackRows(id)).toMatchObject([{ status: 'sent', attempts: 1 }]);
    });

    it('a lead held as spam queues nothing until staff release it; a sent message can be re-sent as a new delivery', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const held = await submit('partner', { faxNumber: '555-0100' });
      expect(await slackRows(held)).toEqual([]);
      const [admin] = await rows<{ id: string }>(`insert into staff_users (email, name, role, password_hash) values ($1, 'Sam Slack', 'admin', 'x') returning id`, [
        `slack-${crypto.randomUUID()}@postcraft.example`,
      ]);
      expect(await releaseHeld(t.db, admin.id, { kind: 'partner', id: held })).toBe(true);
      expect(await slackRows(held)).toMatchObject([{ status: 'pending', attempts: 0 }]);
      expect(await loop().runOnce()).toBe(1);
      expect(slack.received).toHaveLength(1);
      const [sent] = await slackRows(held);
      expect(await resendDelivery(t.db, sent.id)).toMatchObject({ ok: true });
      expect(await loop().runOnce()).toBe(1);
      expect(slack.received).toHaveLength(2);
      expect((await slackRows(held)).map((r) => r.status)).toEqual(['sent', 'sent']);
      // With SLACK_WEBHOOK_URL gone, a re-send says which setting is missing.
      vi.stubEnv('SLACK_WEBHOOK_URL', '');
      expect(await resendDelivery(t.db, sent.id)).toMatchObject({ ok: false, message: 'Cannot re-send: SLACK_WEBHOOK_URL is not configured on the server.' });
    });
  });
}
