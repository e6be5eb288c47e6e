import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser } from '@/lib/staff/create-user';
import { csvCell, csvRecord } from '@/lib/staff/csv';
import { eraseForRequest, extendDeadline, getDataRequest, personData, recordIdentityCheck, unverifiedRefusal, verifyByLink } from '@/lib/staff/data-requests';
import { parseFilter } from '@/lib/staff/filters';
import { exportLines, listLeads } from '@/lib/staff/inbox';
import { parseCsv } from '../support/csv-parser';
import { getHistory } from '@/lib/staff/leads';
import { addNote, changeStatus, setOwner } from '@/lib/staff/triage';
import { databaseKinds, query, type TestDb } from '../support/vitest-databases';

describe('CSV cells', () => {
  it('quotes per RFC 4180 and neutralises formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    for (const bad of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(bad).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell(null)).toBe('');
    expect(csvRecord(['a', 1, null])).toBe('a,1,\r\n');
  });
});

for (const kind of databaseKinds) {
  describe(`inbox, triage and erasure on ${kind.name}`, () => {
    let t: TestDb | undefined;
    let staffId = '';
    const run = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => query<T>(t!.handle, sql, params);
    beforeAll(async () => {
      t = await kind.open();
      if (!t) return;
      staffId = (await createStaffUser(t.handle, { email: 'triage@example.com', name: 'Tri Age', role: 'member', password: 'correct horse battery' })).id;
    });
    afterAll(async () => {
      await t?.cleanup();
    });
    const active = () => Boolean(t);

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)('lists all kinds newest first, searches and filters with bound parameters', async () => {
      if (!active()) return;
      await run(`insert into partner_applications (first_name, last_name, email, company, partnership_type, message, created_at) values ('Ada','Lovelace','ada@x.example','Engines 100%','technology','hello there', now() - interval '1 hour')`);
      await run(`insert into agency_enquiries (name, email, business_name, monthly_budget, message, created_at) values ('Alan','alan@x.example','O''Brien & Co','5000+','msg', now() - interval '2 hours')`);
      await run(`insert into newsletter_subscriptions (email, source, created_at) values ('news@x.example','blog', '2020-05-01T00:00:00Z')`);
      const all = await listLeads(t!.db, parseFilter({}));
      expect(all.rows.map((r) => r.kind)).toEqual(['partner', 'agency', 'newsletter']);
      expect(all.rows[0]).toMatchObject({ name: 'Ada Lovelace', email: 'ada@x.example', company: 'Engines 100%', status: 'new', ownerId: null });
      expect((await listLeads(t!.db, parseFilter({ q: "o'brien" }))).rows.map((r) => r.kind)).toEqual(['agency']);
      expect((await listLeads(t!.db, parseFilter({ q: '100%' }))).total).toBe(1);
      expect((await listLeads(t!.db, parseFilter({ q: '%' }))).total).toBe(1); // a literal percent sign, not "anything"
      expect((await listLeads(t!.db, parseFilter({ q: "' or 1=1 --" }))).total).toBe(0);
      expect((await listLeads(t!.db, parseFilter({ type: 'newsletter' }))).total).toBe(1);
      expect((await listLeads(t!.db, parseFilter({ from: '2020-05-01', to: '2020-05-01' }))).total).toBe(1);
      expect((await listLeads(t!.db, parseFilter({ to: '2019-12-31' }))).total).toBe(0);
      expect((await listLeads(t!.db, parseFilter({ page: '99' }))).total).toBe(3);
    });

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)('records status changes with who and when, and filters by status and owner', async () => {
      if (!active()) return;
      const [lead] = (await listLeads(t!.db, parseFilter({ type: 'partner' }))).rows;
      const ref = { kind: lead.kind, id: lead.id };
      expect(await changeStatus(t!.db, staffId, [ref], 'contacted')).toEqual([ref]);
      expect(await changeStatus(t!.db, staffId, [ref], 'contacted')).toEqual([]); // no change, no history row
      await changeStatus(t!.db, staffId, [ref, { kind: 'contact', id: '00000000-0000-4000-8000-000000000000' }], 'qualified');
      expect(await setOwner(t!.db, staffId, ref, staffId)).toBe(true);
      expect(await setOwner(t!.db, staffId, ref, '00000000-0000-4000-8000-000000000000')).toBe(false);
      const history = await getHistory(t!.db, ref.kind, ref.id);
      expect(history.map((h) => `${h.fromStatus}>${h.toStatus}:${h.by}`)).toEqual(['contacted>qualified:Tri Age', 'new>contacted:Tri Age']);
      expect((await listLeads(t!.db, parseFilter({ status: 'qualified', owner: staffId }))).rows.map((r) => r.id)).toEqual([lead.id]);
      expect((await listLeads(t!.db, parseFilter({ owner: 'none' }))).total).toBe(2);
      await changeStatus(t!.db, staffId, [ref], 'archived');
      expect((await listLeads(t!.db, parseFilter({}))).total).toBe(2); // archived leaves the open view
      expect((await listLeads(t!.db, parseFilter({ status: 'all' }))).total).toBe(3);
      expect(await run('select 1 from lead_triage where lead_id = $1', ['00000000-0000-4000-8000-000000000000'])).toHaveLength(0);
    });

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)('export writes every row once, newest first, even with equal timestamps: by keyset pages, and on PostgreSQL by COPY, which a reader stopping early ends', async () => {
      if (!active()) return;
      await run(`insert into contact_messages (name, email, subject, message, created_at) select 'Bulk ' || g, 'bulk' || g || '@x.example', 's', 'm', '2021-01-01T00:00:00.123456Z' from generate_series(1, 23) g`);
      // What COPY's text format escapes (a backslash, a tab, line breaks) and what CSV quotes, in one row.
      const odd = 'Back\\slash\ttab, "quoted"\r\nnext line é';
      await run(`insert into contact_messages (name, email, subject, message, created_at) values ('Newest', 'newest@x.example', $1, 'm', '2022-01-01T00:00:00Z')`, [odd]);
      const labels = { kinds: { contact: 'Contact' }, statuses: { new: 'New' } };
      const ways = [{ batch: 5 }, ...(t!.handle.kind === 'postgres' ? [{ copyFrom: t!.handle.client }] : [])];
      const exported: string[] = [];
      for (const way of ways) {
        const bytes: Uint8Array[] = [];
        let rows = 0;
        for await (const chunk of exportLines(t!.db, parseFilter({ type: 'contact', status: 'all' }), labels, way)) {
          bytes.push(chunk.bytes);
          rows += chunk.rows;
        }
        const text = Buffer.concat(bytes).toString('utf8');
        exported.push(text);
        const records = parseCsv(text);
        expect(rows).toBe(24);
        expect(records).toHaveLength(24);
        expect(new Set(records.map((r) => r[1])).size).toBe(24);
        expect(text.endsWith('\r\n')).toBe(true);
        // Each line as lib/staff/csv.ts writes a record: the database builds them the same way.
        const [first, second] = records;
        expect(text.slice(0, text.indexOf('\r\nContact,') + 2)).toBe(csvRecord(first));
        expect(first.slice(2, 7)).toEqual(['2022-01-01T00:00:00.000Z', 'Newest', 'newest@x.example', '', 'Back\\slash\ttab, "quoted"\r\nnext line é']);
        expect(second.slice(0, 3)).toEqual(['Contact', second[1], '2021-01-01T00:00:00.123Z']);
        expect(second.slice(3, 9)).toEqual([second[3], second[4], '', 's', 'New', '']);
      }
      expect(new Set(exported).size).toBe(1);
      if (t!.handle.kind !== 'postgres') return;

      // An export stopped early (a download cancelled) ends its COPY: its connection is closed, no COPY is
      // left running, and the pool answers.
      await run(`insert into contact_messages (name, email, subject, message) select 'Many ' || g, 'many' || g || '@x.example', 's', repeat('m', 500) from generate_series(1, 5000) g`);
      const lines = exportLines(t!.db, parseFilter({ status: 'all' }), labels, { copyFrom: t!.handle.client });
      expect((await lines.next()).done).toBe(false);
      await lines.return(undefined);
      // The server sees the closed connection within moments (it notices when it next writes to it).
      const copying = async () => (await run<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and query like 'copy (%'`))[0].n;
      for (let i = 0; i < 50 && (await copying()) > 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await copying()).toBe(0);
      expect(await run(`select count(*)::int as n from contact_messages where name like 'Many %'`)).toEqual([{ n: 5000 }]);
    });

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)('the database writes a CSV field exactly as lib/staff/csv.ts does', async () => {
      if (!active()) return;
      const values = ['plain', 'a,b', 'say "hi"', 'two\r\nlines', '=SUM(A1)', '+1', '-2', '@x', '\tTab', '', 'naïve “quotes”, ü'];
      const rows = await run<{ cell: string }>(`select csv_cell(v) as cell from unnest($1::text[]) with ordinality as x(v, n) order by n`, [values]);
      expect(rows.map((r) => r.cell + ',').join('').slice(0, -1) + '\r\n').toBe(csvRecord(values));
      expect(await run(`select csv_cell(null) as cell`)).toEqual([{ cell: '' }]);
    });

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)('erasure deletes every row of the email in one transaction and audits counts only', async () => {
      if (!active()) return;
      const email = 'Subject@X.example';
      const [p] = await run<{ id: string }>(`insert into partner_applications (first_name, last_name, email, company, partnership_type, message) values ('S','J',$1,'C','referral','hello there') returning id`, [email]);
      await run(`insert into contact_messages (name, email, subject, message) values ('S', lower($1), 's', 'm')`, [email]);
      const [r] = await run<{ id: string }>(`insert into data_requests (email, type) values ($1, 'erase') returning id`, [email]);
      await addNote(t!.db, staffId, { kind: 'partner', id: p.id }, 'private remark');
      await changeStatus(t!.db, staffId, [{ kind: 'partner', id: p.id }], 'contacted');
      // The submission's token, which for a post without a token of its own is a hash of what was typed.
      await run(`insert into submission_tokens (token, lead_type, lead_id) values ('erasure-token-0123456789', 'partner', $1)`, [p.id]);

      const data = await personData(t!.db, email);
      expect(data.tables.partner_applications).toHaveLength(1);
      expect(data.tables.contact_messages).toHaveLength(1);
      expect(data.staff_notes).toHaveLength(1);

      // A failure inside the transaction leaves everything as it was.
      await expect(
        eraseForRequest(t!.db, r.id, staffId, async () => {
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await run('select 1 from partner_applications where id = $1', [p.id])).toHaveLength(1);
      expect(await run('select 1 from data_request_audit where request_id = $1', [r.id])).toHaveLength(0);

      const result = await eraseForRequest(t!.db, r.id, staffId);
      expect(result?.counts).toMatchObject({ partner_applications: 1, contact_messages: 1, data_requests: 1, lead_notes: 1, lead_triage: 1 });
      for (const table of ['partner_applications', 'contact_messages', 'data_requests']) {
        expect(await run(`select 1 from ${table} where lower(email) = lower($1)`, [email])).toHaveLength(0);
      }
      expect(await run('select 1 from lead_notes where lead_id = $1', [p.id])).toHaveLength(0);
      expect(await run('select 1 from lead_status_history where lead_id = $1', [p.id])).toHaveLength(0);
      expect(await run('select 1 from submission_tokens where lead_id = $1', [p.id])).toHaveLength(0);
      const audit = await run<{ row: string }>('select row_to_json(a)::text as row from data_request_audit a where request_id = $1', [r.id]);
      expect(audit).toHaveLength(1);
      expect(audit[0].row.toLowerCase()).not.toContain('subject@x.example');
      expect(await eraseForRequest(t!.db, r.id, staffId)).toBeNull(); // already done
    });

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)('a data request: unverified until its link is used or an admin records a check; due in 30 days, extended once to three months; its checks go with it', async () => {
      if (!active()) return;
      const email = `verify-${crypto.randomUUID()}@x.example`;
      const [r] = await run<{ id: string }>(`insert into data_requests (email, type, created_at) values ($1, 'export', '2026-01-31T10:00:00Z') returning id`, [email]);
      let request = (await getDataRequest(t!.db, r.id))!;
      expect(request.verified).toBeNull();
      expect(unverifiedRefusal(request)).toMatch(/^Not verified yet/);
      // 30 days from receipt (what /gdpr promises), not a calendar month.
      expect(request.dueBy.toISOString()).toBe('2026-03-02T10:00:00.000Z');
      expect(request.overdueDays).toBeGreaterThan(200);

      expect(await verifyByLink(t!.db, r.id)).toBe('verified');
      expect(await verifyByLink(t!.db, r.id)).toBe('already');
      request = (await getDataRequest(t!.db, r.id))!;
      expect(request.verified).toMatchObject({ via: 'link', note: null, by: null });
      expect(unverifiedRefusal(request)).toBeUndefined();

      expect(await extendDeadline(t!.db, request, 'Many requests this month.', staffId)).toBe(true);
      request = (await getDataRequest(t!.db, r.id))!;
      // Extended: the law's most, three months from receipt (a 31st gives the last day of a shorter month).
      expect(request.dueBy.toISOString()).toBe('2026-04-30T10:00:00.000Z');
      expect(await extendDeadline(t!.db, request, 'Again.', staffId)).toBe(false);

      // The inbox counts the same 30 days in SQL: a request received 30 days and an hour ago is overdue, one
      // received 29 days and 23 hours ago is not.
      const marker = crypto.randomUUID();
      for (const [age, overdue] of [['30 days 1 hour', true], ['29 days 23 hours', false]] as const) {
        await run(`insert into data_requests (email, type, created_at) values ($1, 'export', now() - $2::interval)`, [`due-${marker}-${overdue}@x.example`, age]);
        const listed = await listLeads(t!.db, parseFilter({ q: `due-${marker}-${overdue}` }));
        expect(listed.rows.map((row) => row.overdue), age).toEqual([overdue]);
      }

      const other = (await run<{ id: string }>(`insert into data_requests (email, type) values ($1, 'erase') returning id`, [email]))[0];
      await recordIdentityCheck(t!.db, (await getDataRequest(t!.db, other.id))!, 'Replied from the address.', staffId);
      expect((await getDataRequest(t!.db, other.id))!.verified).toMatchObject({ via: 'staff', note: 'Replied from the address.' });

      // The export holds how each request was checked; the audit holds no personal data.
      const data = await personData(t!.db, email);
      expect(data.data_request_checks).toHaveLength(2);
      const audit = await run<{ action: string }>('select action from data_request_audit where request_id = any($1::uuid[]) order by created_at', [[r.id, other.id]]);
      expect(audit.map((a) => a.action).sort()).toEqual(['extension', 'identity-check', 'verified']);
      expect(await verifyByLink(t!.db, crypto.randomUUID())).toBe('gone');

      // Erasing the person erases the requests and their checks.
      await eraseForRequest(t!.db, r.id, staffId);
      expect(await run('select 1 from data_request_checks where request_id = any($1::uuid[])', [[r.id, other.id]])).toHaveLength(0);
    });

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)('a search answers the same page however its matches lie: in the newest leads, a few old ones, or none', async () => {
      if (!active()) return;
      // 40 contact messages a minute apart: the 6 oldest named "Quill", the rest "Wren" (newest first: Wren 1..34, Quill 35..40).
      await run(`insert into contact_messages (name, email, subject, message, created_at)
        select case when g > 34 then 'Quill ' else 'Wren ' end || g, 'p' || g || '@window.example', 's', 'm', now() - interval '10 days' - g * interval '1 minute'
        from generate_series(1, 40) g`);
      const names = async (q: string, size: number, page = 1, window?: number) =>
        (await listLeads(t!.db, parseFilter({ q, page: String(page) }), size, {}, window ? { window } : {})).rows.map((r) => r.name);
      const wrens = Array.from({ length: 34 }, (_, i) => `Wren ${i + 1}`);
      const quills = Array.from({ length: 6 }, (_, i) => `Quill ${i + 35}`);
      for (const window of [undefined, 5]) {
        // Common: found in the window (a page of 3), or by walking the list (25 of 34).
        expect(await names('wren', 3, 1, window)).toEqual(wrens.slice(0, 3));
        expect(await names('wren', 25, 1, window)).toEqual(wrens.slice(0, 25));
        expect(await names('wren', 25, 2, window)).toEqual(wrens.slice(25));
        // Rare and old: none in a window of 5, found by the search's own index, in the list's order.
        expect(await names('quill', 25, 1, window)).toEqual(quills);
        expect(await names('quill', 4, 2, window)).toEqual(quills.slice(4));
        expect(await names('zzyzx', 25, 1, window)).toEqual([]);
      }
      expect((await listLeads(t!.db, parseFilter({ q: 'quill' }), 25, {}, { window: 5 })).total).toBe(6);
    });
  });
}
