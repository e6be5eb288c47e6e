import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/connection';
import { CopyError, copyToPostgres, formatReport, type CopyReport } from '@/lib/db/copy';
import { runMigrations } from '@/lib/db/migrate';
import { parseFilter } from '@/lib/staff/filters';
import { listLeads } from '@/lib/staff/inbox';
import { getNotes } from '@/lib/staff/leads';
import { addNote } from '@/lib/staff/triage';
import { fillDatabase, fingerprints, postLead, staffView, type Filled } from '../support/filled-database';
import { createTempPostgres, drizzleOf, openTempPglite, query, type Handle } from '../support/vitest-databases';

// Issue 33, part 5: the embedded database copied into a PostgreSQL server (`npm run db:copy-to-postgres`,
// lib/db/copy.ts). A PGlite with leads of every kind, notes, status changes, owners, consents, attribution,
// outbox rows and page counts is copied; every table then holds the same rows, the inbox and every lead's page
// answer the same, and a lead posted to the copy afterwards is stored and listed (triggers, defaults, sequences).
const run = process.env.DATABASE_URL ? describe : describe.skip;

run('copy of the embedded database into PostgreSQL', () => {
  let dataDir = '';
  let filled: Filled;
  let before: { prints: Awaited<ReturnType<typeof fingerprints>>; view: Awaited<ReturnType<typeof staffView>> };
  let target: { url: string; drop: () => Promise<void> } | undefined;
  let handle: Handle | undefined;
  let report: CopyReport;

  beforeAll(async () => {
    const source = await openTempPglite();
    dataDir = source.dataDir;
    filled = await fillDatabase(source.handle, 'copy');
    // Enough page counts for page_views to span many pages, so that the copy slices it (batchPages: 1 below).
    await query(source.handle, `insert into page_views (day, path, views) select date '2025-01-01' + (g % 300), '/p/' || g, g from generate_series(1, 3000) g`);
    before = { prints: await fingerprints(source.handle), view: await staffView(source.handle, filled) };
    await source.handle.close();
    target = await createTempPostgres();
  }, 180_000); // a new PGlite takes its initdb: half a minute on a busy 2-core machine
  afterAll(async () => {
    await handle?.close();
    await target?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  it('refuses a data folder a running server holds', async () => {
    // What a running server leaves in its data folder: the lock file with its process id (lib/db/connection.ts).
    const holder = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(path.join(dataDir, 'postmaster.lock'), String(holder.pid));
      await expect(copyToPostgres({ dataDir, to: target!.url })).rejects.toThrow(`in use by another process (pid ${holder.pid})`);
    } finally {
      holder.kill();
      fs.rmSync(path.join(dataDir, 'postmaster.lock'), { force: true });
    }
    await expect(copyToPostgres({ dataDir: `${dataDir}-missing`, to: target!.url })).rejects.toThrow(/no embedded database in/);
  });

  it('leaves the target migrated and empty when the copy fails half-way, and a second run copies', async () => {
    await expect(
      copyToPostgres({
        dataDir,
        to: target!.url,
        afterTable: (table) => {
          if (table === 'lead_triage') throw new Error('the network went away');
        },
      }),
    ).rejects.toThrow('the network went away');
    // A row counted by the statistics could be one of a rolled-back COPY: count exactly instead.
    const h = await openDatabase({ databaseUrl: target!.url });
    try {
      const tables = await query<{ name: string }>(h, `select tablename as name from pg_tables where schemaname = 'public'`);
      for (const { name } of tables) expect(await query(h, `select 1 from "${name}" limit 1`), name).toEqual([]);
      // Migrated: the next start has nothing to apply.
      expect((await query<{ n: number }>(h, 'select count(*)::int as n from drizzle.__drizzle_migrations'))[0].n).toBe(before.prints['drizzle.__drizzle_migrations'].rows);
      expect((await query<{ enabled: string }>(h, `select distinct tgenabled as enabled from pg_trigger where not tgisinternal`)).map((r) => r.enabled)).toEqual(['O']);
    } finally {
      await h.close();
    }

    const lines: string[] = [];
    report = await copyToPostgres({ dataDir, to: target!.url, batchPages: 1, log: (l) => lines.push(l) });
    expect(lines.some((l) => l.startsWith('copied lead_index'))).toBe(true);
    expect(lines.find((l) => l.startsWith('copied page_views'))).toMatch(/in \d{2,} slices/);
    for (const t of report.tables) expect(t.target, t.table).toBe(t.source);
    expect(report.tables.find((t) => t.table === 'lead_index')?.source).toBe(filled.leads.length);
    expect(formatReport(report)).toMatch(new RegExp(`^lead_index\\s+${filled.leads.length}\\s+${filled.leads.length}$`, 'm'));
  }, 120_000);

  it('every table holds the same rows, value for value, lead_index included, and the sequences follow', async () => {
    handle = await openDatabase({ databaseUrl: target!.url });
    const after = await fingerprints(handle);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before.prints).sort());
    expect(after).toEqual(before.prints);
    // The tables this test means to cover are not empty (a copy of empty tables would compare equal too).
    for (const table of ['partner_applications', 'affiliate_applications', 'agency_enquiries', 'contact_messages', 'newsletter_subscriptions', 'data_requests', 'trial_requests',
      'lead_index', 'lead_triage', 'lead_status_history', 'lead_notes', 'lead_attribution', 'lead_screening', 'consent_records', 'notification_outbox', 'submission_tokens',
      'staff_users', 'data_request_checks', 'data_request_audit', 'app_secrets', 'page_views', 'page_view_days', 'drizzle.__drizzle_migrations']) {
      expect(after[table]?.rows, table).toBeGreaterThan(0);
    }
    const [seq] = await query<{ last: string; max: number }>(handle, `select (select last_value from drizzle.__drizzle_migrations_id_seq)::text as last, (select max(id) from drizzle.__drizzle_migrations) as max`);
    expect(Number(seq.last)).toBe(Number(seq.max));
    expect(report.sequences).toEqual([{ name: 'drizzle.__drizzle_migrations_id_seq', value: Number(seq.max) }]);
  });

  it('serves the same inbox and the same lead pages, and passes the start-up checks', async () => {
    expect(await staffView(handle!, filled)).toEqual(before.view);
    const migrations = before.prints['drizzle.__drizzle_migrations'].rows;
    await runMigrations(handle!); // applies nothing, and finds every lead table's trigger
    expect((await query<{ n: number }>(handle!, 'select count(*)::int as n from drizzle.__drizzle_migrations'))[0].n).toBe(migrations);
  });

  it('takes a new lead, a note and a status change after the copy', async () => {
    const db = drizzleOf(handle!);
    const id = await postLead(handle!, 'partner', 'after-the-copy@example.com', { campaign: 'moved' });
    const listed = await listLeads(db, parseFilter({ campaign: 'moved' }));
    expect(listed.rows.map((r) => [r.kind, r.id])).toEqual([['partner', id]]);
    expect(await addNote(db, filled.staffId, { kind: 'partner', id }, 'first note on PostgreSQL')).toBe(true);
    expect((await getNotes(db, 'partner', id)).map((n) => n.body)).toEqual(['first note on PostgreSQL']);
    expect((await listLeads(db, parseFilter({ status: 'all' }), 100)).total).toBe(filled.leads.length + 1);
  });

  it('refuses a target that holds rows; --force (from the command line) replaces them with the embedded database', async () => {
    await expect(copyToPostgres({ dataDir, to: target!.url })).rejects.toThrow(CopyError);
    await expect(copyToPostgres({ dataDir, to: target!.url })).rejects.toThrow(/already holds rows \(.*partner_applications 3.*\): nothing copied/);
    await handle!.close();
    handle = undefined;

    // As production runs it: the built program (server/run.sh builds it first when stale).
    const { stdout } = await promisify(execFile)('bash', ['server/run.sh', 'copy-to-postgres', '--to', target!.url, '--data-dir', dataDir, '--force'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATABASE_URL: '' },
    });
    expect(stdout).toMatch(/--force: deleting the target's rows \(.*partner_applications 3/);
    expect(stdout).toMatch(/^partner_applications\s+2\s+2$/m);
    expect(stdout).toMatch(/start the server with DATABASE_URL set to the target/);
    handle = await openDatabase({ databaseUrl: target!.url });
    expect(await fingerprints(handle)).toEqual(before.prints);
  }, 120_000);
});
