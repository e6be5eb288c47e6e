import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryable } from '@/lib/db/connection';
import { createDeliveryLoop } from '@/lib/notify/loop';
import { sweepOverdueLeads } from '@/lib/speed/reminders';
import { onErased } from '@/lib/staff/notify-hooks';
import { databaseKinds, query, type TestDb } from '../support/vitest-databases';
import { decodeHeader, startSmtp, textOf } from '../support/notify-receivers';

/**
 * Overdue reminders (lib/speed/reminders.ts) on both databases: the sweep writes one `reminder` row per lead
 * that turned overdue and person to tell (its owner; each admin when nobody owns it), however often it runs,
 * also several sweeps at once; none for a lead answered, closed, not yet due, or erased before it was sent;
 * and the delivery loop sends each once by SMTP to the member's address, logging no address.
 */
function captureLog() {
  const lines: string[] = [];
  const stream = new Writable({ write: (chunk, _e, cb) => (lines.push(...String(chunk).split('\n').filter(Boolean)), cb()) });
  return { log: pino({ level: 'debug' }, stream), lines };
}

for (const kind of databaseKinds) {
  describe(`overdue reminders on ${kind.name}`, () => {
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
    const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => query<T>(t!.handle, text, params);
    const member = async (name: string, role: 'admin' | 'member', more = '') => {
      const [{ id }] = await sql<{ id: string }>(
        `insert into staff_users (email, name, role, password_hash${more ? ', disabled_at' : ''}) values ($1, $2, $3, 'x'${more ? ', now()' : ''}) returning id`,
        [`${name.toLowerCase()}@team.example`, name, role],
      );
      return id;
    };
    /** A contact message, with its status, owner and due time (the clock's columns written directly, as the brief says). */
    const lead = async (name: string, { status = 'new', owner = null as string | null, dueMinutes = -5, answered = false } = {}) => {
      const [{ id }] = await sql<{ id: string }>(`insert into contact_messages (name, email, subject, message) values ($1, $2, 'A question', 'Hello') returning id`, [
        name,
        `${name.toLowerCase().replace(/\s+/g, '.')}@visitor.example`,
      ]);
      if (status !== 'new' || owner) await sql(`insert into lead_triage (lead_type, lead_id, status, owner_id) values ('contact', $1, $2, $3)`, [id, status, owner]);
      await sql(`update lead_index set due_at = now() + ($2::int * interval '1 minute'), answered_at = $3 where lead_type = 'contact' and lead_id = $1`, [
        id,
        dueMinutes,
        answered ? new Date() : null,
      ]);
      return id;
    };
    const reminders = () => sql<{ key: string; staff_user_id: string; lead_id: string; status: string }>(`select key, staff_user_id, lead_id, status from staff_emails where topic = 'reminder' order by key`);

    it('one reminder per overdue lead and recipient, whatever the sweeps; none for answered, closed, not yet due or erased leads; each sent once', { timeout: 60_000 }, async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const [adaAdmin, bobAdmin, maxMember] = [await member('Ada', 'admin'), await member('Bob', 'admin'), await member('Max', 'member')];
      await member('Dora', 'admin', 'disabled');
      const owned = await lead('Owned Overdue', { owner: maxMember });
      const unowned = await lead('Nobody Overdue');
      await lead('Answered Already', { owner: maxMember, answered: true });
      await lead('Closed Won', { owner: maxMember, status: 'won' });
      await lead('Not Yet Due', { owner: maxMember, dueMinutes: 30 });
      await lead('Long Ago', { owner: maxMember, dueMinutes: -3 * 24 * 60 }); // before the first sweep's look-back
      const erased = await lead('Erased Soon', { owner: maxMember });

      // Many sweeps, three of them at once (three processes' worth on PostgreSQL's pool).
      const client = queryable(t.handle);
      const written = [await sweepOverdueLeads(client), ...(await Promise.all([1, 2, 3].map(() => sweepOverdueLeads(client)))), await sweepOverdueLeads(client)];
      expect(written.reduce((a, b) => a + b, 0)).toBe(4);
      const rows = await reminders();
      expect(rows.map((r) => [r.lead_id, r.staff_user_id]).sort()).toEqual(
        [
          [owned, maxMember],
          [unowned, adaAdmin],
          [unowned, bobAdmin],
          [erased, maxMember],
        ].sort(),
      );
      expect(rows.every((r) => r.key === `reminder:contact:${r.lead_id}:${r.staff_user_id}`)).toBe(true);

      // The lead is erased (its data request's erasure cancels in its transaction, then deletes it).
      await t.db.transaction(async (tx) => {
        await onErased([{ kind: 'contact', id: erased }], tx);
        await tx.execute(`delete from contact_messages where id = '${erased}'`);
      });

      const { log, lines } = captureLog();
      const env = { SMTP_URL: smtp.url, NOTIFY_EMAIL_FROM: 'Postcraft <notifications@postcraft.example>', SITE_URL: 'https://www.postcraft.example' };
      const loop = createDeliveryLoop({ client, env, log, random: () => 0.5 });
      for (let i = 0; i < 3; i++) await loop.runOnce();
      await sweepOverdueLeads(client);
      await loop.runOnce();
      await loop.stop();

      expect(smtp.messages.map((m) => m.rcptTo[0]).sort()).toEqual(['ada@team.example', 'bob@team.example', 'max@team.example']);
      const toMax = smtp.messages.find((m) => m.rcptTo[0] === 'max@team.example')!;
      expect(decodeHeader(toMax.headers.find(([k]) => k === 'subject')![1])).toBe('[Postcraft] Overdue: a contact message waits for its first answer');
      const text = textOf(toMax);
      expect(text).toContain('A lead you own has passed its first-response target without an answer.');
      expect(text).toContain('Contact message: Owned Overdue');
      expect(text).toContain(`https://www.postcraft.example/staff/leads/contact/${owned}`);
      expect(textOf(smtp.messages.find((m) => m.rcptTo[0] === 'ada@team.example')!)).toContain('Contact message: Nobody Overdue');

      const after = await reminders();
      expect(after.filter((r) => r.status === 'sent')).toHaveLength(3);
      expect(after.find((r) => r.lead_id === erased)?.status).toBe('cancelled');
      // The logs say which row and topic, never an address or a name.
      expect(lines.some((l) => l.includes('staff email sent'))).toBe(true);
      expect(lines.filter((l) => /@|Overdue|Nobody|Owned/.test(l))).toEqual([]);
    });
  });
}
