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
 * The databases made once per vitest run by tests/support/vitest-templates.ts (the integration project's
 * globalSetup): a migrated PGlite folder, and a migrated database on DATABASE_URL's server. A test file's
 * database is a copy of one (its own folder, or CREATE DATABASE ... TEMPLATE), so that the 22 migrations do
 * not run again for each of the some 30 databases a run opens; `runMigrations` still runs on the copy, and
 * finds nothing to apply. Unset (a file run outside the project), each database is migrated from empty.
 */
export const templateEnv = { pglite: 'POSTCRAFT_TEST_PGLITE_TEMPLATE', postgres: 'POSTCRAFT_TEST_PG_TEMPLATE' } as const;

/** A migrated embedded database in a fresh folder: a copy of the run's template when there is one. */
async function openPgliteCopy() {
  const template = process.env[templateEnv.pglite];
  if (!template || !fs.existsSync(path.join(template, 'pglite'))) return openTempPglite();
  const dataDir = tempDir();
  fs.cpSync(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  const handle = await openDatabase({ dataDir, databaseUrl: '' });
  await runMigrations(handle);
  return { handle, dataDir };
}

/**
 * A fresh PostgreSQL database on the server of DATABASE_URL (dropped by `drop()`), so test files
 * never see each other's rows. Undefined when DATABASE_URL is not set.
 */
export async function createTempPostgres(template?: string): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const base = process.env.DATABASE_URL;
  if (!base) return undefined;
  const name = `postcraft_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    if (!template) await admin.query(`create database ${name}`);
    else {
      // A template must have no other session: the one that migrated it may still be closing.
      for (let tries = 0; ; tries++) {
        try {
          await admin.query(`create database ${name} template ${template}`);
          break;
        } catch (err) {
          if (tries >= 50 || !/being accessed by other users/.test((err as Error).message)) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    }
  } finally {
    await admin.end();
  }
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
      const { handle } = await openPgliteCopy();
      return { kind: 'pglite', handle, db: drizzleOf(handle), cleanup: () => handle.close() };
    },
  },
  {
    name: 'PostgreSQL',
    open: async () => {
      const temp = await createTempPostgres(process.env[templateEnv.postgres] || undefined);
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
