import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/connection';
import { checkLeadIndexTriggers } from '@/lib/db/lead-index-triggers';
import { runMigrations } from '@/lib/db/migrate';
import { fillDatabase, fingerprints, postLead, staffView, type Filled } from '../support/filled-database';
import { createTempPostgres, query, tempDir, type Handle } from '../support/vitest-databases';

// Issue 33, part 6: the backup of docs/deploy.md ("Backups"), performed. A PostgreSQL database with leads of every kind,
// notes, triage and page counts is dumped with the real `pg_dump -Fc` and restored with `pg_restore
// --no-owner` into a fresh database, which then passes the start-up checks (nothing to migrate, every lead
// table's trigger) and serves the same inbox and lead pages as the original.
const run = process.env.DATABASE_URL ? describe : describe.skip;
const exec = promisify(execFile);
/** The client programs: PG_BIN when set (a folder such as /usr/lib/postgresql/15/bin), else those on PATH. */
const bin = (name: string) => (process.env.PG_BIN ? path.join(process.env.PG_BIN, name) : name);

run('backup with pg_dump and restore with pg_restore', () => {
  let original: { url: string; drop: () => Promise<void> } | undefined;
  let restored: { url: string; drop: () => Promise<void> } | undefined;
  let handle: Handle | undefined;
  let filled: Filled;
  let before: { prints: Awaited<ReturnType<typeof fingerprints>>; view: Awaited<ReturnType<typeof staffView>> };
  const dir = tempDir('postcraft-backup-');
  const dump = path.join(dir, 'postcraft.dump');

  beforeAll(async () => {
    original = await createTempPostgres();
    const h = await openDatabase({ databaseUrl: original!.url });
    try {
      await runMigrations(h);
      filled = await fillDatabase(h, 'backup');
      before = { prints: await fingerprints(h), view: await staffView(h, filled) };
    } finally {
      await h.close();
    }
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    await original?.drop();
    await restored?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('dumps with pg_dump -Fc and restores into a fresh database with pg_restore --no-owner', async () => {
    await exec(bin('pg_dump'), ['-Fc', '-f', dump, '--dbname', original!.url]);
    expect(fs.statSync(dump).size).toBeGreaterThan(1000);
    // The dump's table of contents: the lead tables, the lead index's trigger function and drizzle's migrations.
    const { stdout: toc } = await exec(bin('pg_restore'), ['--list', dump]);
    expect(toc).toMatch(/TABLE DATA public lead_index /);
    expect(toc).toMatch(/FUNCTION public lead_index_sync\(\)/);
    expect(toc).toMatch(/TABLE DATA drizzle __drizzle_migrations /);

    restored = await createTempPostgres();
    await exec(bin('pg_restore'), ['--no-owner', '--exit-on-error', '--single-transaction', '--dbname', restored!.url, dump]);
  });

  it('the restored database passes the start-up checks: nothing to migrate, every lead table has its trigger', async () => {
    handle = await openDatabase({ databaseUrl: restored!.url });
    const migrations = before.prints['drizzle.__drizzle_migrations'].rows;
    await runMigrations(handle);
    await checkLeadIndexTriggers(handle);
    expect((await query<{ n: number }>(handle, 'select count(*)::int as n from drizzle.__drizzle_migrations'))[0].n).toBe(migrations);
  });

  it('holds the same rows in every table and serves the same inbox and lead pages', async () => {
    const after = await fingerprints(handle!);
    expect(after).toEqual(before.prints);
    for (const table of ['lead_index', 'lead_notes', 'lead_triage', 'lead_status_history', 'page_views', 'notification_outbox']) expect(after[table].rows, table).toBeGreaterThan(0);
    expect(await staffView(handle!, filled)).toEqual(before.view);
  });

  it('takes a new lead after the restore', async () => {
    const id = await postLead(handle!, 'trial', 'after-the-restore@example.com');
    expect(await query(handle!, `select lead_type, status from lead_index where lead_id = $1`, [id])).toEqual([{ lead_type: 'trial', status: 'new' }]);
  });
});
