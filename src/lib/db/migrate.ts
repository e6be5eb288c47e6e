// Applies the committed SQL migrations (src/lib/db/migrations, made by `drizzle-kit generate`).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbHandle } from './connection';

/** The migrations next to this file (in a bundle, pass the folder explicitly: see lib/db/client.ts). */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function runMigrations(handle: DbHandle, folder: string = migrationsFolder): Promise<void> {
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
