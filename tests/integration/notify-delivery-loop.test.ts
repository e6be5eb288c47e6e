import { Webhook } from 'standardwebhooks';
import { registerDeliveryNudge } from '@/lib/notify/nudge';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLimiters } from '@/lib/leads/rate-limit';
import { leadKindNames, leadKinds, type LeadKind } from '@/lib/leads/kinds';
import { checkAndStoreLead, type SubmitContext } from '@/lib/leads/submit';
import { listDeliveries, resendDelivery } from '@/lib/notify/deliveries';
import { createDeliveryLoop } from '@/lib/notify/loop';
import { maxAttempts } from '@/lib/notify/retry';
import { databaseKinds, query, type TestDb } from '../support/vitest-databases';
import { formData, validLeads } from '../support/lead-samples';
import { decodeBody, decodeHeader, startReceiver, startSmtp, textOf, waitFor } from '../support/notify-receivers';

const secret = `whsec_${Buffer.from('test-secret-\u00e9-42 of at least 32 bytes').toString('base64')}`;
let ipCounter = 0;

/** A pino logger whose lines the test can read. */
function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      cb();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

for (const kind of databaseKinds) {
  describe(`notification delivery on ${kind.name}`, () => {
    let t: TestDb | undefined;
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    let hooks: Awaited<ReturnType<typeof startReceiver>>;
    beforeAll(async () => {
      t = await kind.open();
      smtp = await startSmtp();
      hooks = await startReceiver();
    });
    afterAll(async () => {
      await t?.cleanup();
      await smtp?.close();
      await hooks?.close();
    });
    beforeEach(async () => {
      vi.stubEnv('SMTP_URL', smtp.url);
      vi.stubEnv('NOTIFY_EMAIL_TO', 'leads@postcraft.example');
      vi.stubEnv('NOTIFY_EMAIL_FROM', 'Postcraft <notifications@postcraft.example>');
      vi.stubEnv('WEBHOOK_URL', hooks.url);
      vi.stubEnv('WEBHOOK_SECRET', secret);
      vi.stubEnv('SITE_URL', 'https://www.postcraft.example');
      // These tests submit the same addresses many times, all from one network, a lead of every kind of the
      // registry each: the per-recipient limit and the network's share of the visitor emails have their own
      // tests (visitor-email-budgets.test.ts), and a kind added to the registry must not exhaust them here.
      vi.stubEnv('NOTIFY_RECIPIENT_LIMIT', '0');
      vi.stubEnv('NOTIFY_NETWORK_SHARE', '0');
      smtp.messages.length = 0;
      smtp.state.failNext = 0;
      smtp.state.failFor = undefined;
      hooks.received.length = 0;
      hooks.ok2xx.clear();
      hooks.state.mode = 'ok';
      hooks.state.delayMs = 0;
      await hooks.start();
      // Each test starts with an empty outbox (rows of earlier tests are settled or cancelled).
      if (t) await query(t.handle, `update notification_outbox set status = 'cancelled' where status = 'pending'`);
    });
    afterEach(() => {
      vi.unstubAllEnvs();
    });

    const ctx = (): SubmitContext => ({
      db: async () => t!.db,
      limiters: createLimiters({ perForm: 0, total: 0, windowSeconds: 60 }),
      ip: `10.8.0.${++ipCounter}`,
      requestId: 'notify-delivery-test',
    });
    const rows = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => query<T>(t!.handle, sql, params);
    /** The emails to staff (NOTIFY_EMAIL_TO); the others are acknowledgements to the lead's sender. */
    const staffMail = () => smtp.messages.filter((m) => m.rcptTo.includes('leads@postcraft.example'));
    const subjectOf = (m: (typeof smtp.messages)[number]) => decodeHeader(m.headers.find(([n]) => n === 'subject')![1]);
    /** Submits a form through the real submission path; returns the stored lead's id. */
    const submit = async (form: LeadKind, values: Record<string, string> = {}) => {
      const token = `tok_${crypto.randomUUID()}`;
      const state = await checkAndStoreLead(form, formData({ ...validLeads[form], ...values, submissionToken: token }), ctx());
      expect(state.status).toBe('success');
      const [row] = await rows<{ id: string }>(`select l.id from ${leadKinds[form].table} l join submission_tokens s on s.lead_id = l.id where s.token = $1`, [token]);
      return row.id;
    };
    const loop = (over: Parameters<typeof createDeliveryLoop>[0] = {}) =>
      createDeliveryLoop({ handle: t!.handle, log: pino({ level: 'silent' }), random: () => 0.5, ...over });
    const makeDue = (id: string) => rows(`update notification_outbox set next_attempt_at = now() where id = $1`, [id]);

    it('delivers a new lead by email and by signed webhook, and records both as sent', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const leadId = await submit('partner');
      const [lead] = await rows<{ created_at: Date }>(`select created_at from partner_applications where id = $1`, [leadId]);
      const captured = captureLog();
      // Staff's email and webhook, and the acknowledgement to the applicant.
      expect(await loop({ log: captured.log }).runOnce()).toBe(3);

      // The email: to NOTIFY_EMAIL_TO from NOTIFY_EMAIL_FROM, a fixed subject with the lead's summary,
      // every field as plain text, a Reply-To of the lead's address.
      expect(staffMail()).toHaveLength(1);
      const mail = staffMail()[0];
      expect(mail.rcptTo).toEqual(['leads@postcraft.example']);
      expect(mail.mailFrom).toBe('notifications@postcraft.example');
      const header = (name: string) => mail.headers.filter(([n]) => n === name).map(([, v]) => decodeHeader(v));
      expect(header('subject')).toEqual(['New partner application: Ada Lovelace, Engines Ltd (reseller)']);
      expect(header('reply-to')).toEqual(['ada@example.com']);
      expect(header('content-type')[0]).toMatch(/^text\/plain/);
      const text = decodeBody(mail);
      for (const line of [
        'First name: Ada',
        'Last name: Lovelace',
        'Email: ada@example.com',
        'Company: Engines Ltd',
        'Partnership type: reseller',
        'Message: We resell analytical engines.',
        `Received: ${new Date(lead.created_at).toISOString()}`,
        `Reference: partner ${leadId}`,
        'Staff inbox: https://www.postcraft.example/staff',
      ]) {
        expect(text).toContain(line);
      }

      // The webhook: JSON {event, type, id, createdAt, fields, attribution}, signed over the raw body.
      expect(hooks.received).toHaveLength(1);
      const hook = hooks.received[0];
      expect(hook.headers['content-type']).toBe('application/json');
      // Signed the Standard Webhooks way: the standard's own library verifies it with the secret.
      expect(hook.headers['webhook-id']).toBe((await listDeliveries(t!.db, 'partner', leadId)).find((d) => d.channel === 'webhook')!.id);
      expect(new Webhook(secret).verify(hook.body, hook.headers as Record<string, string>)).toMatchObject({ event: 'lead.created', id: leadId });
      expect(JSON.parse(hook.body)).toEqual({
        event: 'lead.created',
        type: 'partner',
        id: leadId,
        createdAt: new Date(lead.created_at).toISOString(),
        fields: { ...validLeads.partner },
        // Posted here without a page or campaign tags: where it came from is not known.
        attribution: { source: null, medium: null, campaign: null, term: null, content: null, referrer: null, page: null, referral: null },
      });

      const list = await listDeliveries(t.db, 'partner', leadId);
      expect(list.map((d) => [d.channel, d.status, d.attempts, d.lastError])).toEqual(
        expect.arrayContaining([
          ['email', 'sent', 1, null],
          ['webhook', 'sent', 1, null],
          ['ack', 'sent', 1, null],
        ]),
      );
      // The acknowledgement: to the applicant, a fixed subject, what arrived (nothing typed quoted) and the reply time.
      const ack = smtp.messages.find((m) => m.rcptTo.includes('ada@example.com'))!;
      expect(subjectOf(ack)).toBe('We received your partner application');
      const ackText = textOf(ack);
      expect(ackText).toContain('Hello,');
      expect(ackText).not.toContain('Ada');
      expect(ackText).toContain("We'll get back to you within 48 hours.");
      expect(ackText).not.toContain('We resell analytical engines.');
      expect(ackText).toMatch(/\nPartnership type\n+Reseller Partnership\n/);
      expect(ackText).toContain('partners@postcraft.example');
      expect(list.every((d) => d.sentAt instanceof Date)).toBe(true);
      expect(hook.headers['webhook-id']).toBe(list.find((d) => d.channel === 'webhook')!.id);

      // The log says what was sent, never the lead's fields.
      expect(captured.lines.filter((l) => l.msg === 'notification sent')).toHaveLength(3);
      const logged = JSON.stringify(captured.lines);
      for (const value of Object.values(validLeads.partner)) expect(logged).not.toContain(value);

      // Nothing more is due.
      expect(await loop().runOnce()).toBe(0);
    });

    it('a lead stored in the same process nudges the running loop: delivered long before the next poll', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const l = loop({ pollMs: 60_000 });
      l.start();
      const unregister = registerDeliveryNudge(() => l.nudge());
      try {
        await new Promise((r) => setTimeout(r, 200)); // the first poll has run; the next is a minute away
        const started = Date.now();
        await submit('agency');
        await waitFor(() => staffMail().length === 1 && hooks.ok2xx.size === 1, 10_000, 'the nudged delivery');
        expect(Date.now() - started).toBeLessThan(5000);
      } finally {
        unregister();
        await l.stop();
      }
    });

    const subjectsOfToday: Partial<Record<LeadKind, string>> = {
      affiliate: 'New affiliate application: Grace Hopper (audience 10,000 - 100,000)',
      agency: 'New agency enquiry: Alan Turing, Turing & Co (budget 5000+)',
      contact: 'New contact message: Question (from Edsger Dijkstra)',
      dataRequest: 'New data request: portability',
      newsletter: 'New newsletter sign-up: from the footer',
      partner: 'New partner application: Ada Lovelace, Engines Ltd (reseller)',
      trial: 'New trial request: Katherine Johnson, Langley Studio (pro, yearly)',
    };
    it('every lead type has its own subject and fields; the data request type does not clash with the webhook type', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const ids: Partial<Record<LeadKind, string>> = {};
      for (const form of leadKindNames) {
        // (A kind with one row per address gets an address of its own.)
        ids[form] = await submit(form, 'uniqueEmail' in leadKinds[form] ? { email: `n-${crypto.randomUUID()}@example.com` } : {});
      }
      while ((await loop().runOnce()) > 0);
      const subjects = staffMail().map(subjectOf);
      expect(subjects).toHaveLength(leadKindNames.length);
      // One email per kind, its subject named by the kind: written out for the kinds of today.
      for (const form of leadKindNames) {
        const title = `New ${leadKinds[form].label.toLowerCase()}: `;
        expect(subjects.filter((s) => s.startsWith(title)), form).toEqual([subjectsOfToday[form] ?? expect.any(String)]);
      }
      const data = hooks.received.map((h) => JSON.parse(h.body)).find((b) => b.type === 'dataRequest');
      expect(data).toMatchObject({ id: ids.dataRequest, fields: { email: 'me@example.com', type: 'portability', details: 'Everything, please.' } });
      const contact = staffMail().find((m) => decodeBody(m).includes('A new contact message'))!;
      expect(decodeBody(contact)).toContain('Subject: Question');
    });

    it('a name with "\\r\\nBcc: x@evil" adds no header and no recipient', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      // The form rules allow CR/LF (browsers send them in text), so this reaches the database as typed.
      const leadId = await submit('contact', {
        name: 'Mallory\r\nBcc: x@evil.example',
        subject: 'Hi\r\nX-Injected: yes\nCc: y@evil.example',
        email: 'mallory@example.com',
      });
      const [stored] = await rows<{ name: string }>(`select name from contact_messages where id = $1`, [leadId]);
      expect(stored.name).toBe('Mallory\r\nBcc: x@evil.example');
      await loop().runOnce();
      // Staff's email and the acknowledgement to the address typed in the form; nobody else.
      expect(smtp.messages.map((m) => m.rcptTo).sort()).toEqual([['leads@postcraft.example'], ['mallory@example.com']]);
      const ack = smtp.messages.find((m) => m.rcptTo.includes('mallory@example.com'))!;
      expect(ack.headers.map(([n]) => n)).not.toContain('bcc');
      expect(subjectOf(ack)).toBe('We received your contact message');
      expect(ack.raw.slice(0, ack.raw.indexOf('\r\n\r\n'))).not.toMatch(/^(bcc|cc|x-injected):/im);
      const mail = staffMail()[0];
      const names = mail.headers.map(([n]) => n);
      expect(names).not.toContain('bcc');
      expect(names).not.toContain('cc');
      expect(names).not.toContain('x-injected');
      const head = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'));
      expect(head).not.toMatch(/^(bcc|cc|x-injected):/im);
      const subject = decodeHeader(mail.headers.find(([n]) => n === 'subject')![1]);
      expect(subject).toBe('New contact message: Hi X-Injected: yes Cc: y@evil.example (from Mallory Bcc: x@evil.example)');
      // In the body a one-line field stays on its line, so it cannot pass for another field either.
      const text = decodeBody(mail);
      expect(text).toContain('\nName: Mallory Bcc: x@evil.example\n');
      expect(text).toContain('\nSubject: Hi X-Injected: yes Cc: y@evil.example\n');
      expect(text).not.toMatch(/^(bcc|cc|x-injected):/im);
      // The webhook carries it as JSON data.
      expect(JSON.parse(hooks.received[0].body).fields.name).toBe('Mallory\r\nBcc: x@evil.example');
    });

    it('receiver down: retried with backoff, delivered once it is back, exactly once, with the same delivery id', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      vi.stubEnv('SMTP_URL', '');
      const leadId = await submit('agency');
      const [{ id }] = await listDeliveries(t.db, 'agency', leadId);
      const l = loop();

      // 1: the receiver answers 503.
      hooks.state.mode = 503;
      expect(await l.runOnce()).toBe(1);
      let [d] = await listDeliveries(t.db, 'agency', leadId);
      expect(d).toMatchObject({ status: 'pending', attempts: 1, lastError: 'webhook: HTTP 503', sentAt: null });
      // Backoff: with random 0.5 the first wait is half of the 1-minute cap.
      const [{ wait }] = await rows<{ wait: number }>(`select extract(epoch from next_attempt_at - now())::float as wait from notification_outbox where id = $1`, [id]);
      expect(wait).toBeGreaterThan(25);
      expect(wait).toBeLessThanOrEqual(30);
      expect(await l.runOnce()).toBe(0); // not due yet

      // 2: the receiver is gone (connection refused).
      await hooks.stop();
      await makeDue(id);
      expect(await l.runOnce()).toBe(1);
      [d] = await listDeliveries(t.db, 'agency', leadId);
      expect(d.attempts).toBe(2);
      expect(d.lastError).toMatch(/ECONNREFUSED/);
      expect(d.status).toBe('pending');

      // 3: it is back; the next due attempt delivers.
      hooks.state.mode = 'ok';
      await hooks.start();
      await makeDue(id);
      expect(await l.runOnce()).toBe(1);
      [d] = await listDeliveries(t.db, 'agency', leadId);
      expect(d).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
      expect(await l.runOnce()).toBe(0);
      await makeDue(id);
      expect(await l.runOnce()).toBe(0); // sent rows are never claimed again
      expect(hooks.ok2xx.get(id)).toBe(1);
      expect(hooks.received.filter((h) => h.headers['webhook-id'] === id)).toHaveLength(2); // 503 + 204
    });

    it('a redirect or a slow receiver is a failure; the last attempt marks the delivery failed', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      vi.stubEnv('SMTP_URL', '');
      const leadId = await submit('affiliate');
      const [{ id }] = await listDeliveries(t.db, 'affiliate', leadId);
      hooks.state.mode = 302;
      await loop().runOnce();
      expect((await listDeliveries(t.db, 'affiliate', leadId))[0].lastError).toBe('webhook: HTTP 302');

      hooks.state.mode = 'hang';
      await makeDue(id);
      const started = Date.now();
      await loop({ webhookTimeoutMs: 300 }).runOnce();
      expect(Date.now() - started).toBeLessThan(5000);
      expect((await listDeliveries(t.db, 'affiliate', leadId))[0].lastError).toBe('webhook: no answer within 300 ms');

      hooks.state.mode = 500;
      await rows(`update notification_outbox set attempts = $2, next_attempt_at = now() where id = $1`, [id, maxAttempts - 1]);
      await loop().runOnce();
      const [d] = await listDeliveries(t.db, 'affiliate', leadId);
      expect(d).toMatchObject({ status: 'failed', attempts: maxAttempts, lastError: 'webhook: HTTP 500' });
      await makeDue(id);
      expect(await loop().runOnce()).toBe(0);

      // Staff re-send: a new delivery that is delivered, the failed one kept as history.
      hooks.state.mode = 'ok';
      const again = await resendDelivery(t.db, id);
      expect(again).toMatchObject({ ok: true, requeued: 'new-delivery' });
      await loop().runOnce();
      const list = await listDeliveries(t.db, 'affiliate', leadId);
      expect(list.map((x) => x.status).sort()).toEqual(['failed', 'sent']);
      expect(hooks.ok2xx.get((again as { deliveryId: string }).deliveryId)).toBe(1);
    });

    it('an SMTP server that refuses is retried; a missing NOTIFY_EMAIL_TO is an error on the delivery, not a crash', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      vi.stubEnv('WEBHOOK_URL', '');
      const leadId = await submit('contact');
      // The staff email (the acknowledgement to the sender goes out beside it).
      const staffDelivery = async () => (await listDeliveries(t!.db, 'contact', leadId)).find((x) => x.channel === 'email')!;
      const { id } = await staffDelivery();
      smtp.state.failNext = 1;
      smtp.state.failFor = 'leads@postcraft.example';
      await loop().runOnce();
      let d = await staffDelivery();
      expect(d.status).toBe('pending');
      expect(d.lastError).toMatch(/^SMTP: .*451/);

      vi.stubEnv('NOTIFY_EMAIL_TO', '');
      await makeDue(id);
      await loop().runOnce();
      d = await staffDelivery();
      expect(d).toMatchObject({ status: 'pending', attempts: 2, lastError: 'NOTIFY_EMAIL_TO is not set' });

      vi.stubEnv('NOTIFY_EMAIL_TO', 'leads@postcraft.example');
      await makeDue(id);
      await loop().runOnce();
      d = await staffDelivery();
      expect(d).toMatchObject({ status: 'sent', attempts: 3 });
      expect(staffMail()).toHaveLength(1);
    });

    it("a mail server's refusal that quotes the visitor's address is stored and logged without it", async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      vi.stubEnv('WEBHOOK_URL', '');
      const leadId = await submit('contact');
      const [{ email }] = await rows<{ email: string }>(`select email from contact_messages where id = $1`, [leadId]);
      const ack = async () => (await listDeliveries(t!.db, 'contact', leadId)).find((x) => x.channel === 'ack')!;
      smtp.state.failNext = 1;
      smtp.state.failFor = email;
      smtp.state.failText = `<${email}>: Recipient address rejected`;
      try {
        await loop().runOnce();
      } finally {
        smtp.state.failText = undefined;
      }
      const d = await ack();
      expect(d.status).toBe('pending');
      expect(d.lastError).toMatch(/^SMTP: .*Recipient address rejected/);
      expect(d.lastError).toContain('<address>');
      expect(d.lastError!.toLowerCase()).not.toContain(email.toLowerCase());
      expect(d.lastError).not.toMatch(/@/);
    });

    it('a lead erased before its notification went out: the delivery is cancelled and nothing is sent', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const leadId = await submit('dataRequest');
      await rows(`delete from data_requests where id = $1`, [leadId]);
      await loop().runOnce();
      expect(smtp.messages).toHaveLength(0);
      expect(hooks.received).toHaveLength(0);
      const list = await listDeliveries(t.db, 'dataRequest', leadId);
      // Staff's email and webhook, and the acknowledgement to the requester.
      expect(list.map((d) => [d.status, d.lastError])).toEqual([
        ['cancelled', 'The lead no longer exists (erased)'],
        ['cancelled', 'The lead no longer exists (erased)'],
        ['cancelled', 'The lead no longer exists (erased)'],
      ]);
    });

    it('crash between commit and delivery: a new loop (the restarted process) delivers what the old one left', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      vi.stubEnv('SMTP_URL', '');
      // A delivery claimed by a loop that dies mid-send: its lease is held, then runs out.
      const inFlight = await submit('contact');
      const [held] = await listDeliveries(t.db, 'contact', inFlight);
      hooks.state.mode = 'hang';
      const dying = loop({ leaseMs: 1000, webhookTimeoutMs: 60_000, batchSize: 1 });
      const abandoned = dying.runOnce(); // never settles while the receiver hangs: the "crashed" loop
      abandoned.catch(() => {});
      await waitFor(() => hooks.received.length === 1, 5000, 'the first request');
      const [{ locked }] = await rows<{ locked: boolean }>(`select locked_until > now() as locked from notification_outbox where id = $1`, [held.id]);
      expect(locked).toBe(true);
      hooks.state.mode = 'ok';
      // And one committed with no loop running (the process died right after the commit).
      const committed = await submit('partner');

      const restarted = loop();
      // While the dead loop's lease lasts, its rows are not taken; the committed-but-never-claimed one is.
      expect(await restarted.runOnce()).toBe(1);
      await new Promise((r) => setTimeout(r, 1100));
      expect(await restarted.runOnce()).toBe(1);
      const [a] = await listDeliveries(t.db, 'partner', committed);
      const [b] = await listDeliveries(t.db, 'contact', inFlight);
      expect(a.status).toBe('sent');
      expect(b).toMatchObject({ status: 'sent', attempts: 2 });
      expect(hooks.ok2xx.get(a.id)).toBe(1);
      expect(hooks.ok2xx.get(b.id)).toBe(1);
      // The dead loop's claim can no longer record anything over the new outcome.
      await hooks.stop();
      await hooks.start();
      await abandoned;
      expect((await listDeliveries(t.db, 'contact', inFlight))[0]).toMatchObject({ status: 'sent', lastError: null });
    });

    it('two delivery loops on one database never send the same notification twice', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      vi.stubEnv('SMTP_URL', '');
      const n = 150;
      // Leads written straight to the database (the form path is covered above), with their outbox rows.
      await rows(
        `with l as (insert into contact_messages (name, email, subject, message)
                    select 'Load ' || g, 'load' || g || '@example.com', 'Load', 'Load test' from generate_series(1, $1::int) g returning id)
         insert into notification_outbox (lead_type, lead_id, channel) select 'contact', id, 'webhook' from l`,
        [n],
      );
      hooks.state.delayMs = 5;
      // On PostgreSQL each loop has its own connection pool, as two servers would.
      const other = kind.name === 'PostgreSQL' ? await openSecondPool(t) : undefined;
      const logA = captureLog();
      const logB = captureLog();
      const a = loop({ pollMs: 10, batchSize: 7, log: logA.log });
      const b = createDeliveryLoop({ client: other?.client ?? t.handle.client, log: logB.log, pollMs: 10, batchSize: 5 });
      a.start();
      b.start();
      const until = Date.now() + 60_000;
      for (;;) {
        const [{ left }] = await rows<{ left: number }>(`select count(*)::int as left from notification_outbox where status = 'pending'`);
        if (left === 0 || Date.now() > until) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await Promise.all([a.stop(), b.stop()]);
      await other?.end();
      const [{ sent, once }] = await rows<{ sent: number; once: number }>(
        `select count(*)::int as sent, count(*) filter (where attempts = 1)::int as once from notification_outbox
          where lead_id in (select id from contact_messages where subject = 'Load')`,
      );
      expect(sent).toBe(n);
      expect(once).toBe(n);
      expect(hooks.received.length).toBe(n);
      expect(hooks.ok2xx.size).toBe(n);
      expect([...hooks.ok2xx.values()].every((c) => c === 1)).toBe(true);
      // Both loops did part of the work.
      const sentBy = (l: { lines: Record<string, unknown>[] }) => l.lines.filter((x) => x.msg === 'notification sent').length;
      expect(sentBy(logA)).toBeGreaterThan(0);
      expect(sentBy(logB)).toBeGreaterThan(0);
      expect(sentBy(logA) + sentBy(logB)).toBe(n);
    });
  });
}

/** A second, independent pg pool on the same PostgreSQL database. */
async function openSecondPool(t: TestDb) {
  const pool = t.handle.client as { options: { connectionString: string } };
  const pg = (await import('pg')).default;
  const other = new pg.Pool({ connectionString: pool.options.connectionString, max: 5 });
  // `end()` resolves once the pool has asked its connections to close, not once they have: one still
  // closing when the file's database is dropped (WITH (FORCE)) is ended by the server, and its error must
  // not be an unhandled one (as in lib/db/connection.ts and tests/support/own-server.ts).
  other.on('error', () => {});
  other.on('connect', (client) => client.on('error', () => {}));
  return { client: other, end: () => other.end() };
}
