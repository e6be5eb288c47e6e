import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser } from '@/lib/staff/create-user';
import { assignmentRows, getAssignmentInsights } from '@/lib/staff/assignment-insights';
import { getMemberAnswers, memberAnswerRows } from '@/lib/staff/clock-insights';
import { viewCounts } from '@/lib/staff/inbox-views';
import { parseRange } from '@/lib/staff/insights';
import { answeredKinds, getReplyInsights } from '@/lib/staff/reply-insights';
import { databaseKinds, query, type TestDb } from '../support/vitest-databases';

/**
 * "Answered on time" on the insights page (issue 32), counted by the first-response clock on both databases:
 * the team's default calendar (Monday to Friday, 09:00-17:00 UTC), so a lead sent on a Friday at 17:00 and
 * answered on Monday at 10:00 is in time (24 calendar hours would call it late). Per kind: in time, late,
 * overdue, not yet due, closed without an answer. Per member who answered: the author of the first reply, or
 * the member who marked the lead answered elsewhere when that came first (not its owner). Open and overdue
 * leads per owner now, and nobody's, adding up to the inbox's Overdue view.
 */
const now = new Date('2026-03-18T12:00:00Z'); // a Wednesday
const range = parseRange(new URLSearchParams('from=2026-03-01&to=2026-03-18'), now);
type Who = 'ann' | 'ben' | 'cat' | 'dee';

for (const kind of databaseKinds) {
  describe(`the insights of the first-response clock on ${kind.name}`, () => {
    let t: TestDb | undefined;
    const staff: Record<Who, string> = { ann: '', ben: '', cat: '', dee: '' };
    const run = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => query<T>(t!.handle, sql, params);
    let seq = 0;
    const email = () => `clock-lead-${++seq}@example.com`;

    /** A lead of `type` sent at `at`, with its status and owner, if any. */
    async function lead(type: 'agency' | 'contact' | 'partner', at: string, { status, owner }: { status?: string; owner?: Who } = {}) {
      const insert = {
        agency: `insert into agency_enquiries (name, email, business_name, monthly_budget, message, created_at) values ('A', $1, 'B', '500-1000', 'Hello', $2) returning id`,
        contact: `insert into contact_messages (name, email, subject, message, created_at) values ('C', $1, 'Hi', 'Hello', $2) returning id`,
        partner: `insert into partner_applications (first_name, last_name, email, company, partnership_type, message, created_at) values ('P', 'Q', $1, 'C', 'technology', 'A message of ten+', $2) returning id`,
      }[type];
      const [{ id }] = await run<{ id: string }>(insert, [email(), at]);
      if (status || owner) await run(`insert into lead_triage (lead_type, lead_id, status, owner_id) values ($1, $2, $3, $4)`, [type, id, status ?? 'new', owner ? staff[owner] : null]);
      return { type, id };
    }
    const reply = (l: { type: string; id: string }, who: Who, at: string) =>
      run(
        `insert into lead_messages (lead_type, lead_id, direction, message_id, from_address, to_address, subject, body_text, author_id, created_at)
         values ($1, $2, 'out', $3, 'team@example.com', 'lead@example.com', 'Re: your message', 'Hello', $4, $5)`,
        [l.type, l.id, `${crypto.randomUUID()}@example.com`, staff[who], at],
      );
    /** The member marks the lead "answered elsewhere" (phone, own mailbox), keeping its status. */
    const answeredElsewhere = (l: { type: string; id: string }, who: Who, at: string) =>
      run(`insert into lead_status_history (lead_type, lead_id, from_status, to_status, changed_by, created_at, answered) values ($1, $2, 'new', 'new', $3, $4, true)`, [
        l.type,
        l.id,
        staff[who],
        at,
      ]);

    beforeAll(async () => {
      t = await kind.open();
      if (!t) return;
      for (const [key, name] of [
        ['ann', 'Ann Answer'],
        ['ben', 'Ben Busy'],
        ['cat', 'Cat Owner'],
        ['dee', 'Dee Gone'],
      ] as const) {
        staff[key] = (await createStaffUser(t.handle, { email: `${key}@example.com`, name, role: 'member', password: 'correct horse battery' })).id;
      }
    });
    afterAll(async () => {
      await t?.cleanup();
    });

    it('answered on time per kind and per member, open and overdue per owner, by the clock', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      // Agency enquiries (24 hours: a working day).
      const a1 = await lead('agency', '2026-03-06T17:00:00Z', { status: 'contacted', owner: 'ann' }); // Friday at closing: due Monday 17:00
      await reply(a1, 'ann', '2026-03-09T10:00:00Z'); // in time (64 calendar hours later)
      const a2 = await lead('agency', '2026-03-09T10:00:00Z', { owner: 'ann' }); // due Tuesday 10:00
      await reply(a2, 'ann', '2026-03-10T12:00:00Z'); // late
      await lead('agency', '2026-03-11T09:00:00Z'); // due Thursday 12 March 09:00, nobody's: overdue
      const a4 = await lead('agency', '2026-03-16T10:00:00Z');
      await reply(a4, 'dee', '2026-03-16T11:00:00Z'); // in time, by a member whose account is deleted below
      // Contact messages (24 hours).
      const c1 = await lead('contact', '2026-03-10T09:00:00Z'); // due Wednesday 09:00
      await answeredElsewhere(c1, 'ben', '2026-03-10T15:00:00Z'); // Ben phoned: in time, his
      await reply(c1, 'ann', '2026-03-11T08:00:00Z'); // a later reply does not move the answer
      const c2 = await lead('contact', '2026-03-12T09:00:00Z', { owner: 'cat' }); // Cat's, due Friday 09:00
      await answeredElsewhere(c2, 'ben', '2026-03-16T09:00:00Z'); // Ben answered it, late
      await lead('contact', '2026-03-02T09:00:00Z', { status: 'lost', owner: 'ann' }); // closed without an answer
      // Partner applications (48 hours: two working days), Cat's.
      await lead('partner', '2026-03-16T09:00:00Z', { owner: 'cat' }); // due Wednesday 18 March 09:00: overdue at noon
      await lead('partner', '2026-03-17T10:00:00Z', { owner: 'cat' }); // due Thursday: not yet
      // Before the range: in no figure of the range, but overdue now, Cat's.
      await lead('contact', '2026-02-02T09:00:00Z', { owner: 'cat' });
      await run(`delete from staff_users where id = $1`, [staff.dee]);

      const replies = await getReplyInsights(t.db, range, now);
      const onTime = Object.fromEntries(replies.kinds.map((k) => [k.kind, k.onTime]));
      expect(onTime).toEqual({
        partner: { within: 0, late: 0, overdue: 1, notDue: 1, closed: 0 },
        agency: { within: 2, late: 1, overdue: 1, notDue: 0, closed: 0 },
        contact: { within: 1, late: 1, overdue: 0, notDue: 0, closed: 1 },
      });
      expect(replies.all.onTime).toEqual({ within: 3, late: 2, overdue: 2, notDue: 1, closed: 1 });
      // The time to first reply stays about replies: the contact message Ben answered by phone has Ann's reply.
      expect(replies.kinds.find((k) => k.kind === 'contact')).toMatchObject({ leads: 3, answered: 1, notAnswered: 2 });

      // Per member who answered: Ben is credited for the leads he marked answered elsewhere (one of them Cat's).
      const answers = await getMemberAnswers(t.db, range, answeredKinds);
      expect(answers).toEqual([
        { id: staff.ann, name: 'Ann Answer', within: 1, late: 1, elsewhere: 0 },
        { id: staff.ben, name: 'Ben Busy', within: 1, late: 1, elsewhere: 2 },
        { id: null, name: 'Not recorded or a former member', within: 1, late: 0, elsewhere: 0 },
      ]);
      expect(memberAnswerRows(answers).at(-1)).toEqual(['All', 5, 3, 2, 2, '0.6000']);

      // Open and overdue per owner now (whatever the range), and nobody's.
      const load = await getAssignmentInsights(t.db, range, now);
      expect(load.members.map((m) => [m.name, m.open, m.overdue])).toEqual([
        ['Ann Answer', 2, 0],
        ['Ben Busy', 0, 0],
        ['Cat Owner', 4, 2],
      ]);
      expect(load.unassigned).toEqual({ open: 3, overdue: 1 });
      // The page and the inbox agree: the Overdue view holds exactly the overdue leads of the panel.
      expect((await viewCounts(t.db, { now })).overdue).toEqual({ n: 3, more: false });
      expect(assignmentRows(load).slice(-2)).toEqual([
        ['Nobody (unassigned)', 3, 1, '', '', '', ''],
        ['All', 9, 3, 0, '', '', ''],
      ]);

      // An hour later nothing changed but time: the partner due Thursday is not yet overdue; at its due time it is.
      const thursday = new Date('2026-03-19T10:00:00Z');
      expect((await getReplyInsights(t.db, range, thursday)).all.onTime).toMatchObject({ overdue: 3, notDue: 0 });
      expect((await getAssignmentInsights(t.db, range, thursday)).members.find((m) => m.name === 'Cat Owner')).toMatchObject({ open: 4, overdue: 3 });
      expect((await viewCounts(t.db, { now: thursday })).overdue.n).toBe(4);
    });
  });
}
