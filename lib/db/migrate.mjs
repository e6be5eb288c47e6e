// Applies the committed SQL migrations (lib/db/migrations, made by `drizzle-kit generate`).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** @param {{ kind: 'pglite' | 'postgres'; client: any }} handle @param {string} [folder] */
export async function runMigrations(handle, folder = migrationsFolder) {
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
