import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser } from '@/lib/staff/create-user';
import { databaseKinds, query, type TestDb } from '../support/vitest-databases';

// The lead_messages trigger (migration 0023) keeps the thread's columns of lead_index: unread replies, since
// when a lead awaits our answer, our first reply and the count of replies.
for (const kind of databaseKinds) {
  describe(`a lead's thread in lead_index on ${kind.name}`, () => {
    let t: TestDb | undefined;
    let staffId = '';
    const run = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => query<T>(t!.handle, sql, params);
    beforeAll(async () => {
      t = await kind.open();
      if (!t) return;
      staffId = (await createStaffUser(t.handle, { email: 'writer@example.com', name: 'Wri Ter', role: 'member', password: 'correct horse battery' })).id;
    });
    afterAll(async () => {
      await t?.cleanup();
    });

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)('follows messages in and out, read, attached and deleted', async () => {
      const [lead] = await run<{ id: string }>(
        `insert into contact_messages (name, email, subject, message) values ('Ann Lee', 'ann@example.com', 'Hello', 'A question') returning id`,
      );
      const index = async () =>
        (
          await run<{ unread_replies: number; awaiting_since: Date | null; first_reply_at: Date | null; first_reply_by: string | null; replies: number }>(
            `select unread_replies, awaiting_since, first_reply_at, first_reply_by, replies from lead_index where lead_type = 'contact' and lead_id = $1`,
            [lead!.id],
          )
        )[0]!;
      expect(await index()).toMatchObject({ unread_replies: 0, awaiting_since: null, first_reply_at: null, replies: 0 });
      const message = (direction: 'in' | 'out', at: string, extra = '') =>
        run<{ id: string }>(
          `insert into lead_messages (lead_type, lead_id, direction, message_id, from_address, to_address, subject, body_text, author_id, dedupe_key, created_at${extra ? ', read_at' : ''})
           values ('contact', $1, $2, $3, 'a@example.com', 'b@example.com', 'Re: Hello', 'text', $4, $5, $6::timestamptz${extra ? `, ${extra}` : ''}) returning id`,
          [lead!.id, direction, `${direction}-${at}@example.com`, direction === 'out' ? staffId : null, direction === 'in' ? `${direction}-${at}` : null, at],
        );
      await message('out', '2026-01-01T10:00:00Z');
      expect(await index()).toMatchObject({ unread_replies: 0, awaiting_since: null, first_reply_by: staffId, replies: 1 });
      expect(new Date((await index()).first_reply_at!).toISOString()).toBe('2026-01-01T10:00:00.000Z');
      const [first] = await message('in', '2026-01-01T11:00:00Z');
      await message('in', '2026-01-01T12:00:00Z');
      const waiting = await index();
      expect(waiting.unread_replies).toBe(2);
      expect(new Date(waiting.awaiting_since!).toISOString()).toBe('2026-01-01T11:00:00.000Z');
      await run(`update lead_messages set read_at = now() where lead_id = $1 and direction = 'in'`, [lead!.id]);
      expect((await index()).unread_replies).toBe(0);
      await message('out', '2026-01-01T13:00:00Z');
      expect(await index()).toMatchObject({ awaiting_since: null, replies: 2 });
      expect(new Date((await index()).first_reply_at!).toISOString()).toBe('2026-01-01T10:00:00.000Z');
      // An unmatched message attached to the lead counts from then on; deleted, it no longer does.
      const [loose] = await run<{ id: string }>(
        `insert into lead_messages (direction, from_address, to_address, subject, body_text, dedupe_key, created_at)
         values ('in', 'a@example.com', 'b@example.com', 'Late', 'text', 'loose', '2026-01-01T14:00:00Z') returning id`,
      );
      expect((await index()).unread_replies).toBe(0);
      await run(`update lead_messages set lead_type = 'contact', lead_id = $1 where id = $2`, [lead!.id, loose!.id]);
      expect((await index()).unread_replies).toBe(1);
      expect(new Date((await index()).awaiting_since!).toISOString()).toBe('2026-01-01T14:00:00.000Z');
      await run(`delete from lead_messages where id = any($1::uuid[])`, [[loose!.id, first!.id]]);
      expect(await index()).toMatchObject({ unread_replies: 0, awaiting_since: null, replies: 2 });
    });
  });
}
