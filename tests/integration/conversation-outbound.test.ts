import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeReply, type ReplyDraft } from '@/lib/conversations/outbound';
import { readReplyToken, replyTokenKey, tokenOfAddress } from '@/lib/conversations/reply-token';
import { getThread } from '@/lib/conversations/thread';
import { queryable } from '@/lib/db/connection';
import { resendDelivery } from '@/lib/notify/deliveries';
import { createDeliveryLoop } from '@/lib/notify/loop';
import { createStaffUser } from '@/lib/staff/create-user';
import { getHistory } from '@/lib/staff/leads';
import { decodeBody, decodeHeader, startSmtp } from '../support/notify-receivers';
import { databaseKinds, query, type TestDb } from '../support/vitest-databases';

// Replying to a lead (lib/conversations/outbound.ts) and sending the reply (lib/notify/loop.ts, channel
// 'reply'): one message and one outbox row per reply, a form posted twice writes one, the first reply moves a
// new lead to contacted by its writer, a follow-up threads under the latest message, and the email carries
// its Message-ID (the same on a retry), In-Reply-To, References and a Reply-To whose token names the lead.
for (const kind of databaseKinds) {
  describe(`replies to a lead on ${kind.name}`, () => {
    let t: TestDb | undefined;
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    let writer = { id: '', name: 'Rita Writer' };
    const rows = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => query<T>(t!.handle, sql, params);
    beforeAll(async () => {
      t = await kind.open();
      smtp = await startSmtp();
      if (t) writer = { ...writer, id: (await createStaffUser(t.handle, { email: 'rita@example.com', name: writer.name, role: 'member', password: 'correct horse battery' })).id };
    });
    afterAll(async () => {
      await t?.cleanup();
      await smtp?.close();
    });
    beforeEach(async () => {
      vi.stubEnv('SMTP_URL', smtp.url);
      vi.stubEnv('REPLY_FROM', 'Postcraft Partnerships <partners@postcraft.example>');
      vi.stubEnv('REPLY_INBOUND_ADDRESS', 'replies@inbound.postcraft.example');
      smtp.messages.length = 0;
      smtp.refused.length = 0;
      smtp.state.failNext = 0;
      if (t) await rows(`update notification_outbox set status = 'cancelled' where status = 'pending'`);
    });
    afterEach(() => {
      vi.unstubAllEnvs();
    });

    const newLead = async (email = `ann-${crypto.randomUUID().slice(0, 8)}@example.com`) =>
      (
        await rows<{ id: string }>(
          `insert into partner_applications (first_name, last_name, email, company, partnership_type, message) values ('Ann', 'Lee', $1, 'Lee Ltd', 'technology', 'We would like to work together.') returning id`,
          [email],
        )
      )[0]!.id;
    const draft = (id: string, over: Partial<ReplyDraft> = {}): ReplyDraft => ({
      kind: 'partner',
      id,
      authorId: writer.id,
      subject: 'Your partner application',
      body: 'Hello Ann,\nthanks for writing.',
      formToken: crypto.randomUUID(),
      ...over,
    });
    const loop = () => createDeliveryLoop({ handle: t!.handle, log: pino({ level: 'silent' }), random: () => 0 });
    const header = (m: (typeof smtp.messages)[number], name: string) => m.headers.filter(([n]) => n === name).map(([, v]) => decodeHeader(v));

    it('writes one message and one outbox row; a form posted twice writes one', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const id = await newLead('ann.lee@example.com');
      const first = draft(id);
      const written = await writeReply(t.db, first);
      expect(written).toMatchObject({ status: 'queued', to: 'ann.lee@example.com', duplicate: false, contacted: true });
      const again = await writeReply(t.db, first);
      expect(again).toMatchObject({ status: 'queued', duplicate: true, contacted: false });
      if (written.status !== 'queued' || again.status !== 'queued') throw new Error('not queued');
      expect(again.messageId).toBe(written.messageId);

      const messages = await rows(`select * from lead_messages where lead_type = 'partner' and lead_id = $1`, [id]);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({
        id: written.messageId,
        direction: 'out',
        from_address: 'partners@postcraft.example',
        from_name: 'Postcraft Partnerships',
        to_address: 'ann.lee@example.com',
        subject: 'Your partner application',
        body_text: 'Hello Ann,\nthanks for writing.',
        author_id: writer.id,
        in_reply_to: null,
        references: [],
        form_token: first.formToken,
      });
      expect(String(messages[0]!.message_id)).toMatch(/^[0-9a-f-]{36}@inbound\.postcraft\.example$/);
      const outbox = await rows(`select channel, status, message_id from notification_outbox where lead_type = 'partner' and lead_id = $1`, [id]);
      expect(outbox).toEqual([{ channel: 'reply', status: 'pending', message_id: written.messageId }]);

      // The same token used on another lead's page is refused, and writes nothing there.
      const other = await newLead();
      expect(await writeReply(t.db, { ...first, id: other })).toEqual({ status: 'token-used' });
      expect(await rows(`select id from lead_messages where lead_id = $1`, [other])).toEqual([]);
      // A lead erased meanwhile: nothing is written.
      await rows(`delete from partner_applications where id = $1`, [other]);
      expect(await writeReply(t.db, draft(other))).toEqual({ status: 'gone' });
      expect(await rows(`select id from notification_outbox where lead_id = $1`, [other])).toEqual([]);
    });

    it('the first reply moves a new lead to contacted once, by its writer; a lead already further along keeps its status', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const id = await newLead();
      await writeReply(t.db, draft(id));
      await writeReply(t.db, draft(id, { subject: 'Re: Your partner application' }));
      const history = await getHistory(t.db, 'partner', id);
      expect(history.map((h) => [h.fromStatus, h.toStatus, h.by])).toEqual([['new', 'contacted', writer.name]]);
      expect(await rows(`select status, updated_by from lead_triage where lead_id = $1`, [id])).toEqual([{ status: 'contacted', updated_by: writer.id }]);
      const index = await rows<{ replies: number; first_reply_by: string }>(`select replies, first_reply_by from lead_index where lead_id = $1`, [id]);
      expect(index).toEqual([{ replies: 2, first_reply_by: writer.id }]);

      const qualified = await newLead();
      await rows(`insert into lead_triage (lead_type, lead_id, status) values ('partner', $1, 'qualified')`, [qualified]);
      expect(await writeReply(t.db, draft(qualified))).toMatchObject({ status: 'queued', contacted: false });
      expect(await getHistory(t.db, 'partner', qualified)).toEqual([]);
    });

    it('a follow-up threads under the latest message of the thread, ours or theirs', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const id = await newLead();
      const idOf = async (messageRow: string) => (await rows<{ message_id: string }>(`select message_id from lead_messages where id = $1`, [messageRow]))[0]!.message_id;
      const first = await writeReply(t.db, draft(id));
      if (first.status !== 'queued') throw new Error('not queued');
      const firstId = await idOf(first.messageId);
      const second = await writeReply(t.db, draft(id, { subject: 'Re: Your partner application' }));
      if (second.status !== 'queued') throw new Error('not queued');
      const secondRow = (await rows(`select message_id, in_reply_to, "references" from lead_messages where id = $1`, [second.messageId]))[0]!;
      expect(secondRow).toMatchObject({ in_reply_to: firstId, references: [firstId] });
      // Their answer (as the intake stores it), then our third message follows it.
      await rows(
        `insert into lead_messages (lead_type, lead_id, direction, message_id, in_reply_to, "references", from_address, to_address, subject, body_text, dedupe_key, created_at)
         values ('partner', $1, 'in', 'answer-1@mail.example.com', $2, $3::text[], 'ann@example.com', 'replies@inbound.postcraft.example', 'Re: Your partner application', 'Sounds good', 'answer-1@mail.example.com', now() + interval '1 second')`,
        [id, secondRow.message_id, `{${firstId},${secondRow.message_id}}`],
      );
      const third = await writeReply(t.db, draft(id, { subject: 'Re: Your partner application' }));
      if (third.status !== 'queued') throw new Error('not queued');
      // (created_at of the answer is a second ahead: order the third after it, as it would be.)
      await rows(`update lead_messages set created_at = now() + interval '2 seconds' where id = $1`, [third.messageId]);
      const thirdRow = (await rows(`select in_reply_to, "references" from lead_messages where id = $1`, [third.messageId]))[0]!;
      expect(thirdRow).toEqual({ in_reply_to: 'answer-1@mail.example.com', references: [firstId, secondRow.message_id, 'answer-1@mail.example.com'] });

      // The thread, oldest first: who wrote each of ours, and how its delivery stands.
      const thread = await getThread(t.db, 'partner', id);
      expect(thread.map((m) => [m.direction, m.authorName, m.delivery?.status ?? null])).toEqual([
        ['out', writer.name, 'pending'],
        ['out', writer.name, 'pending'],
        ['in', null, null],
        ['out', writer.name, 'pending'],
      ]);
      expect(thread[2]).toMatchObject({ fromAddress: 'ann@example.com', bodyText: 'Sounds good', hasSource: false, readAt: null });
    });

    it('the loop sends a reply with its headers, and a retry after a failure carries the same Message-ID', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const id = await newLead('bea@example.com');
      const first = await writeReply(t.db, draft(id, { body: 'Hello Bea,\n\nthanks — we will call you.' }));
      const follow = await writeReply(t.db, draft(id, { subject: 'Re: Your partner application', body: 'One more thing.' }));
      if (first.status !== 'queued' || follow.status !== 'queued') throw new Error('not queued');
      const ids = await rows<{ id: string; message_id: string }>(`select id, message_id from lead_messages where lead_id = $1 order by created_at, id`, [id]);
      const [firstId, followId] = [ids.find((r) => r.id === first.messageId)!.message_id, ids.find((r) => r.id === follow.messageId)!.message_id];
      // Sent one at a time: the first fails once (its data was sent, then refused).
      await rows(`update notification_outbox set next_attempt_at = now() + interval '1 hour' where message_id = $1`, [follow.messageId]);
      smtp.state.failNext = 1;
      expect(await loop().runOnce()).toBe(1);
      const [failed] = await rows<{ status: string; attempts: number; last_error: string }>(`select status, attempts, last_error from notification_outbox where message_id = $1`, [first.messageId]);
      expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
      expect(failed!.last_error).toMatch(/451/);
      const threadAfterFailure = await getThread(t.db, 'partner', id);
      expect(threadAfterFailure[0]!.delivery).toMatchObject({ status: 'pending', attempts: 1 });
      expect(threadAfterFailure[0]!.delivery!.lastError).toMatch(/451/);
      await rows(`update notification_outbox set next_attempt_at = now() where lead_id = $1 and status = 'pending'`, [id]);
      expect(await loop().runOnce()).toBe(2);

      expect(smtp.refused).toHaveLength(1);
      expect(smtp.messages).toHaveLength(2);
      const sentFirst = smtp.messages.find((m) => header(m, 'message-id')[0] === `<${firstId}>`)!;
      const sentFollow = smtp.messages.find((m) => header(m, 'message-id')[0] === `<${followId}>`)!;
      expect(header(smtp.refused[0]!, 'message-id')).toEqual([`<${firstId}>`]);
      expect(sentFirst).toBeDefined();
      expect(sentFirst.rcptTo).toEqual(['bea@example.com']);
      expect(sentFirst.mailFrom).toBe('partners@postcraft.example');
      expect(header(sentFirst, 'from')).toEqual(['Postcraft Partnerships <partners@postcraft.example>']);
      expect(header(sentFirst, 'to')).toEqual(['bea@example.com']);
      expect(header(sentFirst, 'subject')).toEqual(['Your partner application']);
      expect(header(sentFirst, 'in-reply-to')).toEqual([]);
      expect(header(sentFirst, 'references')).toEqual([]);
      expect(header(sentFirst, 'content-type')[0]).toMatch(/^text\/plain/);
      expect(decodeBody(sentFirst)).toBe('Hello Bea,\n\nthanks — we will call you.\n');
      // Reply-To: the inbound address with the lead's signed token.
      const [replyTo] = header(sentFirst, 'reply-to');
      expect(replyTo).toMatch(/^replies\+partner-[a-z2-7]{26}-[a-z2-7]{12}@inbound\.postcraft\.example$/);
      const key = await replyTokenKey(queryable(t.handle));
      expect(readReplyToken(key, tokenOfAddress(replyTo!)!)).toEqual({ kind: 'partner', id });
      // The follow-up: In-Reply-To and References the first.
      expect(header(sentFollow, 'in-reply-to')).toEqual([`<${firstId}>`]);
      expect(header(sentFollow, 'references')).toEqual([`<${firstId}>`]);
      expect(header(sentFollow, 'subject')).toEqual(['Re: Your partner application']);
      expect((await getThread(t.db, 'partner', id)).map((m) => m.delivery?.status)).toEqual(['sent', 'sent']);

      // Staff send it again: a new delivery of the same message, with the same Message-ID.
      const [delivery] = await rows<{ id: string }>(`select id from notification_outbox where message_id = $1`, [first.messageId]);
      expect(await resendDelivery(t.db, delivery!.id)).toMatchObject({ ok: true, requeued: 'new-delivery' });
      expect(await rows(`select message_id, status from notification_outbox where message_id = $1 order by created_at`, [first.messageId])).toEqual([
        { message_id: first.messageId, status: 'sent' },
        { message_id: first.messageId, status: 'pending' },
      ]);
      expect(await loop().runOnce()).toBe(1);
      expect(smtp.messages.map((m) => header(m, 'message-id')[0])).toEqual(expect.arrayContaining([`<${firstId}>`, `<${followId}>`]));
      expect(smtp.messages.filter((m) => header(m, 'message-id')[0] === `<${firstId}>`)).toHaveLength(2);
    });

    it('a reply whose message or lead is gone is cancelled, not sent', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const id = await newLead();
      const written = await writeReply(t.db, draft(id));
      if (written.status !== 'queued') throw new Error('not queued');
      await rows(`delete from lead_messages where id = $1`, [written.messageId]);
      const other = await newLead();
      await writeReply(t.db, draft(other));
      await rows(`delete from partner_applications where id = $1`, [other]);
      expect(await loop().runOnce()).toBe(2);
      expect(smtp.messages).toHaveLength(0);
      const outcomes = await rows<{ lead_id: string; status: string; last_error: string }>(
        `select lead_id, status, last_error from notification_outbox where lead_id = any($1::uuid[]) order by last_error`,
        [[id, other]],
      );
      expect(outcomes).toEqual([
        { lead_id: other, status: 'cancelled', last_error: 'The lead no longer exists (erased)' },
        { lead_id: id, status: 'cancelled', last_error: 'The message no longer exists (erased)' },
      ]);
    });
  });
}
