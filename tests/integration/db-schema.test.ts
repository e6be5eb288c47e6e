import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempPostgres, openTempPglite, query, type Handle } from '../support/vitest-databases';
import { openDatabase } from '@/lib/db/connection';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrationsFolder, runMigrations } from '@/lib/db/migrate';

const expectedColumns: Record<string, string[]> = {
  partner_applications: ['id', 'first_name', 'last_name', 'email', 'company', 'partnership_type', 'message', 'created_at'],
  affiliate_applications: ['id', 'first_name', 'last_name', 'email', 'website', 'audience_size', 'created_at'],
  agency_enquiries: ['id', 'name', 'email', 'business_name', 'monthly_budget', 'message', 'created_at'],
};

function schemaSuite(kind: string, open: () => Promise<{ handle: Handle; cleanup: () => Promise<void> } | undefined>) {
  describe(`lead tables on ${kind}`, () => {
    let ctx: { handle: Handle; cleanup: () => Promise<void> } | undefined;
    beforeAll(async () => {
      ctx = await open();
    });
    afterAll(async () => {
      await ctx?.cleanup();
    });

    it('has the fixed columns, a uuid key and a created_at set by the database', async (t) => {
      if (!ctx) return t.skip();
      for (const [table, cols] of Object.entries(expectedColumns)) {
        const rows = await query<{ column_name: string; data_type: string; is_nullable: string; column_default: string | null }>(
          ctx.handle,
          `select column_name, data_type, is_nullable, column_default from information_schema.columns
           where table_schema = 'public' and table_name = $1`,
          [table],
        );
        expect(rows.map((r) => r.column_name).sort(), table).toEqual([...cols].sort());
        const id = rows.find((r) => r.column_name === 'id')!;
        expect(id.data_type).toBe('uuid');
        const created = rows.find((r) => r.column_name === 'created_at')!;
        expect(created.data_type).toBe('timestamp with time zone');
        expect(created.is_nullable).toBe('NO');
        expect(created.column_default).toBe('now()');
      }
    });

    it('stores the fixed enumeration values and refuses any other', async (t) => {
      if (!ctx) return t.skip();
      const h = ctx.handle;
      for (const type of ['technology', 'reseller', 'referral', 'strategic']) {
        await query(h, `insert into partner_applications (first_name, last_name, email, company, partnership_type, message)
          values ('Ada', 'Lovelace', 'ada@example.com', 'Engines Ltd', $1, 'A long enough message')`, [type]);
      }
      await expect(
        query(h, `insert into partner_applications (first_name, last_name, email, company, partnership_type, message)
          values ('Ada', 'L', 'a@example.com', 'E', 'Technology Integration', 'A long enough message')`),
      ).rejects.toThrow(/partnership_type_check/);

      for (const size of ['Less than 1,000', '1,000 - 10,000', '10,000 - 100,000', '100,000+']) {
        await query(h, `insert into affiliate_applications (first_name, last_name, email, website, audience_size)
          values ('Grace', 'Hopper', 'grace@example.com', 'https://example.com', $1)`, [size]);
      }
      await expect(
        query(h, `insert into affiliate_applications (first_name, last_name, email, website, audience_size)
          values ('G', 'H', 'g@example.com', 'https://example.com', '1000')`),
      ).rejects.toThrow(/audience_size_check/);

      for (const budget of ['500-1000', '1000-2500', '2500-5000', '5000+']) {
        await query(h, `insert into agency_enquiries (name, email, business_name, monthly_budget, message)
          values ('Alan', 'alan@example.com', 'Turing & Co', $1, 'We need help')`, [budget]);
      }
      await expect(
        query(h, `insert into agency_enquiries (name, email, business_name, monthly_budget, message)
          values ('A', 'a@example.com', 'B', '$500 - $1,000', 'M')`),
      ).rejects.toThrow(/monthly_budget_check/);

      const [row] = await query<{ n: number; fresh: boolean }>(
        h,
        `select count(*)::int as n, bool_and(created_at > now() - interval '1 minute') as fresh from agency_enquiries`,
      );
      expect(row).toEqual({ n: 4, fresh: true });
    });

    it('applies migrations idempotently', async (t) => {
      if (!ctx) return t.skip();
      await runMigrations(ctx.handle);
      const [row] = await query<{ n: number }>(ctx.handle, 'select count(*)::int as n from partner_applications');
      expect(row.n).toBe(4);
    });

    it('refuses, naming it, a migration dated before one the database already has (drizzle would skip it)', async (t) => {
      if (!ctx) return t.skip();
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'postcraft-migrations-'));
      fs.cpSync(migrationsFolder, folder, { recursive: true });
      const journalPath = path.join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8'));
      // A branch's migration merged late: numbered after the others, dated before the last applied one.
      journal.entries.push({ idx: journal.entries.length, version: '7', when: journal.entries[1].when + 1, tag: '9999_merged_late', breakpoints: true });
      fs.writeFileSync(journalPath, JSON.stringify(journal));
      fs.writeFileSync(path.join(folder, '9999_merged_late.sql'), 'create table merged_late (id int);');
      try {
        await expect(runMigrations(ctx.handle, folder)).rejects.toThrow(/migration 9999_merged_late was not applied/);
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    });
  });
}

schemaSuite('PGlite', async () => {
  const { handle } = await openTempPglite();
  return { handle, cleanup: () => handle.close() };
});

schemaSuite('PostgreSQL (DATABASE_URL)', async () => {
  const temp = await createTempPostgres();
  if (!temp) return undefined;
  const handle = await openDatabase({ databaseUrl: temp.url });
  await runMigrations(handle);
  return {
    handle,
    cleanup: async () => {
      await handle.close();
      await temp.drop();
    },
  };
});
