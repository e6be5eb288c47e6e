import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffActions } from '@/lib/staff/actions';
import type { StaffContext } from '@/lib/staff/context';
import { createStaffUser } from '@/lib/staff/create-user';
import { eraseForRequest } from '@/lib/staff/data-requests';
import { parseFilter } from '@/lib/staff/filters';
import { listLeads } from '@/lib/staff/inbox';
import { unmatchedCount, viewCounts } from '@/lib/staff/inbox-views';
import { listPeople } from '@/lib/staff/people';
import { changeStatus, setOwner } from '@/lib/staff/triage';
import { findLead, listUnmatched, parseCursor } from '@/lib/staff/unmatched';
import type { StaffUser } from '@/lib/staff/sessions';
import { databaseKinds, query, type TestDb } from '../support/vitest-databases';

// The inbox's conversation views ("Unread replies", "Awaiting our answer"), its People view (lead_people, kept by
// the triggers of migration 0024) and the admins' "Unmatched email" with its two actions, on both databases.
for (const kind of databaseKinds) {
  describe(`the inbox's conversation views, people and unmatched email on ${kind.name}`, () => {
    let t: TestDb | undefined;
    let admin: StaffUser;
    let member: StaffUser;
    const run = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => query<T>(t!.handle, sql, params);
    const enabled = kind.name === 'PGlite' || Boolean(process.env.DATABASE_URL);
    beforeAll(async () => {
      t = await kind.open();
      if (!t) return;
      admin = { id: (await createStaffUser(t.handle, { email: 'ada@example.com', name: 'Ada Admin', role: 'admin', password: 'correct horse battery' })).id, email: 'ada@example.com', name: 'Ada Admin', role: 'admin' };
      member = { id: (await createStaffUser(t.handle, { email: 'max@example.com', name: 'Max Member', role: 'member', password: 'member horse battery' })).id, email: 'max@example.com', name: 'Max Member', role: 'member' };
    });
    afterAll(async () => {
      await t?.cleanup();
    });

    const contact = async (name: string, email: string, at: string) =>
      (await run<{ id: string }>(`insert into contact_messages (name, email, subject, message, created_at) values ($1, $2, 'Hello', 'A question', $3) returning id`, [name, email, at]))[0].id;
    const partner = async (first: string, email: string, at: string) =>
      (
        await run<{ id: string }>(
          `insert into partner_applications (first_name, last_name, email, company, partnership_type, message, created_at) values ($1, 'Partner', $2, 'Acme', 'technology', 'Hi', $3) returning id`,
          [first, email, at],
        )
      )[0].id;
    let seq = 0;
    /** A message of a lead's thread ('in' unread unless `read`), at `at`. */
    const message = (leadType: string | null, leadId: string | null, direction: 'in' | 'out', at: string, extra: { read?: boolean; from?: string; subject?: string; body?: string; shown?: string } = {}) =>
      run<{ id: string }>(
        `insert into lead_messages (lead_type, lead_id, direction, message_id, from_address, to_address, subject, body_text, shown_text, author_id, dedupe_key, read_at, created_at)
         values ($1, $2, $3, $4, $5, 'team@example.com', $6, $7, $8, $9, $10, $11, $12::timestamptz) returning id`,
        [
          leadType,
          leadId,
          direction,
          `m${++seq}@example.com`,
          extra.from ?? 'someone@example.com',
          extra.subject ?? 'Re: Hello',
          extra.body ?? 'The whole text\n> quoted',
          extra.shown ?? null,
          direction === 'out' ? admin.id : null,
          direction === 'in' ? `d${seq}` : null,
          extra.read ? at : null,
          at,
        ],
      ).then((rows) => rows[0].id);
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

    it.runIf(enabled)('"Unread replies" and "Awaiting our answer" hold the right leads, combine with the filters and page in their order', async () => {
      // a: replied to, then two unread answers (awaiting since 10:00); b: answered, last word ours; c: won, its answer read but not answered;
      // d: spam with an unread answer; e: archived awaiting; f: nothing; g: an older lead awaiting since 08:00, owned by the member.
      const a = await contact('Ann Alpha', 'ann@example.com', '2026-03-05T09:00:00Z');
      const b = await contact('Bob Beta', 'bob@example.com', '2026-03-04T09:00:00Z');
      const c = await partner('Cat', 'cat@example.com', '2026-03-03T09:00:00Z');
      const d = await contact('Dan Delta', 'dan@example.com', '2026-03-02T09:00:00Z');
      const e = await contact('Eve Echo', 'eve@example.com', '2026-03-01T09:00:00Z');
      await contact('Fay Foxtrot', 'fay@example.com', '2026-02-28T09:00:00Z');
      const g = await partner('Gus', 'gus@example.com', '2026-02-01T09:00:00Z');
      await message('contact', a, 'out', '2026-03-06T08:00:00Z');
      await message('contact', a, 'in', '2026-03-06T10:00:00Z');
      await message('contact', a, 'in', '2026-03-06T11:00:00Z');
      await message('contact', b, 'in', '2026-03-06T09:00:00Z', { read: true });
      await message('contact', b, 'out', '2026-03-06T09:30:00Z');
      await message('partner', c, 'in', '2026-03-06T09:00:00Z', { read: true });
      await message('contact', d, 'in', '2026-03-06T09:00:00Z');
      await message('contact', e, 'in', '2026-03-06T07:00:00Z');
      await message('partner', g, 'in', '2026-03-06T08:00:00Z');
      await changeStatus(t!.db, admin.id, [{ kind: 'partner', id: c }], 'won');
      await changeStatus(t!.db, admin.id, [{ kind: 'contact', id: d }], 'spam');
      await changeStatus(t!.db, admin.id, [{ kind: 'contact', id: e }], 'archived');
      await setOwner(t!.db, admin.id, { kind: 'partner', id: g }, member.id);

      const unread = await listLeads(t!.db, parseFilter({ view: 'unread' }));
      expect(ids(unread.rows)).toEqual([a, g]);
      expect(unread.rows[0]).toMatchObject({ unreadReplies: 2 });
      expect(unread.total).toBe(2);
      // Spam is left out unless asked for, as in the inbox.
      expect(ids((await listLeads(t!.db, parseFilter({ view: 'unread', status: 'all' }))).rows)).toEqual([a, d, e, g]);
      expect(ids((await listLeads(t!.db, parseFilter({ view: 'unread', status: 'spam' }))).rows)).toEqual([d]);

      // Waiting longest first by default; won leads count, spam and archived never (not even with "all statuses").
      const awaiting = await listLeads(t!.db, parseFilter({ view: 'awaiting' }));
      expect(ids(awaiting.rows)).toEqual([g, c, a]);
      expect(new Date(awaiting.rows[2].awaitingSince!).toISOString()).toBe('2026-03-06T10:00:00.000Z');
      expect(ids((await listLeads(t!.db, parseFilter({ view: 'awaiting', status: 'all' }))).rows)).toEqual([g, c, a]);
      expect(ids((await listLeads(t!.db, parseFilter({ view: 'awaiting', sort: 'newest' }))).rows)).toEqual([a, c, g]);
      // Combined with the inbox's filters: kind, owner, status, search.
      expect(ids((await listLeads(t!.db, parseFilter({ view: 'awaiting', type: 'partner' }))).rows)).toEqual([g, c]);
      expect(ids((await listLeads(t!.db, parseFilter({ view: 'awaiting', owner: member.id }))).rows)).toEqual([g]);
      expect(ids((await listLeads(t!.db, parseFilter({ view: 'awaiting', status: 'won' }))).rows)).toEqual([c]);
      expect(ids((await listLeads(t!.db, parseFilter({ view: 'unread', q: 'ann alpha' }))).rows)).toEqual([a]);
      expect((await listLeads(t!.db, parseFilter({ view: 'unread', type: 'contact', owner: member.id }))).total).toBe(0);
      // A sort the view does not take is ignored.
      expect(parseFilter({ view: 'unread', sort: 'newest' }).sort).toBe('');

      // Pages of one lead: each lead once, in the view's order.
      const pages = [];
      for (let page = 1; page <= 4; page++) pages.push(...ids((await listLeads(t!.db, parseFilter({ view: 'awaiting', page: String(page) }), 1)).rows));
      expect(pages).toEqual([g, c, a]);

      // (The first-response clock's counts beside them are checked in first-response-clock.test.ts.)
      const counts = await viewCounts(t!.db);
      expect({ unread: counts.unread, awaiting: counts.awaiting }).toEqual({ unread: { n: 2, more: false }, awaiting: { n: 3, more: false } });
      // Reading a lead's replies takes it out of "Unread replies"; answering it, out of "Awaiting our answer".
      await run(`update lead_messages set read_at = now() where lead_id = $1`, [a]);
      await message('contact', a, 'out', '2026-03-06T12:00:00Z');
      expect(ids((await listLeads(t!.db, parseFilter({ view: 'unread' }))).rows)).toEqual([g]);
      expect(ids((await listLeads(t!.db, parseFilter({ view: 'awaiting' }))).rows)).toEqual([g, c]);
      await run(`delete from lead_messages`);
    });

    it.runIf(enabled)('one person per address across kinds, whatever its case; kept in step as leads are added, changed, marked spam and erased', async () => {
      const person = async (key: string) =>
        (await run<{ email: string; name: string | null; company: string | null; kinds: string[]; leads: number; first_at: Date; last_at: Date; latest_type: string; latest_id: string }>(
          `select email, name, company, kinds, leads, first_at, last_at, latest_type, latest_id from lead_people where email_key = $1`,
          [key],
        ))[0];
      await run(`insert into newsletter_subscriptions (email, source, created_at) values ('Zoe.Person@Example.com', 'blog', '2026-04-01T09:00:00Z')`);
      expect(await person('zoe.person@example.com')).toMatchObject({ email: 'Zoe.Person@Example.com', name: null, kinds: ['newsletter'], leads: 1 });
      const p1 = await partner('Zoe', 'zoe.person@example.com', '2026-04-02T09:00:00Z');
      expect(await person('zoe.person@example.com')).toMatchObject({ email: 'zoe.person@example.com', name: 'Zoe Partner', company: 'Acme', kinds: ['newsletter', 'partner'], leads: 2, latest_type: 'partner', latest_id: p1 });
      // A later sign-up without a name keeps the name given before; an older lead stored afterwards does not become the latest.
      const c1 = await contact('Zoe P.', 'ZOE.PERSON@example.com', '2026-03-01T09:00:00Z');
      const z = await person('zoe.person@example.com');
      expect(z).toMatchObject({ name: 'Zoe Partner', kinds: ['contact', 'newsletter', 'partner'], leads: 3, latest_id: p1 });
      expect(new Date(z.first_at).toISOString()).toBe('2026-03-01T09:00:00.000Z');
      expect(new Date(z.last_at).toISOString()).toBe('2026-04-02T09:00:00.000Z');

      // The People view: one row for the three leads; found by a fragment, the whole address in any case, a kind.
      const people = await listPeople(t!.db, parseFilter({ view: 'people', q: 'zoe' }));
      expect(people.rows).toHaveLength(1);
      expect(people.rows[0]).toMatchObject({ key: 'zoe.person@example.com', name: 'Zoe Partner', kinds: ['partner', 'contact', 'newsletter'], leads: 3, unreadReplies: 0, latest: { kind: 'partner', id: p1, status: 'new' } });
      // Their unread replies, whichever of their leads they answered.
      await message('contact', c1, 'in', '2026-04-03T09:00:00Z');
      expect((await listPeople(t!.db, parseFilter({ view: 'people', q: 'zoe' }))).rows[0]).toMatchObject({ unreadReplies: 1, latest: { id: p1 } });
      await run(`delete from lead_messages where lead_id = $1`, [c1]);
      expect((await listPeople(t!.db, parseFilter({ view: 'people', q: 'ZOE.PERSON@EXAMPLE.COM' }))).rows.map((r) => r.key)).toEqual(['zoe.person@example.com']);
      expect((await listPeople(t!.db, parseFilter({ view: 'people', q: 'zoe', type: 'newsletter' }))).total).toBe(1);
      expect((await listPeople(t!.db, parseFilter({ view: 'people', q: 'zoe', type: 'agency' }))).total).toBe(0);
      expect((await listPeople(t!.db, parseFilter({ view: 'people', q: 'zoe', from: '2026-04-02', to: '2026-04-02' }))).total).toBe(1);
      expect((await listPeople(t!.db, parseFilter({ view: 'people', q: 'zoe', to: '2026-04-01' }))).total).toBe(0);

      // Marked spam, a lead leaves its person; not spam again, it is back.
      await changeStatus(t!.db, admin.id, [{ kind: 'partner', id: p1 }], 'spam');
      expect(await person('zoe.person@example.com')).toMatchObject({ kinds: ['contact', 'newsletter'], leads: 2, latest_type: 'newsletter', name: 'Zoe P.' });
      await changeStatus(t!.db, admin.id, [{ kind: 'partner', id: p1 }], 'new');
      expect(await person('zoe.person@example.com')).toMatchObject({ leads: 3, latest_id: p1, name: 'Zoe Partner' });

      // A lead whose address changes moves to its new person; the old one keeps the rest.
      await run(`update contact_messages set email = 'zoe@elsewhere.example' where id = $1`, [c1]);
      expect(await person('zoe.person@example.com')).toMatchObject({ kinds: ['newsletter', 'partner'], leads: 2 });
      expect(await person('zoe@elsewhere.example')).toMatchObject({ kinds: ['contact'], leads: 1, name: 'Zoe P.' });
      expect(new Date((await person('zoe.person@example.com')).first_at).toISOString()).toBe('2026-04-01T09:00:00.000Z');

      // An erasure removes every lead of the address, and with them the person (their name goes too).
      const [request] = await run<{ id: string }>(`insert into data_requests (email, type) values ('zoe.person@EXAMPLE.com', 'erase') returning id`);
      expect(await person('zoe.person@example.com')).toMatchObject({ leads: 3, kinds: ['dataRequest', 'newsletter', 'partner'] });
      await eraseForRequest(t!.db, request.id, admin.id);
      expect(await person('zoe.person@example.com')).toBeUndefined();
      expect(await person('zoe@elsewhere.example')).toMatchObject({ leads: 1 });
      await run(`delete from contact_messages where id = $1`, [c1]);
      expect(await person('zoe@elsewhere.example')).toBeUndefined();
      // What the triggers keep is what the migration's backfill computes from lead_index.
      const kept = await run(`select * from lead_people order by email_key`);
      const computed = await run(
        `select lower(email) as email_key, count(*)::int as leads, array_agg(distinct lead_type order by lead_type) as kinds, min(created_at) as first_at, max(created_at) as last_at
         from lead_index where status <> 'spam' group by 1 order by 1`,
      );
      expect(kept.map((r) => ({ email_key: r.email_key, leads: r.leads, kinds: r.kinds, first_at: new Date(r.first_at as string).getTime(), last_at: new Date(r.last_at as string).getTime() }))).toEqual(
        computed.map((r) => ({ ...r, first_at: new Date(r.first_at as string).getTime(), last_at: new Date(r.last_at as string).getTime() })),
      );
    });

    it.runIf(kind.name === 'PostgreSQL' && Boolean(process.env.DATABASE_URL))('people stay right when leads of one address arrive, change and go at the same time (concurrent transactions)', async () => {
      // Leads of one new address posted at once (each its own transaction on the pool), while others of it are marked spam and back.
      const address = 'rush@example.com';
      const first = await Promise.all(Array.from({ length: 6 }, (_, i) => contact(`Rush ${i}`, i % 2 ? address.toUpperCase() : address, `2026-06-01T0${i}:00:00Z`)));
      await Promise.all([
        ...Array.from({ length: 12 }, (_, i) => (i % 2 ? partner(`Rush${i}`, address, `2026-06-02T${String(i).padStart(2, '0')}:00:00Z`) : contact(`Rush ${i}`, address, `2026-05-0${(i % 9) + 1}T00:00:00Z`))),
        ...first.slice(0, 3).map((id) => changeStatus(t!.db, admin.id, [{ kind: 'contact', id }], 'spam')),
        run(`delete from contact_messages where id = $1`, [first[5]]),
      ]);
      await changeStatus(t!.db, admin.id, [{ kind: 'contact', id: first[0] }], 'new');
      const [kept] = await run<{ leads: number; kinds: string[]; first_at: Date; last_at: Date; latest_id: string }>(`select leads, kinds, first_at, last_at, latest_id from lead_people where email_key = $1`, [address]);
      const [computed] = await run<{ leads: number; kinds: string[]; first_at: Date; last_at: Date; latest_id: string }>(
        `select count(*)::int as leads, array_agg(distinct lead_type order by lead_type) as kinds, min(created_at) as first_at, max(created_at) as last_at,
           (array_agg(lead_id order by created_at desc, lead_id desc))[1] as latest_id
         from lead_index where lower(email) = $1 and status <> 'spam'`,
        [address],
      );
      expect(computed.leads).toBe(6 - 1 - 3 + 1 + 12);
      expect({ ...kept, first_at: new Date(kept.first_at).getTime(), last_at: new Date(kept.last_at).getTime() }).toEqual({
        ...computed,
        first_at: new Date(computed.first_at).getTime(),
        last_at: new Date(computed.last_at).getTime(),
      });
    });

    it.runIf(enabled)('unmatched email: listed newest first by keyset pages; attached by an admin it is an unread reply of the lead; discarded, gone; members refused', async () => {
      const lead = await contact('Una Match', 'una@example.com', '2026-05-01T09:00:00Z');
      const other = await partner('Ola', 'una@example.com', '2026-05-02T09:00:00Z');
      const first = await message(null, null, 'in', '2026-05-03T09:00:00Z', { from: 'una@example.com', subject: 'From Una', body: 'Hello\n> old', shown: 'Hello' });
      const second = await message(null, null, 'in', '2026-05-03T10:00:00Z', { from: 'nobody@example.com', subject: 'Spam offer' });
      const third = await message(null, null, 'in', '2026-05-03T11:00:00Z', { from: 'UNA@example.com', subject: 'Again' });
      expect(await unmatchedCount(t!.db)).toEqual({ n: 3, more: false });

      const one = await listUnmatched(t!.db, null, 2);
      expect(one.emails.map((e) => e.id)).toEqual([third, second]);
      // The leads of the sender's address, newest first, whatever the case of the address.
      expect(one.emails[0].candidates.map((c) => c.id)).toEqual([other, lead]);
      expect(one.emails[1].candidates).toEqual([]);
      const cursor = parseCursor(`${one.next!.at},${one.next!.id}`);
      const two = await listUnmatched(t!.db, cursor, 2);
      expect(two.emails.map((e) => e.id)).toEqual([first]);
      expect(two.emails[0].text).toBe('Hello'); // the trimmed text
      expect(two.next).toBeNull();
      expect(parseCursor('nonsense,1')).toBeNull();
      expect(parseCursor(`2026-13-45 99:00:00+00,${first}`)).toBeNull();

      // A lead named by its staff address, a path, its id alone, or the list's choice.
      expect(await findLead(t!.db, `https://staff.example/staff/leads/contact/${lead}`)).toEqual({ kind: 'contact', id: lead });
      expect(await findLead(t!.db, ` ${other} `)).toEqual({ kind: 'partner', id: other });
      expect(await findLead(t!.db, `partner:${other}`)).toEqual({ kind: 'partner', id: other });
      expect(await findLead(t!.db, `/staff/leads/partner/${lead}`)).toBeNull();
      expect(await findLead(t!.db, 'not a lead')).toBeNull();

      const ctx = (user: StaffUser) => ({ db: t!.db, user, requestId: 'test' }) as unknown as StaffContext;
      const form = (fields: Record<string, string>) => {
        const f = new FormData();
        for (const [k, v] of Object.entries(fields)) f.set(k, v);
        return f;
      };
      const unread = async (id: string) => (await run<{ n: number }>(`select unread_replies as n from lead_index where lead_id = $1`, [id]))[0].n;

      // A member is refused both, and nothing changes.
      expect(await staffActions.attachUnmatchedEmail(ctx(member), form({ message: first, lead: `contact:${lead}` }))).toMatchObject({ status: 403, result: { status: 'error' } });
      expect(await staffActions.discardUnmatchedEmail(ctx(member), form({ message: second, confirm: 'yes' }))).toMatchObject({ status: 403 });
      expect(await unmatchedCount(t!.db)).toEqual({ n: 3, more: false });

      // Nothing chosen, or an address that names no lead: a message saying what to do.
      expect(await staffActions.attachUnmatchedEmail(ctx(admin), form({ message: first }))).toMatchObject({ result: { status: 'error', message: 'Choose one of the leads, or paste the address or id of a lead.' } });
      expect(await staffActions.attachUnmatchedEmail(ctx(admin), form({ message: first, leadRef: 'https://example.com/nothing' }))).toMatchObject({
        result: { status: 'error', fieldErrors: { leadRef: expect.stringContaining('No lead has that address') } },
      });
      expect(await staffActions.attachUnmatchedEmail(ctx(admin), form({ message: 'x', lead: `contact:${lead}` }))).toMatchObject({ result: { status: 'error' } });

      // Attached: in the lead's thread, counted as its unread reply, awaiting our answer; out of the list.
      expect(await unread(lead)).toBe(0);
      expect(await staffActions.attachUnmatchedEmail(ctx(admin), form({ message: first, lead: `contact:${lead}` }))).toMatchObject({ result: { status: 'success' } });
      expect(await unread(lead)).toBe(1);
      expect(ids((await listLeads(t!.db, parseFilter({ view: 'unread' }))).rows)).toContain(lead);
      expect(ids((await listLeads(t!.db, parseFilter({ view: 'awaiting' }))).rows)).toContain(lead);
      // The pasted address wins over the list's choice.
      expect(await staffActions.attachUnmatchedEmail(ctx(admin), form({ message: third, lead: `contact:${lead}`, leadRef: `/staff/leads/partner/${other}` }))).toMatchObject({ result: { status: 'success' } });
      expect(await unread(other)).toBe(1);
      // Twice: it is no longer unmatched.
      expect(await staffActions.attachUnmatchedEmail(ctx(admin), form({ message: first, lead: `partner:${other}` }))).toMatchObject({ result: { status: 'error', message: expect.stringContaining('no longer in the list') } });
      expect(await unread(other)).toBe(1);

      // Discard needs its confirmation; then the email is gone for good.
      expect(await staffActions.discardUnmatchedEmail(ctx(admin), form({ message: second }))).toMatchObject({ result: { status: 'error', message: 'Confirm that you want to discard this email.' } });
      expect(await staffActions.discardUnmatchedEmail(ctx(admin), form({ message: second, confirm: 'yes' }))).toMatchObject({ result: { status: 'success' } });
      expect(await run(`select 1 from lead_messages where id = $1`, [second])).toHaveLength(0);
      // An attached email cannot be discarded from here.
      expect(await staffActions.discardUnmatchedEmail(ctx(admin), form({ message: first, confirm: 'yes' }))).toMatchObject({ result: { status: 'error' } });
      expect(await run(`select 1 from lead_messages where id = $1`, [first])).toHaveLength(1);
      expect(await unmatchedCount(t!.db)).toEqual({ n: 0, more: false });
    });
  });
}
