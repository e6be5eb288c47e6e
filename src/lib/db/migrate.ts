// Applies the committed SQL migrations (src/lib/db/migrations, made by `drizzle-kit generate`).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { queryable, type DbHandle } from './connection';
import { checkLeadIndexTriggers } from './lead-index-triggers';

/** The migrations next to this file (in a bundle, pass the folder explicitly: see lib/db/client.ts). */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function runMigrations(handle: DbHandle, folder: string = migrationsFolder): Promise<void> {
  await applyMigrations(handle, folder);
  await checkApplied(handle, folder);
  // Every kind of the registry must reach the staff inbox: its table needs its lead_index trigger.
  await checkLeadIndexTriggers(handle);
}

async function applyMigrations(handle: DbHandle, folder: string): Promise<void> {
  if (handle.kind === 'pglite') {
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(drizzle({ client: handle.client }), { migrationsFolder: folder });
    return;
  }
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // Several instances may start at once: one migrates while the others wait on an advisory lock.
  const lockClient = await handle.client.connect();
  try {
    await lockClient.query('select pg_advisory_lock(7163021)');
    await migrate(drizzle({ client: handle.client }), { migrationsFolder: folder });
  } finally {
    await lockClient.query('select pg_advisory_unlock(7163021)').catch(() => {});
    lockClient.release();
  }
}

/**
 * Drizzle applies the migrations dated after the last one applied (the journal's `when`, kept as
 * `created_at`): one dated earlier is skipped without a word, for example a migration merged from a branch
 * after a later one was applied, and the server would then run on a schema without it. So every migration
 * of the journal must be in the database's list once migrating is done; the error names the ones that are
 * not (renumber them with a later `when`, or apply them by hand).
 */
async function checkApplied(handle: DbHandle, folder: string): Promise<void> {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  const { rows } = await queryable(handle).query('select created_at from drizzle.__drizzle_migrations');
  const applied = new Set(rows.map((r) => Number((r as { created_at: unknown }).created_at)));
  const skipped = journal.entries.filter((e) => !applied.has(e.when)).map((e) => e.tag);
  if (skipped.length) {
    throw new Error(`migration ${skipped.join(', ')} was not applied: it is dated before a migration the database already has (docs/architecture.md, Migrations)`);
  }
}
