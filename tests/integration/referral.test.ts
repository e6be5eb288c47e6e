import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabase } from '@/lib/db/client';
import { queryable } from '@/lib/db/connection';
import { referralCookieName } from '@/lib/leads/referral';
import { answerPagePost, submitLeadForm } from '@/lib/leads/submit-form';
import { loadLead } from '@/lib/notify/leads';
import { buildEmail, buildWebhookBody } from '@/lib/notify/message';
import { personData } from '@/lib/staff/data-requests';
import { parseFilter } from '@/lib/staff/filters';
import { exportLines } from '@/lib/staff/inbox';
import { getAttribution } from '@/lib/staff/leads';
import { parseRange } from '@/lib/staff/insights';
import { listReferralCounts } from '@/lib/staff/referrals';
import { parseCsv } from '../support/csv-parser';
import { formData, validLead } from '../support/lead-samples';
import { databaseKinds, query, type TestDb } from '../support/vitest-databases';

/**
 * The affiliate's code (issue 30, docs/leads.md#referral) on both databases: a lead posted with the referral
 * cookie, on either path, stores the code with its attribution (read from the request's cookies, never from a
 * form field); staff find it on the lead, in the CSV export, the webhook, the staff email and the person's data
 * export; the insights count leads and trials per code.
 */
const today = new Date();
const daysAgo = (n: number) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - n, 10)).toISOString();
let n = 0;

for (const kind of databaseKinds) {
  describe(`the affiliate's code on ${kind.name}`, () => {
    let t: TestDb | undefined;
    beforeAll(async () => {
      t = await kind.open();
      if (t) useDatabase(t.handle);
    });
    afterAll(async () => {
      await t?.cleanup();
    });
    const rows = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => query<T>(t!.handle, sql, params);
    const meta = (cookie: string | null) => ({ ip: `10.9.${kind.name.length}.${++n}`, requestId: 'referral-test', via: 'script' as const, referer: 'https://postcraft.example/signup', host: 'postcraft.example', cookie });
    const trialFields = (email: string, extra: Record<string, string> = {}) => formData({ ...validLead('trial', email), submissionToken: `tok_${crypto.randomUUID()}`, ...extra });
    const trialId = async (email: string) => (await rows<{ id: string }>(`select id from trial_requests where email = $1`, [email]))[0].id;

    it('a trial posted with the referral cookie stores its code, with JavaScript and without; a form field is never taken for it', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const tag = `${kind.name.toLowerCase()}-${Date.now()}`;
      await submitLeadForm('trial', trialFields(`js-${tag}@example.com`), meta(`theme=dark; ${referralCookieName}=jane-doe`));
      const js = await trialId(`js-${tag}@example.com`);

      const body = new URLSearchParams({ ...validLead('trial', `page-${tag}@example.com`), submissionToken: `tok_${crypto.randomUUID()}` });
      const request = new Request('https://postcraft.example/signup?form=trial', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${referralCookieName}=JohnS_2`, referer: 'https://postcraft.example/signup' },
      });
      const answer = await answerPagePost(request, '/signup', { ip: `10.9.9.${++n}`, requestId: 'referral-test' });
      expect(answer?.state.status).toBe('success');
      const page = await trialId(`page-${tag}@example.com`);

      // Without the cookie: a posted `ref` or `referral` field, or a cookie whose value is not a code, stores none.
      await submitLeadForm('trial', trialFields(`forged-${tag}@example.com`, { ref: 'forged', referral: 'forged' }), meta(`${referralCookieName}=<script>`));
      const forged = await trialId(`forged-${tag}@example.com`);

      expect(await rows(`select lead_id::text as id, referral_code from lead_attribution where lead_id = any($1::uuid[]) order by referral_code nulls last`, [[js, page, forged]])).toEqual([
        { id: page, referral_code: 'JohnS_2' },
        { id: js, referral_code: 'jane-doe' },
        { id: forged, referral_code: null },
      ]);
      // The inbox's index of leads keeps it too (the insights read it there).
      expect(await rows(`select lead_id::text as id, referral_code from lead_index where lead_id = any($1::uuid[]) order by referral_code nulls last`, [[js, page, forged]])).toEqual([
        { id: page, referral_code: 'JohnS_2' },
        { id: js, referral_code: 'jane-doe' },
        { id: forged, referral_code: null },
      ]);
      expect((await getAttribution(t.db, 'trial', js))?.referral).toBe('jane-doe');
    });

    it('staff see it in the CSV export, the webhook, the staff email and the person’s data export', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const tag = `csv-${kind.name.toLowerCase()}-${Date.now()}`;
      const email = `${tag}@example.com`;
      await submitLeadForm('trial', trialFields(email), meta(`${referralCookieName}=ada-l`));
      await submitLeadForm('trial', trialFields(`none-${tag}@example.com`), meta(null));
      const id = await trialId(email);

      const bytes: Uint8Array[] = [];
      for await (const chunk of exportLines(t.db, parseFilter({ q: tag, status: 'all' }), { kinds: {}, statuses: {} })) bytes.push(chunk.bytes);
      const csv = parseCsv(Buffer.concat(bytes).toString('utf8'));
      expect(csv).toHaveLength(2);
      // The last column: the affiliate code (src/pages/staff/export.ts names it "Affiliate code").
      expect(new Map(csv.map((r) => [r[4], r.at(-1)]))).toEqual(new Map([[email, 'ada-l'], [`none-${tag}@example.com`, '']]));

      const lead = await loadLead(queryable(t.handle), 'trial', id);
      expect(JSON.parse(buildWebhookBody('trial', lead!)).attribution).toMatchObject({ page: '/signup', referral: 'ada-l' });
      expect(buildEmail('trial', lead!, { from: 'f@x.example', to: 't@x.example', deliveryId: 'd' }).text).toContain('Affiliate code: ada-l\n');

      const data = await personData(t.db, email);
      expect(data.attribution).toEqual([expect.objectContaining({ table: 'trial_requests', id, page: '/signup', referral_code: 'ada-l' })]);
    });

    it('the insights count leads and trials per code, most leads first, spam and other days left out', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const lead = async (type: 'trial' | 'partner', code: string | null, at: string, status?: string) => {
        const [{ id }] =
          type === 'trial'
            ? await rows<{ id: string }>(`insert into trial_requests (name, email, plan, billing, terms_accepted, created_at) values ('K', $1, 'pro', 'monthly', 'yes', $2) returning id`, [`${crypto.randomUUID()}@x.example`, at])
            : await rows<{ id: string }>(
                `insert into partner_applications (first_name, last_name, email, company, partnership_type, message, created_at) values ('A', 'B', $1, 'C', 'technology', 'A message of ten+', $2) returning id`,
                [`${crypto.randomUUID()}@x.example`, at],
              );
        await rows(`insert into lead_attribution (lead_type, lead_id, page, referral_code) values ($1, $2, '/signup', $3)`, [type, id, code]);
        if (status) await rows(`insert into lead_triage (lead_type, lead_id, status) values ($1, $2, $3)`, [type, id, status]);
      };
      // Leads of other tests of this file are in the range too: these codes are their own.
      await lead('trial', 'zed', daysAgo(1));
      await lead('partner', 'zed', daysAgo(2));
      await lead('partner', 'zed', daysAgo(3));
      await lead('trial', 'amy', daysAgo(1));
      await lead('trial', 'amy', daysAgo(0));
      await lead('partner', 'bob', daysAgo(5));
      await lead('trial', 'bob', daysAgo(40)); // outside the last 30 days
      await lead('trial', 'bob', daysAgo(1), 'spam'); // spam: in no figure
      await lead('partner', null, daysAgo(1));

      const counts = await listReferralCounts(t.db, parseRange(new URLSearchParams('days=30')));
      const mine = counts.top.filter((c) => ['zed', 'amy', 'bob'].includes(c.code));
      expect(mine).toEqual([
        { code: 'zed', leads: 3, trials: 1 },
        { code: 'amy', leads: 2, trials: 2 },
        { code: 'bob', leads: 1, trials: 0 },
      ]);
      const all = await rows<{ codes: number; leads: number }>(
        `select count(distinct referral_code)::int as codes, count(*)::int as leads from lead_index where referral_code is not null and status <> 'spam' and created_at >= current_date - 29`,
      );
      expect({ codes: counts.codes, leads: counts.leads }).toEqual(all[0]);
      const top2 = await listReferralCounts(t.db, parseRange(new URLSearchParams('days=30')), 2);
      expect(top2.top).toHaveLength(2);
      expect(top2.codes).toBe(counts.codes);
      expect(top2.leads).toBe(counts.leads);
      // A week: zed's lead of three days ago counts, bob's of five days ago too; none of 40 days ago.
      expect((await listReferralCounts(t.db, parseRange(new URLSearchParams('days=7')))).top.find((c) => c.code === 'bob')).toEqual({ code: 'bob', leads: 1, trials: 0 });
    });

    it('the per-code count reads only the referred leads of the range, from their own index', async ({ skip }) => {
      if (!t || t.kind !== 'postgres') return skip('PostgreSQL only (EXPLAIN of its planner)');
      const client = queryable(t.handle);
      await client.query('analyze lead_index');
      // With so few rows the planner would read the table: asked not to, it shows the index serves the query.
      await client.query('set enable_seqscan = off');
      try {
        const plan = await client.query(
          `explain select i.referral_code, count(*), count(*) filter (where i.lead_type = 'trial') from lead_index i
           where i.referral_code is not null and i.status <> 'spam' and i.created_at >= current_date - 29 and i.created_at < current_date + 1 group by 1`,
        );
        expect((plan.rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Index Only Scan using lead_index_referral_idx/);
      } finally {
        await client.query('reset enable_seqscan');
      }
    });
  });
}
