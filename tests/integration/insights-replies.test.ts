import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser } from '@/lib/staff/create-user';
import { parseRange } from '@/lib/staff/insights';
import { answeredKinds, getReplyInsights, type ReplyInsights } from '@/lib/staff/reply-insights';
import { databaseKinds, query, type TestDb } from '../support/vitest-databases';

/**
 * The insights of our replies (issue 31) on both databases, from leads and messages written here with known
 * times: the median and 90th percentile of the time to the first reply per kind, per staff member and in all
 * (a deleted account's replies under "a former staff member"; a data request answered by a reply or by being
 * marked done, whichever came first), the leads answered on time by the first-response clock (the team's
 * default calendar: these leads arrive in its open hours, so its days are the calendar's), late, overdue and not
 * yet due (a data request by its deadline, extended or not), and the replies
 * per lead. Spam, newsletter sign-ups and leads outside the range are in no figure; a message from the lead
 * is not a reply.
 *
 * percentile_cont interpolates: the 90th percentile of n sorted times t is t[k] + f * (t[k+1] - t[k]),
 * where 0.9 * (n - 1) = k + f (k counted from 0).
 */
const now = new Date('2026-03-10T20:00:00Z');
const hour = 3_600_000;
const at = (iso: string, plusHours = 0) => new Date(new Date(iso).getTime() + plusHours * hour).toISOString();

for (const kind of databaseKinds) {
  describe(`the insights of our replies on ${kind.name}`, () => {
    let t: TestDb | undefined;
    const staff: Record<'ann' | 'ben' | 'cat' | 'dee', string> = { ann: '', ben: '', cat: '', dee: '' };
    const run = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => query<T>(t!.handle, sql, params);
    beforeAll(async () => {
      t = await kind.open();
      if (!t) return;
      for (const [key, name] of [
        ['ann', 'Ann Answer'],
        ['ben', 'Ben Busy'],
        ['cat', 'Cat Gone'],
        ['dee', 'Dee Privacy'],
      ] as const) {
        staff[key] = (await createStaffUser(t.handle, { email: `${key}@example.com`, name, role: 'member', password: 'correct horse battery' })).id;
      }
    });
    afterAll(async () => {
      await t?.cleanup();
    });

    let seq = 0;
    const email = () => `lead-${++seq}@example.com`;
    /** Our replies to a lead: `[hours after it arrived, writer]` each. */
    async function reply(type: string, id: string, createdAt: string, replies: [number, keyof typeof staff][]) {
      for (const [h, who] of replies) {
        await run(
          `insert into lead_messages (lead_type, lead_id, direction, message_id, from_address, to_address, subject, body_text, author_id, created_at)
           values ($1, $2, 'out', $3, 'team@example.com', 'lead@example.com', 'Re: your message', 'Hello', $4, $5)`,
          [type, id, `${crypto.randomUUID()}@example.com`, staff[who], at(createdAt, h)],
        );
      }
    }
    async function partner(createdAt: string, replies: [number, keyof typeof staff][], status?: string) {
      const [{ id }] = await run<{ id: string }>(
        `insert into partner_applications (first_name, last_name, email, company, partnership_type, message, created_at) values ('P', 'Q', $1, 'C', 'technology', 'A message of ten+', $2) returning id`,
        [email(), createdAt],
      );
      if (status) await run(`insert into lead_triage (lead_type, lead_id, status) values ('partner', $1, $2)`, [id, status]);
      await reply('partner', id, createdAt, replies);
      return id;
    }
    async function agency(createdAt: string, replies: [number, keyof typeof staff][]) {
      const [{ id }] = await run<{ id: string }>(
        `insert into agency_enquiries (name, email, business_name, monthly_budget, message, created_at) values ('A', $1, 'B', '500-1000', 'Hello', $2) returning id`,
        [email(), createdAt],
      );
      await reply('agency', id, createdAt, replies);
    }
    async function contact(createdAt: string, replies: [number, keyof typeof staff][]) {
      const [{ id }] = await run<{ id: string }>(`insert into contact_messages (name, email, subject, message, created_at) values ('C', $1, 'Hi', 'Hello', $2) returning id`, [email(), createdAt]);
      await reply('contact', id, createdAt, replies);
    }
    /** A data request, with our replies, an extended deadline, and when (hours after it arrived) and by whom it was marked done. */
    async function dataRequest(createdAt: string, replies: [number, keyof typeof staff][], extendedUntil?: string, done?: [number, keyof typeof staff]) {
      const [{ id }] = await run<{ id: string }>(`insert into data_requests (email, type, created_at) values ($1, 'export', $2) returning id`, [email(), createdAt]);
      if (extendedUntil) await run(`insert into data_request_checks (request_id, extended_until, extension_reason) values ($1, $2, 'Complex request')`, [id, extendedUntil]);
      if (done)
        await run(`insert into data_request_audit (request_id, request_type, action, performed_by, created_at) values ($1, 'export', 'completed', $2, $3)`, [id, staff[done[1]], at(createdAt, done[0])]);
      await reply('dataRequest', id, createdAt, replies);
    }

    it('time to first reply, within the promise and replies per lead, per kind, per staff member and in all', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      // Partner applications (48 hours): first replies after 1, 2, 3, 4 and 50 hours, and one not answered.
      const first = await partner('2026-03-02T09:00:00Z', [[1, 'ann']]);
      await partner('2026-03-02T09:00:00Z', [
        [2, 'ann'],
        [30, 'ben'],
      ]);
      await partner('2026-03-02T09:00:00Z', [
        [3, 'ben'],
        [5, 'ben'],
        [70, 'ann'],
      ]);
      await partner('2026-03-02T09:00:00Z', [[4, 'ben']]);
      await partner('2026-03-02T09:00:00Z', [[50, 'ann']]);
      await partner('2026-03-02T09:00:00Z', []);
      // The lead's own answer is not a reply of ours.
      await run(
        `insert into lead_messages (lead_type, lead_id, direction, message_id, from_address, to_address, subject, body_text, dedupe_key, created_at)
         values ('partner', $1, 'in', 'theirs@example.com', 'lead@example.com', 'team@example.com', 'Re: your message', 'Thanks', 'theirs', $2)`,
        [first, at('2026-03-02T09:00:00Z', 1.5)],
      );
      // Agency enquiries (24 hours): one answered at 24 hours exactly (in time), one a minute later (late).
      await agency('2026-03-05T10:00:00Z', [[24, 'cat']]);
      await agency('2026-03-05T10:00:00Z', [[24 + 1 / 60, 'ann']]);
      // Contact messages (24 hours): one answered after 90 minutes, one not answered for 34 hours (overdue), one
      // for 9 hours (not yet due).
      await contact('2026-03-10T12:00:00Z', [[1.5, 'ben']]);
      await contact('2026-03-09T10:00:00Z', []);
      await contact('2026-03-10T11:00:00Z', []);
      // Data requests (30 days, or the deadline an admin extended): not answered and overdue; not answered and
      // extended (not yet due); answered on day 40 within its extension; answered on day 31 (late), marked done
      // the day after; marked done on day 10 by Ben (its answer by the request's own procedure), replied to on day 35.
      await dataRequest('2026-01-05T08:00:00Z', []);
      await dataRequest('2026-01-05T08:00:00Z', [], '2026-04-05T08:00:00Z');
      await dataRequest('2026-01-10T08:00:00Z', [[40 * 24, 'dee']], '2026-04-10T08:00:00Z');
      await dataRequest('2026-01-10T08:00:00Z', [[31 * 24, 'dee']], undefined, [32 * 24, 'ben']);
      await dataRequest('2026-01-20T08:00:00Z', [[35 * 24, 'dee']], undefined, [10 * 24, 'ben']);
      // In no figure: a spam lead, a lead before the range, a newsletter sign-up (no answer is promised).
      await partner('2026-03-02T09:00:00Z', [[100, 'ann']], 'spam');
      await partner('2025-12-20T09:00:00Z', [[100, 'ann']]);
      await run(`insert into newsletter_subscriptions (email, source, created_at) values ($1, 'footer', '2026-03-03T10:00:00Z')`, [email()]);
      // Cat's account is deleted: her reply stays, by a former staff member.
      await run(`delete from staff_users where id = $1`, [staff.cat]);

      const range = parseRange(new URLSearchParams('from=2026-01-01&to=2026-03-10'), now);
      const insights: ReplyInsights = await getReplyInsights(t.db, range, now);
      expect(answeredKinds).not.toContain('newsletter');
      expect(insights.kinds.map((k) => k.kind)).toEqual(['partner', 'agency', 'contact', 'dataRequest']);
      const of = (k: string) => insights.kinds.find((r) => r.kind === k)!;

      // Partners: 1, 2, 3, 4, 50 hours: median 3; 90th 4 + 0.6 * (50 - 4) = 31.6.
      expect(of('partner')).toMatchObject({ leads: 6, answered: 5, notAnswered: 1, promise: { hours: 48 } });
      expect(of('partner').medianHours).toBeCloseTo(3, 9);
      expect(of('partner').p90Hours).toBeCloseTo(31.6, 9);
      expect(of('partner').onTime).toEqual({ within: 4, late: 1, overdue: 1, notDue: 0, closed: 0 });
      expect(of('partner').replies.counts).toEqual([1, 3, 1, 1]);
      expect(of('partner').replies.average).toBeCloseTo(8 / 6, 9);

      // Agencies: 24 h and 24 h 1 min: median 24 h 30 s; 90th 24 h 54 s.
      expect(of('agency')).toMatchObject({ leads: 2, answered: 2, notAnswered: 0, onTime: { within: 1, late: 1, overdue: 0, notDue: 0, closed: 0 } });
      expect(of('agency').medianHours).toBeCloseTo(24 + 0.5 / 60, 9);
      expect(of('agency').p90Hours).toBeCloseTo(24 + 0.9 / 60, 9);
      expect(of('agency').replies).toEqual({ average: 1, counts: [0, 2, 0, 0] });

      expect(of('contact')).toMatchObject({ leads: 3, answered: 1, notAnswered: 2, medianHours: 1.5, p90Hours: 1.5, onTime: { within: 1, late: 0, overdue: 1, notDue: 1, closed: 0 } });
      expect(of('contact').replies.counts).toEqual([2, 1, 0, 0]);
      expect(of('contact').replies.average).toBeCloseTo(1 / 3, 9);

      // Data requests: answered after 240 (marked done), 744 and 960 hours: median 744; 90th 744 + 0.8 * 216 = 916.8.
      // On the first-response clock a data request is answered by a reply (its page's due line says the same):
      // the one marked done on day 10 and replied to on day 35 was answered late; its time to first reply counts
      // its being marked done.
      expect(of('dataRequest')).toMatchObject({ leads: 5, answered: 3, notAnswered: 2, promise: { days: 30 }, onTime: { within: 1, late: 2, overdue: 1, notDue: 1, closed: 0 } });
      expect(of('dataRequest').medianHours).toBeCloseTo(744, 9);
      expect(of('dataRequest').p90Hours).toBeCloseTo(916.8, 9);
      expect(of('dataRequest').replies).toEqual({ average: 0.6, counts: [2, 3, 0, 0] });

      // In all: 1, 1.5, 2, 3, 4, 24, 24 h 1 min, 50, 240, 744, 960 hours: median 24; 90th 744 (0.9 * 10 = 9, exactly the tenth).
      expect(insights.all).toMatchObject({ leads: 16, answered: 11, notAnswered: 5, onTime: { within: 7, late: 4, overdue: 3, notDue: 2, closed: 0 } });
      expect(insights.all.medianHours).toBeCloseTo(24, 9);
      expect(insights.all.p90Hours).toBeCloseTo(744, 9);
      expect(insights.all.replies.counts).toEqual([5, 9, 1, 1]);
      expect(insights.all.replies.average).toBeCloseTo(14 / 16, 9);

      // Per staff member, by who sent the first reply: most first; the deleted account last of its count.
      expect(insights.staff.map((s) => [s.name, s.answered])).toEqual([
        ['Ann Answer', 4],
        ['Ben Busy', 4],
        ['Dee Privacy', 2],
        ['A former staff member', 1],
      ]);
      const by = (name: string) => insights.staff.find((s) => s.name === name)!;
      // Ann: 1, 2, 24 h 1 min, 50: median 13 h 30 s; 90th 24.0167 + 0.7 * (50 - 24.0167).
      expect(by('Ann Answer').medianHours).toBeCloseTo((2 + 24 + 1 / 60) / 2, 9);
      expect(by('Ann Answer').p90Hours).toBeCloseTo(24 + 1 / 60 + 0.7 * (50 - 24 - 1 / 60), 9);
      // Ben: 1.5, 3, 4 and 240 (the data request he marked done): median 3.5; 90th 4 + 0.7 * 236 = 169.2.
      expect(by('Ben Busy')).toMatchObject({ id: staff.ben, medianHours: 3.5 });
      expect(by('Ben Busy').p90Hours).toBeCloseTo(169.2, 9);
      // Dee: 744 and 960 (her reply to the request marked done before it does not count).
      expect(by('Dee Privacy')).toMatchObject({ answered: 2, medianHours: 852 });
      expect(by('A former staff member')).toMatchObject({ id: null, medianHours: 24, p90Hours: 24 });

      // A range of its own: only the contact messages of 10 March.
      const day = await getReplyInsights(t.db, parseRange(new URLSearchParams('from=2026-03-10&to=2026-03-10'), now), now);
      expect(day.kinds.map((k) => [k.kind, k.leads, k.answered])).toEqual([['contact', 2, 1]]);
      expect(day.all.onTime).toEqual({ within: 1, late: 0, overdue: 0, notDue: 1, closed: 0 });
      // Later, the one waiting is overdue.
      const later = await getReplyInsights(t.db, parseRange(new URLSearchParams('from=2026-03-10&to=2026-03-10'), now), new Date('2026-03-11T11:00:01Z'));
      expect(later.all.onTime).toEqual({ within: 1, late: 0, overdue: 1, notDue: 0, closed: 0 });
    });

    it('a range without leads: no kind, no staff member, nothing to show', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const empty = await getReplyInsights(t.db, parseRange(new URLSearchParams('from=2024-01-01&to=2024-01-31'), now), now);
      expect(empty).toEqual({
        kinds: [],
        all: { leads: 0, answered: 0, notAnswered: 0, medianHours: null, p90Hours: null, onTime: { within: 0, late: 0, overdue: 0, notDue: 0, closed: 0 }, replies: { average: null, counts: [0, 0, 0, 0] } },
        staff: [],
      });
    });
  });
}
