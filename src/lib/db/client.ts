import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { openDatabase } from './connection';
import { runMigrations } from './migrate';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbHandle = Awaited<ReturnType<typeof openDatabase>>;

async function wrap(handle: DbHandle): Promise<Db> {
  if (handle.kind === 'pglite') {
    const { drizzle } = await import('drizzle-orm/pglite');
    return drizzle({ client: handle.client, schema }) as unknown as Db;
  }
  const { drizzle } = await import('drizzle-orm/node-postgres');
  return drizzle({ client: handle.client, schema }) as unknown as Db;
}

let current: { handle: Promise<DbHandle>; db: Promise<Db>; given?: DbHandle } | undefined;

/**
 * Makes `handle` the database of this module: the server opens and migrates it at start and hands it
 * to its code, and to Astro's pages through `locals` (src/middleware.ts, on every request: a handle
 * already in use costs one comparison).
 */
export function useDatabase(handle: DbHandle): void {
  if (current?.given === handle) return;
  current = { given: handle, handle: Promise.resolve(handle), db: wrap(handle) };
}

/** The open database handle, when there is one. */
export function getHandle(): Promise<DbHandle> | undefined {
  return current?.handle;
}

/** The one database of this process; opened (and migrated) on first use when no server handed one over. */
export function getDb(): Promise<Db> {
  if (!current) {
    const handle = openDatabase().then(async (h) => {
      await runMigrations(h, path.join(process.cwd(), 'src/lib/db/migrations'));
      return h;
    });
    const entry = { handle, db: handle.then(wrap) };
    entry.db.catch(() => {
      if (current === entry) current = undefined;
    });
    current = entry;
  }
  return current.db;
}
