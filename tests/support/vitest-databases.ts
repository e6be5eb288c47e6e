import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, queryable, type DbHandle } from '@/lib/db/connection';
import { runMigrations } from '@/lib/db/migrate';

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
