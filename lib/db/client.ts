import 'server-only';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { openDatabase } from './connection.mjs';
import { runMigrations } from './migrate.mjs';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
type Handle = Awaited<ReturnType<typeof openDatabase>>;

/**
 * The start script (scripts/start.mjs) opens and migrates the database before Next starts and
 * leaves the handle here; `next dev` and tests open it on first use instead.
 */
const g = globalThis as typeof globalThis & {
  __postcraftDb?: Promise<Handle>;
  __postcraftDrizzle?: Promise<Db>;
};

async function wrap(handle: Handle): Promise<Db> {
  if (handle.kind === 'pglite') {
    const { drizzle } = await import('drizzle-orm/pglite');
    return drizzle({ client: handle.client, schema }) as unknown as Db;
  }
  const { drizzle } = await import('drizzle-orm/node-postgres');
  return drizzle({ client: handle.client, schema }) as unknown as Db;
}

/** The one database of this process. */
export function getDb(): Promise<Db> {
  if (!g.__postcraftDrizzle) {
    if (!g.__postcraftDb) {
      g.__postcraftDb = openDatabase().then(async (handle) => {
        await runMigrations(handle, path.join(process.cwd(), 'lib/db/migrations'));
        return handle;
      });
    }
    g.__postcraftDrizzle = g.__postcraftDb.then(wrap);
    g.__postcraftDrizzle.catch(() => {
      g.__postcraftDb = undefined;
      g.__postcraftDrizzle = undefined;
    });
  }
  return g.__postcraftDrizzle;
}
