import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLimiters } from '@/lib/leads/rate-limit';
import { checkAndStoreLead, type SubmitContext } from '@/lib/leads/submit';
import { attributionOf } from '@/lib/leads/attribution';
import { exportLines, listLeads } from '@/lib/staff/inbox';
import { parseCsv } from '../support/csv-parser';
import { parseFilter } from '@/lib/staff/filters';
import { personData } from '@/lib/staff/data-requests';
import { loadLead } from '@/lib/notify/leads';
import { buildWebhookBody } from '@/lib/notify/message';
import { queryable } from '@/lib/db/connection';
import { databaseKinds, query, type TestDb } from '../support/vitest-databases';
import { formData, validLead } from '../support/lead-samples';

/** Where leads come from (issue 20): stored with the lead, filtered on in the inbox, in the webhook, the export and the data export. */
let n = 0;
for (const kind of databaseKinds) {
  describe(`lead attribution on ${kind.name}`, () => {
    let t: TestDb | undefined;
    beforeAll(async () => {
      t = await kind.open();
    });
    afterAll(async () => {
      await t?.cleanup();
    });
    const rows = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => query<T>(t!.handle, sql, params);
    const ctx = (over: Partial<SubmitContext>): SubmitContext => ({
      db: async () => t!.db,
      limiters: createLimiters({ perForm: 0, total: 0, windowSeconds: 60 }),
      ip: `10.6.0.${++n}`,
      requestId: 'attribution-test',
      ...over,
    });
    async function post(email: string, fields: Record<string, string>, referer: string | null, page: string | null = null) {
      const fd = formData({ ...validLead('partner', email), submissionToken: `tok_${crypto.randomUUID()}`, ...fields });
      await checkAndStoreLead('partner', fd, ctx({ attribution: attributionOf(fd, referer, 'postcraft.example', page) }));
      return (await rows<{ id: string }>(`select id from partner_applications where email = $1`, [email]))[0].id;
    }

    it('a lead stores its campaign tags, referring host and page, on either path; the inbox filters by source and campaign', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const tag = `${kind.name.toLowerCase()}${Date.now()}`;
      const js = await post(`js-${tag}@example.com`, { utm_source: 'News', utm_campaign: `spring-${tag}`, referrer: 'https://news.example/issue/12', page: '/partners' }, 'https://postcraft.example/partners?utm_source=News');
      const page = await post(`nojs-${tag}@example.com`, {}, `https://postcraft.example/partners?utm_source=news&utm_campaign=spring-${tag}`, '/partners');
      const plain = await post(`plain-${tag}@example.com`, {}, null, '/partners');
      expect(await rows(`select utm_source, utm_campaign, referrer_host, page from lead_attribution where lead_id = $1`, [js])).toEqual([
        { utm_source: 'News', utm_campaign: `spring-${tag}`, referrer_host: 'news.example', page: '/partners' },
      ]);
      expect(await rows(`select utm_source, referrer_host, page from lead_attribution where lead_id = $1`, [page])).toEqual([{ utm_source: 'news', referrer_host: null, page: '/partners' }]);

      const byCampaign = await listLeads(t.db, parseFilter({ campaign: `SPRING-${tag}` }));
      expect(byCampaign.rows.map((r) => r.id).sort()).toEqual([js, page].sort());
      expect(byCampaign.total).toBe(2);
      const bySource = await listLeads(t.db, parseFilter({ source: 'news', q: tag }));
      expect(bySource.rows.map((r) => r.id).sort()).toEqual([js, page].sort());
      const bytes: Uint8Array[] = [];
      for await (const chunk of exportLines(t.db, parseFilter({ q: tag }), { kinds: {}, statuses: {} })) bytes.push(chunk.bytes);
      const csv = Buffer.concat(bytes).toString('utf8');
      // The export's last eight columns: source, medium, campaign, term, content, referring host, page, affiliate code.
      const byId = new Map(parseCsv(csv).map((r) => [r[1], r.slice(-8)]));
      expect(byId.get(js)).toEqual(['News', '', `spring-${tag}`, '', '', 'news.example', '/partners', '']);
      expect(byId.get(page)).toEqual(['news', '', `spring-${tag}`, '', '', '', '/partners', '']);
      expect(byId.get(plain)).toEqual(['', '', '', '', '', '', '/partners', '']);

      const row = await loadLead(queryable(t.handle), 'partner', js);
      expect(JSON.parse(buildWebhookBody('partner', row!)).attribution).toEqual({ source: 'News', medium: null, campaign: `spring-${tag}`, term: null, content: null, referrer: 'news.example', page: '/partners', referral: null });

      const data = await personData(t.db, `js-${tag}@example.com`);
      expect(data.attribution).toEqual([{ table: 'partner_applications', id: js, utm_source: 'News', utm_medium: null, utm_campaign: `spring-${tag}`, utm_term: null, utm_content: null, referrer_host: 'news.example', page: '/partners', referral_code: null }]);
    });

    it('a campaign tag never makes a lead fail: odd values are cut and stored as text', async ({ skip }) => {
      if (!t) return skip('DATABASE_URL is not set');
      const id = await post(`odd-${kind.name}-${Date.now()}@example.com`, { utm_source: `'; drop table leads; --${'x'.repeat(400)}`, utm_term: '\u0000\u0007', page: 'not a path' }, 'https://postcraft.example/partners');
      const [a] = await rows<{ utm_source: string; utm_term: string | null; page: string }>(`select utm_source, utm_term, page from lead_attribution where lead_id = $1`, [id]);
      expect(a.utm_source.startsWith("'; drop table leads; --")).toBe(true);
      expect(a.utm_source).toHaveLength(100);
      expect(a.utm_term).toBeNull();
      expect(a.page).toBe('/partners');
    });
  });
}
