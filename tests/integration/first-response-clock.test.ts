import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadKind } from '@/lib/leads/kinds';
import { createLimiters } from '@/lib/leads/rate-limit';
import { checkAndStoreLead, type SubmitContext } from '@/lib/leads/submit';
import { queryable } from '@/lib/db/connection';
import { createDeliveryLoop } from '@/lib/notify/loop';
import { releaseHeld } from '@/lib/spam/release';
import { workingWeek } from '@/lib/speed/business-hours';
import { firstResponseDueAt } from '@/lib/speed/first-response';
import { sweepOverdueLeads } from '@/lib/speed/reminders';
import { getTeamCalendar, saveTeamCalendar } from '@/lib/speed/team-calendar';
import { parseFilter } from '@/lib/staff/filters';
import { listLeads } from '@/lib/staff/inbox';
import { viewCounts } from '@/lib/staff/inbox-views';
import { changeStatus } from '@/lib/staff/triage';
import { databaseKinds, query, type TestDb } from '../support/vitest-databases';
import { formData, validLead } from '../support/lead-samples';
import { startSmtp, textOf } from '../support/notify-receivers';

// The first-response clock (docs/speed-to-lead.md): every lead gets its due time in the transaction that
// stores it, a held one when it is released, the first answer stops the clock, and a new calendar moves the
// open leads' due times. "Now" is the test's: the inbox's views take it as a parameter (a seam, not a setting).
let n = 0;
for (const kind of databaseKinds) {
  describe(`the first-response clock on ${kind.name}`, () => {
    let t: TestDb | undefined;
    let staffId = '';
    beforeAll(async () => {
      t = await kind.open();
      if (t) staffId = (await rows<{ id: string }>(`insert into staff_users (email, name, role, password_hash) values ('clock@example.com', 'Cleo Clock', 'admin', 'x') returning id`))[0].id;
    });
    afterAll(async () => {
      await t?.cleanup();
    });
    const rows = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => query<T>(t!.handle, sql, params);
    const ctx = (via?: SubmitContext['via']): SubmitContext => ({
      db: async () => t!.db,
      limiters: createLimiters({ perForm: 0, total: 0, windowSeconds: 60 }),
      ip: `10.9.0.${++n}`,
      requestId: 'clock-test',
      via,
    });
    /** Posts a lead through the site's own path (one statement); `held`: sent without JavaScript, held for review. */
    async function post(form: LeadKind, held = false) {
      const token = `tok_${crypto.randomUUID()}`;
      const state = await checkAndStoreLead(form, formData({ ...validLead(form, `clock-${++n}@example.com`), submissionToken: token }), ctx(held ? 'page' : undefined));
      expect(state.status).toBe('success');
      return (await rows<{ id: string }>(`select lead_id::text as id from submission_tokens where token = $1`, [token]))[0].id;
    }
    const clock = async (id: string) =>
      (await rows<{ created_at: Date; due_at: Date | null; answered_at: Date | null }>(`select created_at, due_at, answered_at from lead_index where lead_id = $1`, [id]))[0];
    const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
    const ids = (rs: { id: string }[]) => rs.map((r) => r.id);

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)('a posted lead gets its due time with it; a held one none until it is released', async () => {
      for (const form of ['partner', 'contact', 'dataRequest', 'newsletter'] as const) {
        const id = await post(form);
        const c = await clock(id);
        expect({ form, due: iso(c.due_at) }).toEqual({ form, due: iso(firstResponseDueAt(form, new Date(c.created_at), await getTeamCalendar(t!.db))) });
      }
      const held = await post('agency', true);
      expect((await clock(held)).due_at).toBeNull();
      expect(await releaseHeld(t!.db, staffId, { kind: 'agency', id: held })).toBe(true);
      const released = await clock(held);
      // Counted from its arrival: the visitor was promised an answer from then.
      expect(iso(released.due_at)).toBe(iso(firstResponseDueAt('agency', new Date(released.created_at))));
    });

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)('the first answer stops the clock: a reply from the page, or a status change marked answered elsewhere', async () => {
      const replied = await post('contact');
      await rows(
        `insert into lead_messages (lead_type, lead_id, direction, message_id, from_address, to_address, subject, body_text, author_id, created_at)
         values ('contact', $1, 'out', $2, 'team@example.com', 'a@example.com', 'Re: Hello', 'Hello', $3, now() + interval '1 hour')`,
        [replied, `<${replied}@example.com>`, staffId],
      );
      const afterReply = await clock(replied);
      expect(afterReply.answered_at).not.toBeNull();
      expect(iso(afterReply.answered_at)).toBe(iso((await rows<{ at: Date }>(`select first_reply_at as at from lead_index where lead_id = $1`, [replied]))[0].at));

      const phoned = await post('partner');
      await changeStatus(t!.db, staffId, [{ kind: 'partner', id: phoned }], 'contacted');
      expect((await clock(phoned)).answered_at).toBeNull(); // a status change alone is no answer
      await changeStatus(t!.db, staffId, [{ kind: 'partner', id: phoned }], 'qualified', { answered: true });
      const answered = (await clock(phoned)).answered_at;
      expect(answered).not.toBeNull();
      expect(await rows(`select from_status, to_status, answered from lead_status_history where lead_id = $1 order by created_at`, [phoned])).toEqual([
        { from_status: 'new', to_status: 'contacted', answered: false },
        { from_status: 'contacted', to_status: 'qualified', answered: true },
      ]);
      // A later reply does not move the first answer.
      await rows(
        `insert into lead_messages (lead_type, lead_id, direction, message_id, from_address, to_address, subject, body_text, author_id, created_at)
         values ('partner', $1, 'out', $2, 'team@example.com', 'a@example.com', 'Re', 'Hi', $3, now() + interval '2 days')`,
        [phoned, `<${phoned}@example.com>`, staffId],
      );
      expect(iso((await clock(phoned)).answered_at)).toBe(iso(answered));
      // Marked answered with the status it has: recorded alone.
      const same = await post('trial');
      expect(await changeStatus(t!.db, staffId, [{ kind: 'trial', id: same }], 'new', { answered: true })).toEqual([]);
      expect((await clock(same)).answered_at).not.toBeNull();
    });

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)(
      'an agency lead sent on Friday at 17:00 to a Monday-to-Friday 9-to-17 team is due Monday 17:00, turns overdue then, and its owner gets one reminder',
      async () => {
        await saveTeamCalendar(t!.db, { timeZone: 'Europe/Berlin', hours: workingWeek('09:00', '17:00') }, staffId);
        const id = await post('agency');
        // Its arrival moved to Friday 27 November 2026, 17:00 in Berlin (16:00 UTC): the clock follows its arrival.
        await rows(`update agency_enquiries set created_at = '2026-11-27T16:00:00Z' where id = $1`, [id]);
        await changeStatus(t!.db, staffId, [{ kind: 'agency', id }], 'contacted');
        await rows(`update lead_triage set owner_id = $2 where lead_id = $1`, [id, staffId]);
        expect(iso((await clock(id)).due_at)).toBe('2026-11-30T16:00:00.000Z'); // Monday 17:00 in Berlin
        const view = async (v: string, now: string) => ids((await listLeads(t!.db, parseFilter({ view: v }), 25, { now: new Date(now), me: staffId })).rows);
        expect(await view('overdue', '2026-11-30T15:59:59Z')).not.toContain(id);
        expect(await view('due-soon', '2026-11-30T15:59:59Z')).toContain(id);
        expect(await view('due-soon', '2026-11-30T11:59:59Z')).not.toContain(id); // more than 4 hours ahead
        expect(await view('overdue', '2026-11-30T16:00:00Z')).toContain(id);
        expect(await view('due-soon', '2026-11-30T16:00:00Z')).not.toContain(id);
        expect(await view('mine', '2026-11-30T16:00:00Z')).toEqual([id]);
        expect((await viewCounts(t!.db, { now: new Date('2026-11-30T16:00:00Z'), me: staffId })).mine).toEqual({ n: 1, more: false });
        // The reminders' sweep, every minute with the clock moved: nothing before 17:00 in Berlin, then one
        // reminder for its owner, whatever the sweeps after; the delivery loop sends it once.
        const client = queryable(t!.handle);
        const reminders = () => rows<{ staff_user_id: string }>(`select staff_user_id from staff_emails where topic = 'reminder' and lead_id = $1`, [id]);
        for (const at of ['2026-11-27T16:01:00Z', '2026-11-30T08:00:00Z', '2026-11-30T15:59:00Z']) await sweepOverdueLeads(client, new Date(at));
        expect(await reminders()).toEqual([]);
        for (const at of ['2026-11-30T16:00:00Z', '2026-11-30T16:01:00Z', '2026-11-30T16:02:00Z', '2026-11-30T17:00:00Z']) await sweepOverdueLeads(client, new Date(at));
        expect(await reminders()).toEqual([{ staff_user_id: staffId }]);
        const smtp = await startSmtp();
        try {
          const loop = createDeliveryLoop({ client, env: { SMTP_URL: smtp.url, NOTIFY_EMAIL_FROM: 'Postcraft <notifications@postcraft.example>', SITE_URL: 'https://www.postcraft.example' } });
          for (let i = 0; i < 3; i++) await loop.runOnce();
          await loop.stop();
          // (Other leads of this file may be reminded of too, to the admins: only this lead's emails count here.)
          const about = smtp.messages.filter((m) => textOf(m).includes(`/staff/leads/agency/${id}`));
          expect(about.map((m) => m.rcptTo[0])).toEqual(['clock@example.com']);
        } finally {
          await smtp.close();
        }
        // Answered: out of Overdue, still Mine (after the unanswered ones).
        await changeStatus(t!.db, staffId, [{ kind: 'agency', id }], 'contacted', { answered: true });
        expect(await view('overdue', '2026-11-30T16:00:00Z')).not.toContain(id);
        expect(await view('mine', '2026-11-30T16:00:00Z')).toEqual([id]);
      },
    );

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)('the views sort soonest due first; a new calendar moves the open, unanswered leads only', async () => {
      await saveTeamCalendar(t!.db, { timeZone: 'UTC', hours: workingWeek('09:00', '17:00') }, staffId);
      const at = ['2027-03-01T09:00:00Z', '2027-03-01T08:00:00Z', '2027-03-01T10:00:00Z'];
      const leads: string[] = [];
      for (const created of at) {
        const id = await post('contact');
        await rows(`update contact_messages set created_at = $2 where id = $1`, [id, created]);
        leads.push(id);
      }
      const answered = await post('contact');
      await rows(`update contact_messages set created_at = '2027-03-01T07:00:00Z' where id = $1`, [answered]);
      await changeStatus(t!.db, staffId, [{ kind: 'contact', id: answered }], 'contacted', { answered: true });
      const answeredDue = iso((await clock(answered)).due_at);
      const overdue = ids((await listLeads(t!.db, parseFilter({ view: 'overdue' }), 25, { now: new Date('2027-03-03T00:00:00Z') })).rows).filter((id) => leads.includes(id));
      // 24 hours from before the opening are due at that day's closing: Monday 17:00 for the leads sent at 08:00 and
      // 09:00 (by id between them), Tuesday 10:00 for the one sent at 10:00.
      expect(overdue).toEqual([leads[0], leads[1]].sort().concat(leads[2]));
      // Open from 12:00 to 20:00 in UTC: the three open ones are due at Monday's new closing, the answered one keeps its due time.
      expect(await saveTeamCalendar(t!.db, { timeZone: 'UTC', hours: workingWeek('12:00', '20:00') }, staffId)).toBeGreaterThanOrEqual(3);
      expect(await rows(`select lead_id::text as id, due_at from lead_index where lead_id = any($1::uuid[]) order by due_at, lead_id`, [`{${leads.join(',')}}`])).toEqual(
        [...leads].sort().map((id) => ({ id, due_at: new Date('2027-03-01T20:00:00Z') })),
      );
      expect(iso((await clock(answered)).due_at)).toBe(answeredDue);
    });
  });
}
