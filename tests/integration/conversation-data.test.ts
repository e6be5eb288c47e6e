import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryable } from '@/lib/db/connection';
import { retention } from '@/lib/config/retention';
import { purgeExpired } from '@/lib/retention/purge';
import { createStaffUser } from '@/lib/staff/create-user';
import { eraseForRequest, personData } from '@/lib/staff/data-requests';
import { setOwner } from '@/lib/staff/triage';
import { databaseKinds, query, type TestDb } from '../support/vitest-databases';

// The emails of a lead's thread are the person's data: the export holds them (and the emails from their
// address that matched no lead), the erasure deletes them with the lead (and the outbox rows of our replies),
// the purge deletes them with an expired lead, and deletes unmatched emails after their own period.
const day = 86_400_000;

for (const kind of databaseKinds) {
  describe(`a person's emails: export, erasure and retention on ${kind.name}`, () => {
    let t: TestDb | undefined;
    let staffId = '';
    const run = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => query<T>(t!.handle, sql, params);
    const one = async (sql: string, params: unknown[] = []) => (await run<{ id: string }>(sql, params))[0].id;
    beforeAll(async () => {
      t = await kind.open();
      if (!t) return;
      staffId = (await createStaffUser(t.handle, { email: 'data@example.com', name: 'Dee Ata', role: 'admin', password: 'correct horse battery' })).id;
    });
    afterAll(async () => {
      await t?.cleanup();
    });
    const on = kind.name === 'PGlite' || Boolean(process.env.DATABASE_URL);

    const contact = (email: string, at = new Date()) =>
      one(`insert into contact_messages (name, email, subject, message, created_at) values ('Ann Lee', $1, 'Hello', 'A question', $2) returning id`, [email, at.toISOString()]);
    /** Our reply to a lead and its outbox row (pending: not sent yet), then their answer (with its source). */
    async function thread(leadType: string, leadId: string, email: string, at = new Date()) {
      const out = await one(
        `insert into lead_messages (lead_type, lead_id, direction, message_id, from_address, to_address, subject, body_text, author_id, created_at)
         values ($1, $2, 'out', $3, 'team@postcraft.example', $4, 'Re: Hello', 'Our answer to you', $5, $6) returning id`,
        [leadType, leadId, `${crypto.randomUUID()}@postcraft.example`, email, staffId, at.toISOString()],
      );
      await run(`insert into notification_outbox (lead_type, lead_id, channel, status, message_id) values ($1, $2, 'reply', 'pending', $3)`, [leadType, leadId, out]);
      const answer = await incoming(leadType, leadId, email, 'Your answer to us', new Date(at.getTime() + 60_000));
      await setOwner(t!.db, staffId, { kind: leadType as 'contact', id: leadId }, staffId);
      return { out, answer };
    }
    const incoming = (leadType: string | null, leadId: string | null, from: string, body: string, at = new Date()) =>
      one(
        `insert into lead_messages (lead_type, lead_id, direction, message_id, from_address, to_address, subject, body_text, raw, dedupe_key, channel, created_at)
         values ($1, $2, 'in', null, $3, 'reply@postcraft.example', 'Re: Hello', $4, $5, $6, 'webhook', $7) returning id`,
        [leadType, leadId, from.toLowerCase(), body, `From: ${from}\r\n\r\n${body}`, crypto.randomUUID(), at.toISOString()],
      );
    const exists = async (id: string) => (await run('select 1 from lead_messages where id = $1', [id])).length === 1;

    it.runIf(on)("the export holds the person's emails in and out, with their sources, and the unmatched emails from their address", async () => {
      const email = `Export-${crypto.randomUUID()}@X.example`;
      const lead = await contact(email);
      const { out, answer } = await thread('contact', lead, email);
      const loose = await incoming(null, null, email, 'An email that matched nothing');
      const someoneElse = await contact(`else-${crypto.randomUUID()}@x.example`);
      await thread('contact', someoneElse, 'else@x.example');
      await incoming(null, null, 'stranger@x.example', 'Not theirs');

      const data = await personData(t!.db, email);
      expect(data.messages).toEqual([
        expect.objectContaining({ table: 'contact_messages', id: lead, direction: 'out', body_text: 'Our answer to you', to_address: email }),
        expect.objectContaining({ table: 'contact_messages', id: lead, direction: 'in', body_text: 'Your answer to us', source: expect.stringContaining('Your answer to us') }),
      ]);
      expect(data.unmatched_messages).toEqual([expect.objectContaining({ direction: 'in', body_text: 'An email that matched nothing', from_address: email.toLowerCase() })]);
      // Staff's bookkeeping is not theirs: who wrote the reply, the dedupe key.
      expect(JSON.stringify(data.messages)).not.toContain(staffId);
      expect(Object.keys(data.messages[0] as object)).not.toContain('dedupe_key');
      for (const id of [out, answer, loose]) expect(await exists(id)).toBe(true);
    });

    it.runIf(on)('the erasure deletes the thread with the lead, the outbox rows of our replies, the owner history and the unmatched emails from the address', async () => {
      const email = `erase-${crypto.randomUUID()}@x.example`;
      const lead = await contact(email.toUpperCase());
      const { out, answer } = await thread('contact', lead, email);
      const loose = await incoming(null, null, email, 'Unmatched from them');
      const strangers = await incoming(null, null, `stranger-${crypto.randomUUID()}@x.example`, 'Unmatched from someone else');
      const kept = await contact(`kept-${crypto.randomUUID()}@x.example`);
      const keptThread = await thread('contact', kept, 'kept@x.example');
      const request = await one(`insert into data_requests (email, type) values ($1, 'erase') returning id`, [email]);
      expect(await run(`select 1 from lead_owner_history where lead_id = $1`, [lead])).toHaveLength(1);

      const result = await eraseForRequest(t!.db, request, staffId);
      expect(result?.counts).toMatchObject({ contact_messages: 1, data_requests: 1, lead_messages: 2, unmatched_messages: 1 });
      for (const id of [out, answer, loose]) expect(await exists(id)).toBe(false);
      expect(await run(`select 1 from notification_outbox where message_id = $1`, [out])).toHaveLength(0);
      expect(await run(`select 1 from lead_owner_history where lead_id = $1`, [lead])).toHaveLength(0);
      // Another person's thread and a stranger's email stay.
      for (const id of [strangers, keptThread.out, keptThread.answer]) expect(await exists(id)).toBe(true);
      expect(await run(`select 1 from notification_outbox where message_id = $1`, [keptThread.out])).toHaveLength(1);
      expect(await run(`select 1 from lead_owner_history where lead_id = $1`, [kept])).toHaveLength(1);
      // The audit entry holds counts only.
      const audit = await run<{ row: string }>(`select row_to_json(a)::text as row from data_request_audit a where request_id = $1`, [request]);
      expect(audit[0].row).not.toContain(email);
      expect(audit[0].row).not.toContain('Your answer');
    });

    it.runIf(on)("the purge deletes an expired lead's thread and owner history with it, and unmatched emails after their own period", async () => {
      const now = new Date();
      const later = new Date(now);
      later.setUTCMonth(later.getUTCMonth() + retention.leadMonths + 1);
      const expired = await contact(`expired-${crypto.randomUUID()}@x.example`, now);
      const expiredThread = await thread('contact', expired, 'expired@x.example', now);
      const fresh = await contact(`fresh-${crypto.randomUUID()}@x.example`, new Date(later.getTime() - 5 * day));
      const freshThread = await thread('contact', fresh, 'fresh@x.example', new Date(later.getTime() - 4 * day));
      const oldLoose = await incoming(null, null, 'old@x.example', 'Old unmatched', new Date(later.getTime() - (retention.unmatchedMessageDays + 1) * day));
      const newLoose = await incoming(null, null, 'new@x.example', 'New unmatched', new Date(later.getTime() - (retention.unmatchedMessageDays - 1) * day));

      const counts = await purgeExpired(queryable(t!.handle), later);
      expect(await run('select 1 from contact_messages where id = $1', [expired])).toHaveLength(0);
      for (const id of [expiredThread.out, expiredThread.answer, oldLoose]) expect(await exists(id)).toBe(false);
      expect(await run(`select 1 from lead_owner_history where lead_id = $1`, [expired])).toHaveLength(0);
      for (const id of [freshThread.out, freshThread.answer, newLoose]) expect(await exists(id)).toBe(true);
      expect(await run(`select 1 from lead_owner_history where lead_id = $1`, [fresh])).toHaveLength(1);
      expect(counts.unmatched_messages).toBeGreaterThanOrEqual(1);
      // The thread of a kept lead counts in the inbox as before.
      expect((await run<{ replies: number }>(`select replies from lead_index where lead_type = 'contact' and lead_id = $1`, [fresh]))[0].replies).toBe(1);
    });
  });
}
