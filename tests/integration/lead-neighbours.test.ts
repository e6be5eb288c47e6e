import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser } from '@/lib/staff/create-user';
import { parseFilter, type InboxFilter } from '@/lib/staff/filters';
import type { ViewContext } from '@/lib/staff/due-views';
import { listLeads } from '@/lib/staff/inbox';
import { leadHref, leadNeighbours, listOf, type LeadRef } from '@/lib/staff/neighbours';
import { changeStatus, setOwner } from '@/lib/staff/triage';
import { databaseKinds, query, type TestDb } from '../support/vitest-databases';

// Keyboard triage's next and previous lead (lib/staff/neighbours.ts): walking a list lead by lead with the
// keyset reads gives exactly the inbox's list, in its order, for each view, filter and order, on both databases.
for (const kind of databaseKinds) {
  describe(`the next and previous lead of an inbox list on ${kind.name}`, () => {
    let t: TestDb | undefined;
    let owner: string;
    const run = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => query<T>(t!.handle, sql, params);
    const enabled = kind.name === 'PGlite' || Boolean(process.env.DATABASE_URL);
    beforeAll(async () => {
      t = await kind.open();
      if (!t) return;
      owner = (await createStaffUser(t.handle, { email: 'max@example.com', name: 'Max Member', role: 'member', password: 'member horse battery' })).id;
    });
    afterAll(async () => {
      await t?.cleanup();
    });

    const contact = async (name: string, at: string) =>
      (await run<{ id: string }>(`insert into contact_messages (name, email, subject, message, created_at) values ($1, $2, 'Hello', 'A question', $3) returning id`, [name, `${name.split(' ')[0].toLowerCase()}@example.com`, at]))[0].id;
    const message = (id: string, direction: 'in' | 'out', at: string) =>
      run(
        `insert into lead_messages (lead_type, lead_id, direction, message_id, from_address, to_address, subject, body_text, dedupe_key, created_at)
         values ('contact', $1, $2, $3, 'someone@example.com', 'team@example.com', 'Re: Hello', 'Text', $4, $5::timestamptz)`,
        [id, direction, `${crypto.randomUUID()}@example.com`, direction === 'in' ? crypto.randomUUID() : null, at],
      );
    const ref = (id: string): LeadRef => ({ kind: 'contact', id });

    /** The list as the keys walk it: from its first lead, "next" until there is none; and back with "previous". */
    async function walk(f: InboxFilter, window?: number, context: ViewContext = {}) {
      const first = (await listLeads(t!.db, f, 1, context)).rows[0];
      const down: string[] = [];
      for (let at: LeadRef | null = first ? ref(first.id) : null; at; at = (await leadNeighbours(t!.db, f, at, { window, context })).next) down.push(at.id);
      const up: string[] = [];
      for (let at: LeadRef | null = down.length ? ref(down[down.length - 1]) : null; at; at = (await leadNeighbours(t!.db, f, at, { window, context })).previous) up.push(at.id);
      return { down, up: up.reverse() };
    }
    const listed = async (f: InboxFilter, context: ViewContext = {}) => (await listLeads(t!.db, f, 100, context)).rows.map((r) => r.id);

    it.runIf(enabled)('walks each list in its order, forward and back, as the inbox lists it', async () => {
      // Two leads at the same instant: the tie is broken by id, as in the inbox.
      const a = await contact('Ann Alpha', '2026-05-05T09:00:00Z');
      const b = await contact('Bob Beta', '2026-05-04T09:00:00Z');
      await contact('Cat Gamma', '2026-05-04T09:00:00Z');
      const d = await contact('Dan Delta', '2026-05-03T09:00:00Z');
      const e = await contact('Eve Alpha', '2026-05-02T09:00:00Z');
      const g = await contact('Gus Alpha', '2026-05-01T09:00:00Z');
      await changeStatus(t!.db, owner, [ref(d)], 'archived');
      await changeStatus(t!.db, owner, [ref(e)], 'contacted');
      await setOwner(t!.db, owner, ref(g), owner);
      // Awaiting our answer: g since 08:00, a since 10:00, b since 09:00.
      await message(g, 'in', '2026-05-06T08:00:00Z');
      await message(a, 'in', '2026-05-06T10:00:00Z');
      await message(b, 'in', '2026-05-06T09:00:00Z');

      const lists = [{}, { status: 'all' }, { q: 'alpha' }, { status: 'contacted' }, { owner }, { view: 'awaiting' }, { view: 'awaiting', sort: 'newest' }, { view: 'unread' }, { q: 'nobody' }];
      for (const params of lists) {
        const f = parseFilter(params);
        const expected = await listed(f);
        const { down, up } = await walk(f);
        expect(down, JSON.stringify(params)).toEqual(expected);
        expect(up, JSON.stringify(params)).toEqual(expected);
        // A search past its first window of leads: the matches found by the search's own index.
        if ('q' in params) expect(await walk(f, 1), JSON.stringify(params)).toEqual({ down: expected, up: expected });
      }
      expect(await listed(parseFilter({}))).toHaveLength(5);
      expect(await listed(parseFilter({ view: 'awaiting' }))).toEqual([g, b, a]);

      // The first lead has no previous one, the last no next one.
      const open = parseFilter({});
      const openList = await listed(open);
      expect((await leadNeighbours(t!.db, open, ref(openList[0]))).previous).toBeNull();
      expect((await leadNeighbours(t!.db, open, ref(openList.at(-1)!))).next).toBeNull();
      // Each neighbour comes with what its link says: the lead's name and address.
      const second = (await listLeads(t!.db, open, 100)).rows[1];
      expect((await leadNeighbours(t!.db, open, ref(openList[0]))).next).toEqual({ kind: 'contact', id: second.id, name: second.name, email: second.email });

      // Archived from the open inbox ("archive and next"), a lead keeps its place: its neighbours are those it had.
      const before = await leadNeighbours(t!.db, open, ref(b));
      await changeStatus(t!.db, owner, [ref(b)], 'archived');
      expect(await listed(open)).not.toContain(b);
      expect(await leadNeighbours(t!.db, open, ref(b))).toEqual(before);

      // Answered, a lead leaves "Awaiting our answer": its next lead is then the list's first (the longest waiting;
      // b, archived above, has left the view too).
      await message(g, 'out', '2026-05-06T11:00:00Z');
      const awaiting = parseFilter({ view: 'awaiting' });
      expect(await listed(awaiting)).toEqual([a]);
      expect(await leadNeighbours(t!.db, awaiting, ref(g))).toEqual({ previous: null, next: expect.objectContaining({ id: a }) });
    });

    it.runIf(enabled)('walks the first-response views (Overdue, Due soon, Mine) in due order, as the inbox lists them', async () => {
      // Received on Monday 1 June 2026 (the default calendar: Monday to Friday 09:00-17:00 UTC): due 24 hours of
      // business later, Tuesday at the same time; two at one instant (the tie broken by id).
      const p = await contact('Pia Due', '2026-06-01T10:00:00Z');
      const q = await contact('Quin Due', '2026-06-01T11:00:00Z');
      const r = await contact('Rey Due', '2026-06-01T11:00:00Z');
      const s2 = await contact('Sam Due', '2026-06-01T12:00:00Z');
      const u = await contact('Uma Due', '2026-06-01T13:00:00Z');
      const v = await contact('Vic Due', '2026-06-01T13:30:00Z');
      for (const id of [p, r, u]) await setOwner(t!.db, owner, ref(id), owner);
      await message(u, 'out', '2026-06-01T14:00:00Z'); // answered: Mine lists it after the unanswered ones
      const context = { now: new Date('2026-06-02T11:30:00Z'), me: owner };
      for (const params of [{ view: 'overdue' }, { view: 'due-soon' }, { view: 'mine' }, { view: 'mine', q: 'due' }]) {
        const f = parseFilter(params);
        const expected = await listed(f, context);
        expect(expected.length, JSON.stringify(params)).toBeGreaterThan(1);
        const { down, up } = await walk(f, undefined, context);
        expect(down, JSON.stringify(params)).toEqual(expected);
        expect(up, JSON.stringify(params)).toEqual(expected);
      }
      // Due at 11:30 or before is overdue (p, then q and r), within four hours due soon (s2, v; u is answered).
      expect(await listed(parseFilter({ view: 'due-soon' }), context)).toEqual([s2, v]);
      const overdue = await listed(parseFilter({ view: 'overdue' }), context);
      expect(overdue.slice(-3)).toEqual([p, ...[q, r].sort()]);
      // Mine: the member's open leads, the unanswered soonest due first (p, r), then the answered (the first
      // test's g, due in May, then u).
      expect(await listed(parseFilter({ view: 'mine' }), context)).toEqual([p, r, expect.any(String), u]);
    });

    it.runIf(enabled)('the list travels in the lead page address, without its page, and People counts as the open inbox', () => {
      const f = parseFilter({ view: 'awaiting', q: 'a b&c', type: 'partner', page: '3' });
      const href = leadHref({ kind: 'partner', id: '00000000-0000-4000-8000-000000000001' }, f);
      expect(href).toBe('/staff/leads/partner/00000000-0000-4000-8000-000000000001?list=view%3Dawaiting%26type%3Dpartner%26q%3Da%2Bb%2526c');
      expect(listOf(new URL(href, 'http://x'))).toEqual({ ...f, page: 1 });
      expect(leadHref({ kind: 'contact', id: 'x' }, parseFilter({}))).toBe('/staff/leads/contact/x');
      expect(listOf(new URL('http://x/staff/leads/contact/x?list=view%3Dpeople')).view).toBe('');
      // Anything malformed in the list is ignored, as the inbox ignores it.
      expect(listOf(new URL('http://x/staff/leads/contact/x?list=status%3Dbogus%26owner%3D1'))).toEqual(parseFilter({}));
    });
  });
}
