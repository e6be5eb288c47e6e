import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLimiters } from '@/lib/leads/rate-limit';
import { leadKindNames, leadKinds, type LeadKind } from '@/lib/leads/kinds';
import { checkAndStoreLead, type SubmitContext } from '@/lib/leads/submit';
import { listDeliveries } from '@/lib/notify/deliveries';
import { createDeliveryLoop } from '@/lib/notify/loop';
import { checkLink, linkKey, signLink } from '@/lib/newsletter/links';
import { confirmSubscription, readLink, unsubscribe } from '@/lib/newsletter/subscriptions';
import { queryable } from '@/lib/db/connection';
import { databaseKinds, query, type TestDb } from '../support/vitest-databases';
import { formData, validLeads } from '../support/lead-samples';
import { decodeHeader, startSmtp, textOf } from '../support/notify-receivers';

/**
 * The emails to a lead's own address: acknowledgements, the newsletter's double opt-in (confirmation
 * link, re-send at most hourly, unsubscribe) and the per-recipient limit, on both databases.
 */
let ipCounter = 0;

for (const kind of databaseKinds) {
  describe(`emails to visitors on ${kind.name}`, () => {
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
      vi.stubEnv('LINK_SECRET', '');
      smtp.messages.length = 0;
      if (t) await query(t.handle, `update notification_outbox set status = 'cancelled' where status = 'pending'`);
    });
    afterEach(() => vi.unstubAllEnvs());

    const ctx = (): SubmitContext => ({
      db: async () => t!.db,
      limiters: createLimiters({ perForm: 0, total: 0, windowSeconds: 60 }),
      // Each post from a network of its own (a network's share of the visitor emails is visitor-email-budgets.test.ts's).
      ip: `10.7.${++ipCounter}.1`,
      requestId: 'visitor-emails-test',
      fixed: undefined,
    });
    const rows = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => query<T>(t!.handle, sql, params);
    const submit = async (form: LeadKind, values: Record<string, string> = {}) => {
      const state = await checkAndStoreLead(form, formData({ ...validLeads[form], ...values, submissionToken: `tok_${crypto.randomUUID()}` }), ctx());
      expect(state.status).toBe('success');
      return state;
    };
    const drain = async () => {
      const loop = createDeliveryLoop({ handle: t!.handle, log: pino({ level: 'silent' }), random: () => 0.5 });
      while ((await loop.runOnce()) > 0);
    };
    const mailTo = (address: string) => smtp.messages.filter((m) => m.rcptTo.includes(address));
    const header = (m: (typeof smtp.messages)[number], name: string) => m.headers.filter(([n]) => n === name).map(([, v]) => decodeHeader(v));
    const subscription = async (email: string) =>
      (await rows<{ id: string; status: string; confirmed_at: Date | null; unsubscribed_via: string | null }>(`select * from newsletter_subscriptions where lower(email) = lower($1)`, [email]))[0];
    const linkIn = (text: string, purpose: 'confirm' | 'unsubscribe') => {
      const match = new RegExp(`https://www\\.postcraft\\.example/newsletter/${purpose}\\?token=([A-Za-z0-9_%.-]+)`).exec(text);
      expect(match, `${purpose} link`).toBeTruthy();
      return decodeURIComponent(match![1]);
    };

    it('every application and message is acknowledged once, to its sender, with what they sent and the promised reply time', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      // Written out for the kinds of today; a kind added later is checked for one email with a subject.
      const ofToday: Partial<Record<LeadKind, [string, string]>> = {
        partner: ['We received your partner application', "We'll get back to you within 48 hours."],
        affiliate: ['We received your affiliate application', 'get back to you within 24 hours.'],
        agency: ['We received your agency enquiry', 'within 24 hours with a custom proposal.'],
        contact: ['We received your contact message', "We'll get back to you within 24 hours."],
        dataRequest: ['We received your data request', "We'll reply to your request within 30 days."],
        trial: ['We received your trial request', "We'll email your sign-in details within 24 hours."],
      };
      const acknowledged = leadKindNames.filter((kind) => 'acknowledge' in leadKinds[kind]);
      expect(acknowledged).toEqual(expect.arrayContaining(Object.keys(ofToday)));
      for (const form of acknowledged) await submit(form, { email: `${form}-${crypto.randomUUID()}@example.com` });
      // A bot that fills the honeypot is answered success and gets nothing.
      await submit('contact', { email: 'bot@example.com', faxNumber: '555' });
      await drain();
      await drain();
      expect(mailTo('bot@example.com')).toHaveLength(0);
      for (const form of acknowledged) {
        const [subject, promise] = ofToday[form] ?? [expect.stringMatching(/^We received your /), ''];
        const sent = smtp.messages.filter((m) => m.rcptTo[0]?.startsWith(`${form}-`));
        expect(sent, form).toHaveLength(1);
        expect(header(sent[0], 'subject')).toEqual([subject]);
        expect(header(sent[0], 'content-type')[0]).toMatch(/^multipart\/alternative/);
        expect(textOf(sent[0]), form).toContain(promise);
      }
      const trial = textOf(smtp.messages.find((m) => m.rcptTo[0]?.startsWith('trial-'))!);
      expect(trial).toMatch(/\nPlan\n+Pro\n+Billing\n+Yearly\n/); // the labels, not the stored values ('pro', 'yearly')
      // Nothing the visitor typed is quoted (the address typed is not proven theirs: no relay of their words).
      expect(trial).toContain('Hello,');
      expect(trial).not.toContain('Katherine');
      expect(trial).not.toContain('Langley Studio');
      expect(trial).toMatch(/\nName\n+Received\n/);
      const contact = textOf(smtp.messages.find((m) => m.rcptTo[0]?.startsWith('contact-'))!);
      const typed = validLeads.contact;
      for (const value of [typed.name, typed.message]) expect(contact).not.toContain(value);
      expect(contact).toMatch(/\nSubject\n+Received\n/);
      expect(contact).toMatch(new RegExp(`\\nMessage\\n+Received \\(${[...typed.message].length} characters\\)\\n`));
      // A data request's email carries the link that confirms it is the requester's (nothing is done before).
      const dataRequestMail = smtp.messages.find((m) => m.rcptTo[0]?.startsWith('dataRequest-'))!;
      const verify = /https:\/\/www\.postcraft\.example\/data-request\/verify\?token=([A-Za-z0-9_%.-]+)/.exec(textOf(dataRequestMail));
      expect(verify, 'the verify link').toBeTruthy();
      const [request] = await rows<{ id: string }>(`select id from data_requests where email = $1`, [dataRequestMail.rcptTo[0]]);
      expect(checkLink(await linkKey(queryable(t!.handle)), 'verify', decodeURIComponent(verify![1]))).toEqual({ ok: true, id: request.id });
      expect(textOf(dataRequestMail)).toContain('Confirm my request');
    });

    it('one address gets at most NOTIFY_RECIPIENT_LIMIT emails an hour, whatever forms are used; other addresses are not affected', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const victim = `victim-${crypto.randomUUID()}@example.com`;
      for (let i = 0; i < 4; i++) await submit('contact', { email: victim, message: `flood ${i}` });
      await submit('partner', { email: victim.toUpperCase() });
      await submit('newsletter', { email: victim });
      await submit('contact', { email: `other-${crypto.randomUUID()}@example.com` });
      await drain();
      expect(mailTo(victim)).toHaveLength(3);
      expect(smtp.messages.filter((m) => m.rcptTo[0]?.startsWith('other-'))).toHaveLength(1);
      // Every lead is stored, and staff are told about each.
      const [{ n }] = await rows<{ n: number }>(`select count(*)::int as n from contact_messages where email = $1`, [victim]);
      expect(n).toBe(4);
      expect(mailTo('leads@postcraft.example').length).toBeGreaterThanOrEqual(7);
      // After the window, the address is served again.
      await rows(`update notification_outbox set created_at = created_at - interval '2 hours' where recipient_key is not null`);
      await submit('contact', { email: victim });
      await drain();
      expect(mailTo(victim)).toHaveLength(4);
    });

    it('a flood from many addresses: at most NOTIFY_VISITOR_EMAILS_PER_HOUR emails to visitors in all; every lead stored, staff told of each', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      // The cap counts every visitor email of the last hour: start from a clean hour.
      await rows(`update notification_outbox set created_at = created_at - interval '2 hours' where recipient_key is not null`);
      vi.stubEnv('NOTIFY_VISITOR_EMAILS_PER_HOUR', '3');
      const tag = crypto.randomUUID();
      for (let i = 0; i < 6; i++) await submit('contact', { email: `flood-${i}-${tag}@example.com` });
      await drain();
      const visitors = smtp.messages.filter((m) => m.rcptTo[0]?.includes(`-${tag}@`));
      expect(visitors).toHaveLength(3);
      const [{ n }] = await rows<{ n: number }>(`select count(*)::int as n from contact_messages where email like $1`, [`%-${tag}@example.com`]);
      expect(n).toBe(6);
      const staffTold = mailTo('leads@postcraft.example').filter((m) => textOf(m).includes(tag));
      expect(staffTold).toHaveLength(6);
    });

    it('newsletter: pending until the emailed link confirms it; the email carries one-click unsubscribe headers', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const email = `reader-${crypto.randomUUID()}@example.com`;
      const state = await submit('newsletter', { email });
      expect(state.title).toBe('Check your inbox');
      expect((await subscription(email)).status).toBe('pending');
      await drain();
      const [mail] = mailTo(email);
      expect(header(mail, 'subject')).toEqual(['Confirm your Postcraft newsletter subscription']);
      const text = textOf(mail);
      const unsubscribeUrl = header(mail, 'list-unsubscribe')[0];
      expect(unsubscribeUrl).toMatch(/^<https:\/\/www\.postcraft\.example\/newsletter\/unsubscribe\?token=[^>]+>$/);
      expect(header(mail, 'list-unsubscribe-post')).toEqual(['List-Unsubscribe=One-Click']);
      const token = linkIn(text, 'confirm');
      expect(text).toContain('7 days');

      const client = queryable(t.handle);
      const link = await readLink(client, 'confirm', token);
      expect(link).toEqual({ ok: true, id: (await subscription(email)).id });
      expect(await confirmSubscription(client, (link as { id: string }).id)).toBe('confirmed');
      const confirmed = await subscription(email);
      expect(confirmed.status).toBe('confirmed');
      expect(confirmed.confirmed_at).toBeTruthy();
      expect(await confirmSubscription(client, confirmed.id)).toBe('already-confirmed');

      // A repeat sign-up of a confirmed address sends nothing and changes nothing.
      await submit('newsletter', { email: email.toUpperCase() });
      await drain();
      expect(mailTo(email)).toHaveLength(1);
      expect((await subscription(email)).status).toBe('confirmed');
    });

    it('newsletter: a repeat sign-up of a pending address re-sends at most once an hour', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const email = `again-${crypto.randomUUID()}@example.com`;
      await submit('newsletter', { email });
      await drain();
      await submit('newsletter', { email });
      await submit('newsletter', { email });
      await drain();
      expect(mailTo(email)).toHaveLength(1);
      await rows(`update newsletter_subscriptions set confirm_sent_at = now() - interval '61 minutes' where lower(email) = $1`, [email]);
      await submit('newsletter', { email });
      await drain();
      expect(mailTo(email)).toHaveLength(2);
      // Staff were told once, about the new address.
      const id = (await subscription(email)).id;
      expect((await listDeliveries(t.db, 'newsletter', id)).map((d) => d.channel).sort()).toEqual(['confirm', 'confirm', 'email']);
    });

    it('links: a tampered, foreign, mis-purposed or expired token is refused; the unsubscribe link does not expire', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const key = await linkKey(queryable(t.handle));
      const id = crypto.randomUUID();
      const token = signLink(key, 'confirm', id);
      expect(checkLink(key, 'confirm', token)).toEqual({ ok: true, id });
      const [payload, signature] = token.split('.');
      const otherId = Buffer.from(Buffer.from(payload, 'base64url').toString().replace(id, crypto.randomUUID())).toString('base64url');
      expect(checkLink(key, 'confirm', `${otherId}.${signature}`)).toEqual({ ok: false, reason: 'invalid' });
      expect(checkLink(key, 'confirm', `${payload}.${signature.slice(0, -2)}xx`)).toEqual({ ok: false, reason: 'invalid' });
      expect(checkLink(key, 'unsubscribe', token)).toEqual({ ok: false, reason: 'invalid' });
      expect(checkLink(Buffer.from('another key of at least 32 characters!'), 'confirm', token)).toEqual({ ok: false, reason: 'invalid' });
      for (const bad of ['', 'x', 'a.b.c', `${payload}.`, null, 42, 'é'.repeat(400)]) expect(checkLink(key, 'confirm', bad)).toMatchObject({ ok: false, reason: 'invalid' });
      const eightDays = Date.now() + 8 * 86_400_000;
      expect(checkLink(key, 'confirm', token, eightDays)).toEqual({ ok: false, reason: 'expired' });
      expect(checkLink(key, 'unsubscribe', signLink(key, 'unsubscribe', id), Date.now() + 3650 * 86_400_000)).toEqual({ ok: true, id });
      // The key is made once and kept: a second handle on the same database signs alike.
      expect((await linkKey(queryable(t.handle))).equals(key)).toBe(true);
    });

    it('unsubscribe: recorded with how, cancels a confirmation not sent yet, and an old confirm link does not re-subscribe', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const client = queryable(t.handle);
      const email = `leaving-${crypto.randomUUID()}@example.com`;
      await submit('newsletter', { email });
      const { id } = await subscription(email);
      expect(await unsubscribe(client, id, 'one-click')).toBe('unsubscribed');
      const row = await subscription(email);
      expect(row).toMatchObject({ status: 'unsubscribed', unsubscribed_via: 'one-click' });
      expect((await listDeliveries(t.db, 'newsletter', id)).find((d) => d.channel === 'confirm')).toMatchObject({ status: 'cancelled', lastError: 'Unsubscribed' });
      expect(await unsubscribe(client, id, 'link')).toBe('already-unsubscribed');
      expect(await confirmSubscription(client, id)).toBe('was-unsubscribed');
      expect((await subscription(email)).status).toBe('unsubscribed');
      expect(await unsubscribe(client, crypto.randomUUID(), 'link')).toBe('gone');
      // Signing up again makes it pending and sends a new confirmation.
      await rows(`update newsletter_subscriptions set confirm_sent_at = now() - interval '2 hours' where id = $1`, [id]);
      await submit('newsletter', { email });
      expect((await subscription(email)).status).toBe('pending');
      await drain();
      expect(mailTo(email)).toHaveLength(1);
    });

    it('with no SMTP_URL nothing is queued for visitors: sign-ups stay pending, applications are stored', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      vi.stubEnv('SMTP_URL', '');
      const email = `quiet-${crypto.randomUUID()}@example.com`;
      await submit('newsletter', { email });
      await submit('contact', { email });
      await drain();
      expect(smtp.messages).toHaveLength(0);
      const row = await subscription(email);
      expect(row.status).toBe('pending');
      expect(await listDeliveries(t.db, 'newsletter', row.id)).toEqual([]);
    });
  });
}
