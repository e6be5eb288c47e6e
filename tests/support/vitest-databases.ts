import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '@/lib/db/client';
import { openDatabase, queryable, type DbHandle } from '@/lib/db/connection';
import { runMigrations } from '@/lib/db/migrate';
import * as schema from '@/lib/db/schema';

// The databases of the vitest integration tests: a migrated PGlite in a fresh folder, a fresh database on
// the PostgreSQL server of DATABASE_URL, and Drizzle over either. (The suites and benches make theirs
// with suite-databases.ts.)

export type Handle = DbHandle;

export function tempDir(prefix = 'postcraft-test-') {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A migrated embedded database in a fresh folder. */
export async function openTempPglite(dataDir = tempDir()) {
  const handle = await openDatabase({ dataDir, databaseUrl: '' });
  await runMigrations(handle);
  return { handle, dataDir };
}

/**
 * A fresh PostgreSQL database on the server of DATABASE_URL (dropped by `drop()`), so test files
 * never see each other's rows. Undefined when DATABASE_URL is not set.
 */
export async function createTempPostgres(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const base = process.env.DATABASE_URL;
  if (!base) return undefined;
  const name = `postcraft_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Runs a query on either kind of handle and returns the rows. */
export async function query<T = Record<string, unknown>>(handle: Handle, sql: string, params: unknown[] = []): Promise<T[]> {
  const res = await queryable(handle).query(sql, params);
  return res.rows as T[];
}

/** Drizzle over a test handle (the same wrapping as lib/db/client.ts). */
export function drizzleOf(handle: Handle): Db {
  return (handle.kind === 'pglite' ? drizzlePglite({ client: handle.client, schema }) : drizzlePg({ client: handle.client, schema })) as unknown as Db;
}

export type TestDb = { kind: string; handle: Handle; db: Db; cleanup: () => Promise<void> };

/** The databases every lead integration test runs on: PGlite always, PostgreSQL when DATABASE_URL is set. */
export const databaseKinds: { name: string; open: () => Promise<TestDb | undefined> }[] = [
  {
    name: 'PGlite',
    open: async () => {
      const { handle } = await openTempPglite();
      return { kind: 'pglite', handle, db: drizzleOf(handle), cleanup: () => handle.close() };
    },
  },
  {
    name: 'PostgreSQL',
    open: async () => {
      const temp = await createTempPostgres();
      if (!temp) return undefined;
      const handle = await openDatabase({ databaseUrl: temp.url });
      await runMigrations(handle);
      return {
        kind: 'postgres',
        handle,
        db: drizzleOf(handle),
        cleanup: async () => {
          await handle.close();
          await temp.drop();
        },
      };
    },
  },
];
