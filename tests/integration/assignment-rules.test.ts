import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLimiters } from '@/lib/leads/rate-limit';
import { checkAndStoreLead, type SubmitContext } from '@/lib/leads/submit';
import { runAssignmentPass } from '@/lib/assignment/assign';
import { checkRule, saveRule, setAway, type RuleInput } from '@/lib/assignment/rules';
import { createStaffUser } from '@/lib/staff/create-user';
import { changeStatus, setOwner } from '@/lib/staff/triage';
import { releaseHeld } from '@/lib/spam/release';
import { proofKeys } from '@/lib/spam/proof';
import { getLead } from '@/lib/staff/leads';
import { getAssignmentInsights } from '@/lib/staff/assignment-insights';
import { staffActions } from '@/lib/staff/actions';
import type { StaffContext } from '@/lib/staff/context';
import { getTimeline } from '@/lib/conversations/timeline';
import { databaseKinds, query, type TestDb } from '../support/vitest-databases';
import { formData, validLeads } from '../support/lead-samples';

// The assignment rules (docs/speed-to-lead.md, "Assignment rules"): leads posted through the real submit
// path are queued in their own statement and given out by the assigner's pass, on both databases.
let ip = 0;
for (const kind of databaseKinds) {
  describe(`assignment rules on ${kind.name}`, () => {
    let t: TestDb | undefined;
    const staff: Record<string, string> = {};
    const run = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => query<T>(t!.handle, sql, params);
    const ctx = (): SubmitContext => ({ db: async () => t!.db, limiters: createLimiters({ perForm: 0, total: 0, windowSeconds: 60 }), ip: `10.1.0.${++ip % 250}`, requestId: 'assign-test' });
    const post = async (n: number, form: 'partner' | 'agency' = 'partner') => {
      for (let i = 0; i < n; i++) {
        const state = await checkAndStoreLead(form, formData({ ...validLeads[form], email: `lead-${crypto.randomUUID().slice(0, 8)}@example.com`, submissionToken: `tok_${crypto.randomUUID()}` }), ctx());
        expect(state.status).toBe('success');
      }
    };
    const rule = async (input: Partial<RuleInput> & { members: string[] }) => {
      const checked = checkRule({ kind: 'partner', method: 'round-robin', cap: '', ...input }, new Set(Object.values(staff)));
      if (!checked.ok) throw new Error(checked.message);
      await saveRule(t!.db, staff.admin, checked);
    };
    const spread = async () => {
      const rows = await run<{ name: string; n: number }>(
        `select coalesce(u.name, 'nobody') as name, count(*)::int as n from lead_index i left join staff_users u on u.id = i.owner_id where i.lead_type = 'partner' group by 1 order by 1`,
      );
      return Object.fromEntries(rows.map((r) => [r.name, r.n]));
    };
    const notices = () => run<{ staff_user_id: string; key: string }>(`select staff_user_id::text, key from staff_emails where topic = 'unassigned' order by key`);

    beforeAll(async () => {
      t = await kind.open();
      if (!t) return;
      for (const [key, role] of [['admin', 'admin'], ['boss', 'admin'], ['ann', 'member'], ['bob', 'member'], ['cat', 'member']] as const) {
        staff[key] = (await createStaffUser(t.handle, { email: `${key}@example.com`, name: key, role, password: 'correct horse battery' })).id;
      }
    });
    beforeEach(async () => {
      if (!t) return;
      await run(`delete from partner_applications`);
      await run(`delete from agency_enquiries`);
      await run(`delete from lead_triage`);
      await run(`delete from lead_owner_history`);
      await run(`delete from assignment_queue`);
      await run(`delete from assignment_rules`);
      await run(`delete from staff_emails`);
      await run(`update staff_users set away_since = null, disabled_at = null`);
    });
    afterAll(async () => {
      await t?.cleanup();
    });
    const on = kind.name === 'PGlite' || Boolean(process.env.DATABASE_URL);

    it.runIf(on)('gives 30 partner leads to three available members, 10 each, in turn', async () => {
      await rule({ members: [staff.ann, staff.bob, staff.cat] });
      await post(30);
      expect((await run(`select count(*)::int as n from assignment_queue`))[0].n).toBe(30);
      const pass = await runAssignmentPass(t!.handle, 7);
      expect(pass).toMatchObject({ assigned: 30, missed: 0, busy: false });
      expect(await spread()).toEqual({ ann: 10, bob: 10, cat: 10 });
      expect((await run(`select count(*)::int as n from assignment_queue`))[0].n).toBe(0);
      // Each assignment is one line of its lead's history, by the rule and by nobody.
      const history = await run<{ n: number; by_rule: number; by: number }>(
        `select count(*)::int as n, count(*) filter (where by_rule)::int as by_rule, count(changed_by)::int as by from lead_owner_history`,
      );
      expect(history[0]).toEqual({ n: 30, by_rule: 30, by: 0 });
      // The insights: open leads per member now, and the rule's spread over the range.
      const today = new Date().toISOString().slice(0, 10);
      const insights = await getAssignmentInsights(t!.db, { from: today, to: today, days: 1, preset: null });
      expect(insights.assigned).toBe(30);
      expect(insights.members.filter((m) => m.assigned).map((m) => [m.name, m.open, m.assigned])).toEqual([
        ['ann', 10, 10],
        ['bob', 10, 10],
        ['cat', 10, 10],
      ]);
      // A second pass finds nothing: assigned exactly once.
      expect(await runAssignmentPass(t!.handle)).toMatchObject({ assigned: 0, missed: 0 });
      expect(await notices()).toEqual([]);
    });

    it.runIf(on)('skips a member who is away (15 and 15) and one whose account is disabled', async () => {
      await rule({ members: [staff.ann, staff.bob, staff.cat] });
      await setAway(t!.db, staff.bob, true);
      await post(30);
      await runAssignmentPass(t!.handle);
      expect(await spread()).toEqual({ ann: 15, cat: 15 });
      await setAway(t!.db, staff.bob, false);
      await run(`update staff_users set disabled_at = now() where id = $1`, [staff.cat]);
      await post(4);
      await runAssignmentPass(t!.handle);
      expect(await spread()).toEqual({ ann: 17, bob: 2, cat: 15 });
    });

    it.runIf(on)('with a cap of 5 assigns 15 and leaves 15 unassigned, with one notice to each admin', async () => {
      await rule({ members: [staff.ann, staff.bob, staff.cat], cap: '5' });
      await post(12);
      await runAssignmentPass(t!.handle);
      await post(18);
      await runAssignmentPass(t!.handle, 4);
      expect(await spread()).toEqual({ ann: 5, bob: 5, cat: 5, nobody: 15 });
      const sent = await notices();
      expect(sent.map((n) => n.staff_user_id).sort()).toEqual([staff.admin, staff.boss].sort());
      expect(new Set(sent.map((n) => n.key.split(':').slice(0, 3).join(':'))).size).toBe(1);
      // A lead closed frees a place: the next lead is assigned and a new run of misses is a new notice.
      const [closed] = await run<{ lead_id: string }>(`select lead_id::text from lead_index where owner_id = $1 limit 1`, [staff.ann]);
      await changeStatus(t!.db, staff.ann, [{ kind: 'partner', id: closed.lead_id }], 'won');
      await post(2);
      await runAssignmentPass(t!.handle);
      // ann holds the lead she won and five open ones.
      expect(await spread()).toEqual({ ann: 6, bob: 5, cat: 5, nobody: 16 });
      expect(await notices()).toHaveLength(4);
    });

    it.runIf(on)('shares by fewest open leads, and a hand-made change stays possible and is told apart', async () => {
      await rule({ members: [staff.ann, staff.bob], method: 'fewest-open' });
      await post(4);
      await runAssignmentPass(t!.handle);
      expect(await spread()).toEqual({ ann: 2, bob: 2 });
      const [lead] = await run<{ lead_id: string }>(`select lead_id::text from lead_index where owner_id = $1 limit 1`, [staff.ann]);
      expect(await setOwner(t!.db, staff.boss, { kind: 'partner', id: lead.lead_id }, staff.bob)).toBe(true);
      await post(3);
      await runAssignmentPass(t!.handle);
      // ann 1, bob 3 after the change: ann twice, then a tie goes to the next in turn after ann.
      expect(await spread()).toEqual({ ann: 3, bob: 4 });
      const { events } = await getTimeline(t!.db, (await getLead(t!.db, 'partner', lead.lead_id))!, { admin: true });
      const owners = events.filter((e) => e.type === 'owner');
      expect(owners.map((e) => (e.type === 'owner' ? [e.to, e.by, e.byRule] : []))).toEqual([
        ['ann', null, true],
        ['bob', 'boss', false],
      ]);
    });

    it.runIf(on)('assigns a lead released from the Spam view then, and never one held as spam', async () => {
      await rule({ members: [staff.ann] });
      const state = await checkAndStoreLead(
        'partner',
        formData({ ...validLeads.partner, email: 'held@example.com', submissionToken: `tok_${crypto.randomUUID()}` }),
        { ...ctx(), via: 'page', proofKeys: async () => proofKeys(Buffer.from('a test link key of at least thirty-two characters')) },
      );
      expect(state.status).toBe('success');
      const [held] = await run<{ lead_id: string; status: string }>(`select lead_id::text, status from lead_index where lead_type = 'partner'`);
      expect(held.status).toBe('spam');
      await runAssignmentPass(t!.handle);
      expect(await spread()).toEqual({ nobody: 1 });
      expect(await releaseHeld(t!.db, staff.boss, { kind: 'partner', id: held.lead_id })).toBe(true);
      await runAssignmentPass(t!.handle);
      expect(await spread()).toEqual({ ann: 1 });
    });

    it.runIf(on)('assigns nothing of a kind without a rule, and refuses a rule it cannot keep with a specific message', async () => {
      await rule({ members: [staff.ann] });
      await post(2, 'agency');
      expect((await run(`select count(*)::int as n from assignment_queue`))[0].n).toBe(0);
      const active = new Set([staff.ann]);
      expect(checkRule({ kind: 'newsletter', method: 'round-robin', cap: '', members: [staff.ann] }, active)).toMatchObject({ ok: false, field: 'kind' });
      expect(checkRule({ kind: 'partner', method: 'random', cap: '', members: [staff.ann] }, active)).toMatchObject({ ok: false, field: 'method' });
      expect(checkRule({ kind: 'partner', method: 'round-robin', cap: '0', members: [staff.ann] }, active)).toMatchObject({ ok: false, field: 'cap' });
      expect(checkRule({ kind: 'partner', method: 'round-robin', cap: '2.5', members: [staff.ann] }, active)).toMatchObject({ ok: false, field: 'cap' });
      expect(checkRule({ kind: 'partner', method: 'round-robin', cap: '', members: [staff.bob] }, active)).toMatchObject({ ok: false, field: 'members' });
      expect(checkRule({ kind: 'partner', method: 'round-robin', cap: '3', members: [] }, active)).toMatchObject({ ok: false, field: 'members' });
      expect(checkRule({ kind: 'partner', method: 'fewest-open', cap: ' 1,000 ', members: [staff.ann] }, active)).toMatchObject({ ok: true, cap: 1000 });
    });
    it.runIf(on)('takes the settings from admins only, and the away toggle from anyone, back to a staff page only', async () => {
      const ctx = (id: string, role: 'admin' | 'member') => ({ db: t!.db, user: { id, email: 'x@example.com', name: 'x', role }, requestId: 'test' }) as unknown as StaffContext;
      const form = (fields: [string, string][]) => {
        const f = new FormData();
        for (const [k, v] of fields) f.append(k, v);
        return f;
      };
      const fields: [string, string][] = [['kind', 'partner'], ['method', 'round-robin'], ['cap', ''], ['members', staff.ann], ['members', staff.bob]];
      expect(await staffActions.saveAssignmentRule(ctx(staff.ann, 'member'), form(fields))).toMatchObject({ status: 403 });
      expect(await run(`select 1 from assignment_rules`)).toHaveLength(0);
      const refused = await staffActions.saveAssignmentRule(ctx(staff.admin, 'admin'), form([...fields.slice(0, 2), ['cap', 'lots'], ...fields.slice(3)]));
      expect(refused).toMatchObject({ result: { status: 'error', fieldErrors: { cap: expect.stringContaining('whole number') }, members: [staff.ann, staff.bob] } });
      expect(await staffActions.saveAssignmentRule(ctx(staff.admin, 'admin'), form(fields))).toMatchObject({
        result: { status: 'success', message: 'Saved: new partner applications go to 2 members by round robin.' },
      });
      expect((await run<{ members: string[] }>(`select members::text[] as members from assignment_rules`))[0].members).toEqual([staff.ann, staff.bob]);
      expect(await staffActions.setAvailability(ctx(staff.cat, 'member'), form([['intent', 'away'], ['return', 'https://evil.example/x']]))).toEqual({ redirect: '/staff' });
      expect((await run<{ away: boolean }>(`select away_since is not null as away from staff_users where id = $1`, [staff.cat]))[0].away).toBe(true);
      expect(await staffActions.setAvailability(ctx(staff.cat, 'member'), form([['intent', 'back'], ['return', '/staff/insights?days=7']]))).toEqual({ redirect: '/staff/insights?days=7' });
      expect((await run<{ away: boolean }>(`select away_since is not null as away from staff_users where id = $1`, [staff.cat]))[0].away).toBe(false);
    });
  });
}
