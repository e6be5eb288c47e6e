import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { openDatabase } from '@/lib/db/connection';
import { migrationsFolder, runMigrations } from '@/lib/db/migrate';
import * as leadSchema from '@/lib/db/schema';
import * as outboxSchema from '@/lib/db/outbox-schema';
import * as staffSchema from '@/lib/db/staff-schema';
import * as conversationSchema from '@/lib/db/conversation-schema';
import * as assignmentSchema from '@/lib/db/assignment-schema';
import { pendingLeadIndexSql } from '@/lib/db/lead-index-triggers';
import { leadKindNames, leadKinds, type LeadKind } from '@/lib/leads/kinds';
import { createLimiters } from '@/lib/leads/rate-limit';
import { checkAndStoreLead } from '@/lib/leads/submit';
import { purgeExpired } from '@/lib/retention/purge';
import { createStaffUser } from '@/lib/staff/create-user';
import { eraseForRequest, personData } from '@/lib/staff/data-requests';
import { parseFilter } from '@/lib/staff/filters';
import { exportLines, listLeads } from '@/lib/staff/inbox';
import { getInsights, parseRange } from '@/lib/staff/insights';
import { kindByKind, statusLabel } from '@/lib/staff/lead-kinds';
import { queryable } from '@/lib/db/connection';
import { parseCsv } from '../support/csv-parser';
import { recordingConsent, webinarSessions } from '../support/fixture-kind';
import { formData, validLead } from '../support/lead-samples';
import { createTempPostgres, drizzleOf, query, tempDir, type Handle } from '../support/vitest-databases';

// Issue 34: a kind is complete from its registry entry. This file adds one more kind to the registry at
// test time (the webinar registration of tests/support/fixture-kind.ts, as a new engineer would add it to
// lib/leads/kinds.ts), makes its migration the way `npm run db:generate` does (drizzle-kit's schema diff,
// then the generated lead_index trigger), and with no other edit finds a lead of every kind, the new one
// included, in the inbox, the CSV export, the insights and a person's data export, then erased by a data
// request and removed by the retention purge, on both databases.

vi.mock('@/lib/leads/kinds', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/leads/kinds')>();
  const { webinarKind } = await import('../support/fixture-kind');
  // What adding an entry to `leadKinds` does: the module's own lists follow from it.
  const kinds = real.leadKinds as Record<string, unknown>;
  kinds.webinar = webinarKind;
  (real.leadKindNames as string[]).push('webinar');
  (real.leadFields as Record<string, readonly string[]>).webinar = Object.entries(webinarKind.fields)
    .filter(([, f]) => (f.rule as { type: string }).type !== 'fixed')
    .map(([name]) => name);
  return real;
});

const newKind = 'webinar' as LeadKind;

/** The migrations folder with the migration `npm run db:generate` would write for the new kind. */
async function migrationsWithNewKind(): Promise<{ folder: string; sql: string }> {
  const folder = tempDir('postcraft-kind-migrations-');
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };
  const last = journal.entries.at(-1)!;
  const prev = JSON.parse(fs.readFileSync(path.join(folder, 'meta', `${last.tag.slice(0, 4)}_snapshot.json`), 'utf8'));
  // drizzle-kit reads the tables a schema module exports: the new kind's line in lib/db/schema.ts's export.
  const exported = { ...leadSchema, ...staffSchema, ...outboxSchema, ...conversationSchema, ...assignmentSchema, webinarRegistrations: leadSchema.leadTables[newKind] };
  const cur = generateDrizzleJson(exported, prev.id);
  const statements = await generateMigration(prev, cur as never);
  const tag = `${String(last.idx + 1).padStart(4, '0')}_webinar`;
  journal.entries.push({ idx: last.idx + 1, version: '7', when: last.when + 1, tag, breakpoints: true } as never);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  fs.writeFileSync(path.join(folder, `${tag}.sql`), statements.join('\n--> statement-breakpoint\n'));
  const triggers = pendingLeadIndexSql(folder);
  expect(triggers.kinds).toEqual([newKind]);
  const sql = `${statements.join('\n--> statement-breakpoint\n')}\n--> statement-breakpoint\n${triggers.sql}\n`;
  fs.writeFileSync(path.join(folder, `${tag}.sql`), sql);
  expect(pendingLeadIndexSql(folder).kinds).toEqual([]);
  return { folder, sql };
}

const databases: { name: string; open: (folder: string) => Promise<{ handle: Handle; done: () => Promise<void> } | undefined> }[] = [
  {
    name: 'PGlite',
    open: async (folder) => {
      const handle = await openDatabase({ dataDir: tempDir(), databaseUrl: '' });
      await runMigrations(handle, folder);
      return { handle, done: () => handle.close() };
    },
  },
  {
    name: 'PostgreSQL',
    open: async (folder) => {
      const temp = await createTempPostgres();
      if (!temp) return undefined;
      const handle = await openDatabase({ databaseUrl: temp.url });
      await runMigrations(handle, folder);
      return {
        handle,
        done: async () => {
          await handle.close();
          await temp.drop();
        },
      };
    },
  },
];

describe('a kind added to the registry', () => {
  let migration: { folder: string; sql: string };
  beforeAll(async () => {
    migration = await migrationsWithNewKind();
  });

  it('gets its table, its place in the lead_type checks and its lead_index trigger from one generated migration', () => {
    expect(leadKindNames).toContain(newKind);
    expect(migration.sql).toMatch(/CREATE TABLE "webinar_registrations"/);
    expect(migration.sql).toMatch(/lead_triage_type_check[\s\S]*'webinar'/);
    expect(migration.sql).toMatch(/CREATE TRIGGER "webinar_registrations_lead_index" AFTER INSERT OR UPDATE OR DELETE ON "webinar_registrations"/);
    // Its consent box widens the purposes a consent record may name; its session dates are content (no check),
    // its optional box is a nullable column that holds only 'yes'.
    expect(migration.sql).toMatch(/consent_records_purpose_check[\s\S]*'recording'/);
    expect(migration.sql).not.toMatch(/session_date_check/);
    expect(migration.sql).toMatch(/"send_recording" text,/);
    expect(migration.sql).toMatch(/webinar_registrations_send_recording_check" CHECK \("webinar_registrations"\."send_recording" in \('yes'\)\)/);
  });

  for (const kind of databases) {
    describe(`on ${kind.name}`, () => {
      let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
      beforeAll(async () => {
        db = await kind.open(migration.folder);
      });
      afterAll(async () => {
        await db?.done();
      });
      const active = () => kind.name === 'PGlite' || Boolean(process.env.DATABASE_URL);

      /** One lead of every kind, from `email`, through the store's real path; their ids by kind. */
      async function leadOfEveryKind(email: string): Promise<Record<string, string>> {
        const d = drizzleOf(db!.handle);
        const ids: Record<string, string> = {};
        for (const k of leadKindNames) {
          const state = await checkAndStoreLead(k, formData({ ...validLead(k, email), submissionToken: crypto.randomUUID() }), {
            db: async () => d,
            limiters: createLimiters({ perForm: 0, total: 0, windowSeconds: 60 }),
            ip: '192.0.2.34',
            requestId: 'kind-complete',
            page: '/somewhere',
            attribution: { source: 'kindtest', medium: null, campaign: `camp-${k}`, term: null, content: null, referrer: null, page: '/somewhere', referral: null },
          });
          expect(state.status, `${k}: ${JSON.stringify(state)}`).toBe('success');
          const [row] = await query<{ id: string }>(db!.handle, `select id from ${leadKinds[k].table} where lower(email) = lower($1)`, [email]);
          expect(row, k).toBeDefined();
          ids[k] = row.id;
        }
        return ids;
      }

      it.runIf(active())('finds a lead of every kind in the inbox, the CSV export, the insights and the data export', async () => {
        const d = drizzleOf(db!.handle);
        const email = `every-kind-${kind.name.toLowerCase()}@example.com`;
        const ids = await leadOfEveryKind(email);

        for (const k of leadKindNames) {
          const slug = leadKinds[k].slug;
          const listed = await listLeads(d, parseFilter({ type: slug, q: email }));
          expect(listed.rows.map((r) => [r.kind, r.id]), k).toEqual([[k, ids[k]]]);
          expect(listed.rows[0].email.toLowerCase()).toBe(email);
        }
        const all = await listLeads(d, parseFilter({ q: email }));
        expect(all.total).toBe(leadKindNames.length);

        const labels = { kinds: Object.fromEntries(leadKindNames.map((k) => [k, kindByKind[k].label])), statuses: statusLabel };
        const chunks: Uint8Array[] = [];
        for await (const chunk of exportLines(d, parseFilter({ q: email, status: 'all' }), labels)) chunks.push(chunk.bytes);
        const records = parseCsv(Buffer.concat(chunks).toString('utf8'));
        expect(records.map((r) => r[0]).sort()).toEqual(leadKindNames.map((k) => kindByKind[k].label).sort());
        expect(records.find((r) => r[1] === ids[newKind])?.[6]).toBe(validLead(newKind, email).session);

        const insights = await getInsights(d, parseRange(new URLSearchParams('days=7')));
        for (const k of leadKindNames) expect(insights.totals[k], k).toBeGreaterThanOrEqual(1);
        expect(insights.campaigns.map((c) => c.key)).toContain(`camp-${newKind}`);

        const exported = await personData(d, email);
        for (const k of leadKindNames) expect(exported.tables[leadKinds[k].table].map((r) => r.id), k).toEqual([ids[k]]);
        expect(exported.attribution.filter((a) => a.utm_campaign === `camp-${newKind}`)).toHaveLength(1);
        // The ticked recording box is a consent given, recorded with its words, in the person's export too.
        expect(exported.tables.webinar_registrations[0]).toMatchObject({ session_date: webinarSessions[0].value, send_recording: 'yes' });
        expect(exported.consents.filter((c) => c.id === ids[newKind]).map((c) => [c.purpose, c.words])).toEqual([[recordingConsent.purpose, recordingConsent.words]]);
      });

      it.runIf(active())('erases every kind with a data request, and the retention purge removes every kind with what is attached', async () => {
        const d = drizzleOf(db!.handle);
        const staff = await createStaffUser(db!.handle, { email: `eraser-${kind.name.toLowerCase()}@example.com`, name: 'Era Ser', role: 'admin', password: 'correct horse battery' });
        const email = `erase-me-${kind.name.toLowerCase()}@example.com`;
        const ids = await leadOfEveryKind(email);
        const erased = await eraseForRequest(d, ids.dataRequest, staff.id);
        expect(erased?.erased.map((e) => e.kind).sort()).toEqual([...leadKindNames].sort());
        expect(await query(db!.handle, `select lead_type from lead_index where lower(email) = lower($1)`, [email])).toEqual([]);
        expect(await query(db!.handle, `select lead_type from lead_attribution where lead_id = any($1::uuid[])`, [Object.values(ids)])).toEqual([]);

        // Leads received long ago: the purge, run on a clock set 40 years forward, removes every kind.
        const old = `purged-${kind.name.toLowerCase()}@example.com`;
        const oldIds = await leadOfEveryKind(old);
        // A newsletter subscription expires unconfirmed; the others by their age.
        const later = new Date(Date.now() + 40 * 365 * 86_400_000);
        await purgeExpired(queryable(db!.handle), later);
        for (const k of leadKindNames) {
          expect(await query(db!.handle, `select 1 from ${leadKinds[k].table} where id = $1`, [oldIds[k]]), k).toEqual([]);
        }
        expect(await query(db!.handle, `select lead_type from lead_index where lower(email) = lower($1)`, [old])).toEqual([]);
        expect(await query(db!.handle, `select lead_type from lead_attribution where lead_id = any($1::uuid[])`, [Object.values(oldIds)])).toEqual([]);
      });
    });
  }
});
