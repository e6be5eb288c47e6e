import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db/client';
import { getOriginal } from '@/lib/conversations/original';
import { listPersonLeads, personLeadsShown } from '@/lib/conversations/person';
import { getTimeline, markRepliesRead, openTimeline, timelineShown, type InMessage, type OutMessage, type TimelineEvent } from '@/lib/conversations/timeline';
import { createStaffUser } from '@/lib/staff/create-user';
import { getLead } from '@/lib/staff/leads';
import { addNote, changeStatus, setOwner } from '@/lib/staff/triage';
import { databaseKinds, query, type TestDb } from '../support/vitest-databases';

// The lead page's timeline (lib/conversations/timeline.ts): every kind of event in time order, from a fixed
// number of queries however long the thread; the owner history setOwner writes; replies read only by the
// lead's owner (anyone while it has none); and the person's other leads.
const hour = 3_600_000;

for (const kind of databaseKinds) {
  describe(`the lead timeline on ${kind.name}`, () => {
    let t: TestDb | undefined;
    let owner = { id: '', name: 'Olive Owner' };
    let other = { id: '', name: 'Otto Other' };
    const run = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => query<T>(t!.handle, sql, params);
    const one = async (sql: string, params: unknown[] = []) => (await run<{ id: string }>(sql, params))[0].id;
    beforeAll(async () => {
      t = await kind.open();
      if (!t) return;
      owner = { ...owner, id: (await createStaffUser(t.handle, { email: 'olive@example.com', name: owner.name, role: 'member', password: 'correct horse battery' })).id };
      other = { ...other, id: (await createStaffUser(t.handle, { email: 'otto@example.com', name: other.name, role: 'admin', password: 'correct horse battery' })).id };
    });
    afterAll(async () => {
      await t?.cleanup();
    });
    const on = kind.name === 'PGlite' || Boolean(process.env.DATABASE_URL);

    const partner = (email: string, at: Date) =>
      one(
        `insert into partner_applications (first_name, last_name, email, company, partnership_type, message, created_at)
         values ('Ann', 'Lee', $1, 'Lee Ltd', 'technology', 'We would like to resell your plans.', $2) returning id`,
        [email, at.toISOString()],
      );
    const outgoing = (leadId: string, at: Date, body: string, author: string) =>
      one(
        `insert into lead_messages (lead_type, lead_id, direction, message_id, from_address, to_address, subject, body_text, author_id, created_at)
         values ('partner', $1, 'out', $2, 'team@postcraft.example', 'ann@lee.example', 'Your partner application', $3, $4, $5) returning id`,
        [leadId, `${crypto.randomUUID()}@postcraft.example`, body, author, at.toISOString()],
      );
    const incoming = (leadId: string | null, at: Date, fields: { body: string; shown?: string | null; notices?: string[]; attachments?: unknown[]; raw?: string | null; from?: string }) =>
      one(
        `insert into lead_messages (lead_type, lead_id, direction, message_id, from_address, from_name, to_address, subject, body_text, shown_text, raw, notices, attachments, channel, dedupe_key, created_at)
         values ($1, $2, 'in', $3, $4, 'Ann Lee', 'reply+token@postcraft.example', 'Re: Your partner application', $5, $6, $7, $8, $9::jsonb, 'imap', $3, $10) returning id`,
        [
          leadId ? 'partner' : null,
          leadId,
          `${crypto.randomUUID()}@lee.example`,
          fields.from ?? 'ann@lee.example',
          fields.body,
          fields.shown ?? null,
          fields.raw === undefined ? `From: Ann Lee <ann@lee.example>\r\nSubject: Re\r\n\r\n${fields.body}` : fields.raw,
          fields.notices ?? [],
          JSON.stringify(fields.attachments ?? []),
          at.toISOString(),
        ],
      );
    const unread = async (leadId: string) =>
      (await run<{ unread_replies: number }>(`select unread_replies from lead_index where lead_type = 'partner' and lead_id = $1`, [leadId]))[0].unread_replies;
    const leadOf = async (id: string) => (await getLead(t!.db, 'partner', id))!;
    const messages = (events: TimelineEvent[]) => events.flatMap((e) => (e.type === 'message' ? [e.message] : []));

    it.runIf(on)('shows every kind of event in time order, with the delivery state of each reply', async () => {
      const start = new Date(Date.now() - 48 * hour);
      const id = await partner('ann@lee.example', start);
      // Held for review when it arrived, released an hour later; the notifications of the lead.
      await run(`insert into lead_screening (lead_type, lead_id, verdict, reasons, created_at, released_at, released_by) values ('partner', $1, 'held', '{no-javascript}', $2, $3, $4)`, [
        id,
        start.toISOString(),
        new Date(start.getTime() + hour).toISOString(),
        other.id,
      ]);
      await run(`insert into notification_outbox (lead_type, lead_id, channel, status, attempts, sent_at, created_at) values ('partner', $1, 'email', 'sent', 1, $2, $2)`, [
        id,
        new Date(start.getTime() + hour + 60_000).toISOString(),
      ]);
      await run(`insert into notification_outbox (lead_type, lead_id, channel, status, attempts, last_error, created_at) values ('partner', $1, 'ack', 'failed', 5, '550 mailbox unavailable', $2)`, [
        id,
        new Date(start.getTime() + hour + 61_000).toISOString(),
      ]);
      // Our reply: failed once, then re-sent (a new row), now waiting; a second reply sent.
      const reply = await outgoing(id, new Date(start.getTime() + 2 * hour), 'Hello Ann, thanks for applying.', owner.id);
      await run(`insert into notification_outbox (lead_type, lead_id, channel, status, attempts, last_error, message_id, created_at) values ('partner', $1, 'reply', 'failed', 5, 'Connection refused', $2, $3)`, [
        id,
        reply,
        new Date(start.getTime() + 2 * hour).toISOString(),
      ]);
      await run(`insert into notification_outbox (lead_type, lead_id, channel, status, attempts, message_id, created_at) values ('partner', $1, 'reply', 'pending', 0, $2, $3)`, [
        id,
        reply,
        new Date(start.getTime() + 3 * hour).toISOString(),
      ]);
      const trimmed = await incoming(id, new Date(start.getTime() + 4 * hour), {
        body: 'Thanks, Tuesday works.\n\nOn Monday you wrote:\n> Hello Ann, thanks for applying.',
        shown: 'Thanks, Tuesday works.',
        attachments: [{ filename: 'deck.pdf', contentType: 'application/pdf', size: 20480 }],
      });
      const html = await incoming(id, new Date(start.getTime() + 5 * hour), { body: 'Our plan, in bold.', notices: ['The message was HTML only: it is shown as text.'], raw: null });
      const second = await outgoing(id, new Date(start.getTime() + 6 * hour), 'See you Tuesday.', other.id);
      await run(`insert into notification_outbox (lead_type, lead_id, channel, status, attempts, sent_at, message_id, created_at) values ('partner', $1, 'reply', 'sent', 1, $2, $3, $2)`, [
        id,
        new Date(start.getTime() + 6 * hour).toISOString(),
        second,
      ]);
      // Then, now: a status change, two owner changes, a note.
      await changeStatus(t!.db, other.id, [{ kind: 'partner', id }], 'contacted');
      await setOwner(t!.db, other.id, { kind: 'partner', id }, owner.id);
      await setOwner(t!.db, other.id, { kind: 'partner', id }, other.id);
      await addNote(t!.db, owner.id, { kind: 'partner', id }, 'Call on Tuesday.');

      const { events, earlier } = await getTimeline(t!.db, await leadOf(id), { admin: true });
      expect(earlier).toBe(0);
      expect(events.map((e) => (e.type === 'message' ? `${e.type}:${e.message.direction}` : e.type))).toEqual([
        'received',
        'screening',
        'released',
        'delivery',
        'delivery',
        'message:out',
        'message:in',
        'message:in',
        'message:out',
        'status',
        'owner',
        'owner',
        'note',
      ]);
      for (let i = 1; i < events.length; i++) expect(events[i].at.getTime()).toBeGreaterThanOrEqual(events[i - 1].at.getTime());
      expect(events[0]).toMatchObject({ type: 'received', label: 'Partner application', texts: [{ label: expect.any(String), text: 'We would like to resell your plans.' }] });
      expect(events[1]).toMatchObject({ type: 'screening', verdict: 'held', reasons: ['no-javascript'] });
      expect(events[2]).toMatchObject({ type: 'released', by: other.name });
      expect(events.filter((e) => e.type === 'delivery')).toEqual([
        expect.objectContaining({ channel: 'email', status: 'sent' }),
        expect.objectContaining({ channel: 'ack', status: 'failed', lastError: '550 mailbox unavailable' }),
      ]);
      const [first, trimmedIn, htmlIn, last] = messages(events) as [OutMessage, InMessage, InMessage, OutMessage];
      // A re-sent reply stands as its latest outbox row says.
      expect(first).toMatchObject({ id: reply, author: owner.name, text: 'Hello Ann, thanks for applying.', delivery: { status: 'pending', attempts: 0 } });
      expect(last).toMatchObject({ id: second, author: other.name, delivery: { status: 'sent' } });
      expect(trimmedIn).toMatchObject({
        id: trimmed,
        fromName: 'Ann Lee',
        from: 'ann@lee.example',
        shown: 'Thanks, Tuesday works.',
        trimmed: true,
        hasOriginal: true,
        attachments: [{ filename: 'deck.pdf', contentType: 'application/pdf', size: 20480 }],
      });
      expect(trimmedIn.whole).toContain('> Hello Ann');
      expect(htmlIn).toMatchObject({ id: html, shown: 'Our plan, in bold.', trimmed: false, hasOriginal: false, notices: ['The message was HTML only: it is shown as text.'] });
      // The source is not read for the timeline, only on request.
      expect(trimmedIn).not.toHaveProperty('raw');
      expect((await getOriginal(t!.db, trimmed))?.raw).toContain('From: Ann Lee <ann@lee.example>');
      expect(await getOriginal(t!.db, html)).toBeNull();
      expect(await getOriginal(t!.db, reply)).toBeNull();
      expect(events.filter((e) => e.type === 'status')).toEqual([expect.objectContaining({ from: 'new', to: 'contacted', by: other.name })]);
      expect(events.filter((e) => e.type === 'owner')).toEqual([
        expect.objectContaining({ from: null, to: owner.name, by: other.name }),
        expect.objectContaining({ from: owner.name, to: other.name, by: other.name }),
      ]);
      expect(events.at(-1)).toMatchObject({ type: 'note', body: 'Call on Tuesday.', by: owner.name });
    });

    it.runIf(on)('setOwner records each change of owner with from, to and by, and nothing when the owner stays', async () => {
      const id = await partner(`owner-${crypto.randomUUID()}@lee.example`, new Date());
      const ref = { kind: 'partner' as const, id };
      const history = () => run(`select from_owner, to_owner, changed_by from lead_owner_history where lead_id = $1 order by created_at, id`, [id]);
      expect(await setOwner(t!.db, other.id, ref, owner.id)).toBe(true);
      expect(await setOwner(t!.db, other.id, ref, owner.id)).toBe(true);
      expect(await setOwner(t!.db, owner.id, ref, null)).toBe(true);
      expect(await setOwner(t!.db, owner.id, ref, null)).toBe(true);
      expect(await history()).toEqual([
        { from_owner: null, to_owner: owner.id, changed_by: other.id },
        { from_owner: owner.id, to_owner: null, changed_by: owner.id },
      ]);
      // A staff member that does not exist is refused, and nothing is recorded.
      expect(await setOwner(t!.db, other.id, ref, crypto.randomUUID())).toBe(false);
      expect(await history()).toHaveLength(2);
      expect((await leadOf(id)).ownerId).toBeNull();
      // Two changes at once are both recorded, one after the other.
      await Promise.all([setOwner(t!.db, other.id, ref, owner.id), setOwner(t!.db, owner.id, ref, other.id)]);
      const rows = await history();
      expect(rows).toHaveLength(4);
      expect(rows[3].from_owner).toBe(rows[2].to_owner);
      const { events: timeline } = await getTimeline(t!.db, await leadOf(id), { admin: false });
      expect(timeline.filter((e) => e.type === 'owner')).toHaveLength(4);
    });

    it.runIf(on)("marks replies read only for the lead's owner (anyone while it has none), and shows them new once", async () => {
      const id = await partner(`read-${crypto.randomUUID()}@lee.example`, new Date(Date.now() - 3 * hour));
      const ref = { kind: 'partner' as const, id };
      const a = await incoming(id, new Date(Date.now() - 2 * hour), { body: 'First answer.', from: (await leadOf(id)).fields.email as string });
      const b = await incoming(id, new Date(Date.now() - hour), { body: 'Second answer.', from: (await leadOf(id)).fields.email as string });
      await setOwner(t!.db, other.id, ref, owner.id);
      expect(await unread(id)).toBe(2);

      // Someone else opens it: nothing is marked, and the replies say whose they are to read.
      const { events: seen } = await openTimeline(t!.db, await leadOf(id), { id: other.id, role: 'admin' });
      expect(messages(seen).map((m) => [(m as InMessage).unread, (m as InMessage).fresh])).toEqual([
        [true, false],
        [true, false],
      ]);
      expect(await markRepliesRead(t!.db, ref, other.id)).toEqual([]);
      expect(await unread(id)).toBe(2);

      // The owner opens it: both are new in that view, and read from then on.
      const { events: first } = await openTimeline(t!.db, await leadOf(id), { id: owner.id, role: 'member' });
      expect(messages(first).map((m) => (m as InMessage).fresh)).toEqual([true, true]);
      expect(messages(first).map((m) => m.id)).toEqual([a, b]);
      expect(await unread(id)).toBe(0);
      const { events: again } = await openTimeline(t!.db, await leadOf(id), { id: owner.id, role: 'member' });
      expect(messages(again).map((m) => [(m as InMessage).unread, (m as InMessage).fresh])).toEqual([
        [false, false],
        [false, false],
      ]);

      // Without an owner, whoever opens it reads it.
      await setOwner(t!.db, other.id, ref, null);
      const c = await incoming(id, new Date(), { body: 'Third answer.' });
      expect(await unread(id)).toBe(1);
      expect(await markRepliesRead(t!.db, ref, other.id)).toEqual([c]);
      expect(await unread(id)).toBe(0);
    });

    it.runIf(on)('reads a thread of 200 messages with the same few queries as a thread of two; shows the newest 50 until asked for all', async () => {
      const count = async (id: string, all: boolean) => {
        let statements = 0;
        const counted = new Proxy(t!.db, {
          get(target, prop, receiver) {
            const value = Reflect.get(target, prop, receiver);
            if (prop !== 'execute') return value;
            return (...args: unknown[]) => {
              statements++;
              return (value as (...a: unknown[]) => unknown).apply(target, args);
            };
          },
        }) as Db;
        const timeline = await openTimeline(counted, await leadOf(id), { id: owner.id, role: 'admin' }, { all });
        return { statements, ...timeline, messages: messages(timeline.events) };
      };
      const small = await partner(`small-${crypto.randomUUID()}@lee.example`, new Date(Date.now() - 300 * hour));
      const large = await partner(`large-${crypto.randomUUID()}@lee.example`, new Date(Date.now() - 300 * hour));
      for (const id of [small, large]) {
        const n = id === small ? 1 : 100;
        await run(
          `insert into lead_messages (lead_type, lead_id, direction, message_id, from_address, to_address, subject, body_text, author_id, created_at)
           select 'partner', $1, 'out', gen_random_uuid()::text || '@postcraft.example', 'team@postcraft.example', 'x@lee.example', 'Re', 'Reply ' || i, $2, now() - (300 - 2 * i) * interval '1 hour'
             from generate_series(1, $3::int) i`,
          [id, owner.id, n],
        );
        await run(
          `insert into notification_outbox (lead_type, lead_id, channel, status, attempts, message_id, created_at)
           select 'partner', $1, 'reply', 'sent', 1, m.id, m.created_at from lead_messages m where m.lead_id = $1`,
          [id],
        );
        await run(
          `insert into lead_messages (lead_type, lead_id, direction, message_id, from_address, to_address, subject, body_text, raw, dedupe_key, created_at)
           select 'partner', $1, 'in', null, 'x@lee.example', 'team@postcraft.example', 'Re', 'Answer ' || i, repeat('x', 100000), gen_random_uuid()::text, now() - (299 - 2 * i) * interval '1 hour'
             from generate_series(1, $2::int) i`,
          [id, n],
        );
      }
      await addNote(t!.db, owner.id, { kind: 'partner', id: large }, 'The latest word.');
      const two = await count(small, false);
      expect(two.messages).toHaveLength(2);
      expect(two.earlier).toBe(0);
      // The page at first: the form post, then the newest 50, and how many came between.
      const part = await count(large, false);
      expect(part.events[0].type).toBe('received');
      expect(part.events).toHaveLength(1 + timelineShown);
      expect(part.earlier).toBe(201 - timelineShown);
      expect(part.events.at(-1)).toMatchObject({ type: 'note', body: 'The latest word.' });
      expect(part.messages.at(-1)).toMatchObject({ direction: 'in', shown: 'Answer 100' });
      expect(part.messages[0]).toMatchObject({ direction: 'in', shown: `Answer ${100 - (timelineShown - 2) / 2}` });
      // Asked for all: every one of them, oldest first.
      const all = await count(large, true);
      expect(all.messages).toHaveLength(200);
      expect(all.earlier).toBe(0);
      expect(all.messages[0]).toMatchObject({ direction: 'out', text: 'Reply 1', delivery: { status: 'sent' } });
      // A fixed number of statements, whatever the length (one more counts what the first view leaves out).
      expect(all.statements).toBe(two.statements);
      expect(part.statements).toBe(two.statements + 1);
      expect(all.statements).toBeLessThanOrEqual(8);
    });

    it.runIf(on)("names the person's other leads: the same address in any letter case, newest first, capped", async () => {
      const email = `Person-${crypto.randomUUID()}@Lee.example`;
      const id = await partner(email, new Date('2026-03-10T10:00:00Z'));
      const newsletter = await one(`insert into newsletter_subscriptions (email, source, created_at) values ($1, 'blog', '2026-03-03T09:00:00Z') returning id`, [email.toLowerCase()]);
      const contact = await one(`insert into contact_messages (name, email, subject, message, created_at) values ('Ann', $1, 's', 'm', '2026-03-12T09:00:00Z') returning id`, [email.toUpperCase()]);
      await one(`insert into contact_messages (name, email, subject, message) values ('Someone', $1, 's', 'm') returning id`, [`someone-${crypto.randomUUID()}@lee.example`]);
      const person = await listPersonLeads(t!.db, email, { kind: 'partner', id });
      expect(person).toMatchObject({ total: 2, more: false });
      expect(person.leads).toEqual([
        expect.objectContaining({ kind: 'contact', slug: 'contact', id: contact, status: 'new' }),
        expect.objectContaining({ kind: 'newsletter', slug: 'newsletter', label: 'Newsletter sign-up', id: newsletter, createdAt: new Date('2026-03-03T09:00:00Z') }),
      ]);
      expect(await listPersonLeads(t!.db, '', { kind: 'partner', id })).toEqual({ leads: [], total: 0, more: false });
      // A person with many leads: a few shown, the rest counted.
      await run(`insert into contact_messages (name, email, subject, message) select 'Ann', $1, 's', 'm' from generate_series(1, 15)`, [email]);
      const many = await listPersonLeads(t!.db, email, { kind: 'partner', id });
      expect(many.leads).toHaveLength(personLeadsShown);
      expect(many).toMatchObject({ total: 17, more: false });
    });
  });
}
