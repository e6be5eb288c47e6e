/**
 * Copies the embedded database (PGlite in DATA_DIR) into a PostgreSQL server database: the move from one
 * machine to several (`npm run db:copy-to-postgres`, server/copy-to-postgres.ts; README, "When to move to
 * PostgreSQL, and how"). Server-side only.
 *
 * How:
 * 1. The source is opened as the server opens it, so its lock file refuses a data folder a running server
 *    uses, and migrated as the server would at its next start; the target is migrated with the project's
 *    own migrations (so its tables, constraints, indexes, functions and triggers are the real ones). Both
 *    must then list the same migrations, tables and columns.
 * 2. One transaction on the target does the rest, so a failure leaves it migrated and empty and the command
 *    can simply be run again: it takes the migration lock (a server starting on the target waits), locks every
 *    table, refuses a target that holds rows (`force` deletes them first), turns the tables' own triggers off
 *    (the lead_index rows are copied as they are; the triggers would add them a second time), copies every table
 *    in the order of its foreign keys with COPY (PGlite's `COPY ... TO '/dev/blob'`, pg-copy-streams on the
 *    target; a large table in slices of its pages), copies drizzle's migrations table, sets every sequence to
 *    the source's value, turns the triggers on again, compares the row counts of every table, and commits.
 * 3. The target then passes the start-up checks (runMigrations: nothing to apply, every lead table's trigger).
 *
 * Needs on the target: a role that owns its tables (the one that migrates them, here the command's own), for
 * `ALTER TABLE ... DISABLE TRIGGER`; no superuser (`session_replication_role` is not used). The source is
 * only read once migrated.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { ConfigError, openDatabase, type DbHandle, type PgliteHandle, type PostgresHandle } from './connection';
import { migrationsFolder as defaultMigrations, runMigrations } from './migrate';

/** The lock every start takes while migrating (lib/db/migrate.ts): held while copying, so a server starting on the target waits. */
const migrationLock = 7163021;
/** drizzle's list of applied migrations, copied too: the target counts as migrated at the same version. */
export const migrationsTable = 'drizzle.__drizzle_migrations';

export class CopyError extends Error {
  override name = 'CopyError';
}

export type TableCount = { table: string; source: number; target: number };
export type CopyReport = { tables: TableCount[]; sequences: { name: string; value: number | null }[]; source: string; target: string };

export type CopyOptions = {
  /** The data folder of the embedded database (default: DATA_DIR, else ./data, as the server does). */
  dataDir?: string;
  /** postgres://… of the target database (it must exist; it may be empty or freshly migrated). */
  to: string;
  /** Delete the rows the target already holds instead of refusing it. */
  force?: boolean;
  /** The migrations folder (a bundle passes its own; lib/db/migrate.ts). */
  migrationsFolder?: string;
  /** Pages of a table (8 kB each) per COPY: a bigger table is copied in slices of this many pages. */
  batchPages?: number;
  /** A line of progress. */
  log?: (line: string) => void;
  /** Called after each table is copied, inside the transaction (tests make a copy fail half-way with it). */
  afterTable?: (table: string) => void | Promise<void>;
};

const ident = (name: string) => name.split('.').map((p) => `"${p.replace(/"/g, '""')}"`).join('.');

type Pglite = PgliteHandle['client'];

async function rowsOn<T>(db: { query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }> }, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query(sql, params)).rows as T[];
}

/** The tables of the public schema and their columns (in order), as the database lists them. */
async function tablesOf(db: Pglite | PoolClient): Promise<Map<string, string[]>> {
  const rows = await rowsOn<{ table: string; column: string }>(
    db,
    `select c.relname as "table", a.attname as "column"
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where c.relkind in ('r', 'p')
      order by c.relname, a.attnum`,
  );
  const tables = new Map<string, string[]>();
  for (const r of rows) tables.set(r.table, [...(tables.get(r.table) ?? []), r.column]);
  return tables;
}

/** The tables in an order where every table comes after those its foreign keys name (by name within the order). */
async function dependencyOrder(db: PoolClient, tables: string[]): Promise<string[]> {
  const edges = await rowsOn<{ child: string; parent: string }>(
    db,
    `select c.relname as child, p.relname as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      where k.contype = 'f' and k.conrelid <> k.confrelid`,
  );
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) parents.get(e.child)?.add(e.parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  const remaining = [...tables].sort();
  while (remaining.length) {
    const next = remaining.findIndex((t) => [...parents.get(t)!].every((p) => placed.has(p) || !parents.has(p)));
    if (next < 0) throw new CopyError(`the foreign keys of ${remaining.join(', ')} form a cycle: cannot order the copy`);
    const [t] = remaining.splice(next, 1);
    ordered.push(t);
    placed.add(t);
  }
  return ordered;
}

/** The applied migrations (the journal's `when` and the file's hash), in the order they were written. */
const migrationsOf = (db: Pglite | PoolClient) => rowsOn<{ hash: string; created_at: string }>(db, `select hash, created_at::text from ${migrationsTable} order by created_at, hash`);

const count = async (db: Pglite | PoolClient, table: string) => Number((await rowsOn<{ n: string | number }>(db, `select count(*) as n from ${ident(table)}`))[0].n);

/** Sends one slice of COPY text (what PGlite wrote to /dev/blob) into the target's table. */
async function copyInto(client: PoolClient, table: string, columns: string[], data: Blob): Promise<void> {
  if (data.size === 0) return;
  const list = columns.map(ident).join(', ');
  await pipeline(Readable.from([Buffer.from(await data.arrayBuffer())]), client.query(copyFrom(`copy ${ident(table)} (${list}) from stdin`)));
}

/** Copies one table: in one COPY, or in slices of `batchPages` pages (by ctid range: the source is locked, nothing moves). */
async function copyTable(source: Pglite, client: PoolClient, table: string, columns: string[], batchPages: number): Promise<number> {
  const list = columns.map(ident).join(', ');
  const pages =
    table === migrationsTable ? 0 : Number((await rowsOn<{ pages: string | number }>(source, `select pg_relation_size($1::regclass) / current_setting('block_size')::int as pages`, [ident(table)]))[0].pages);
  const slices: string[] = [];
  if (pages <= batchPages) slices.push(`select ${list} from ${ident(table)}`);
  else {
    for (let from = 0; from < pages; from += batchPages) {
      const upper = from + batchPages >= pages ? '' : ` and ctid < '(${from + batchPages},0)'::tid`; // the last slice is open-ended
      slices.push(`select ${list} from ${ident(table)} where ctid >= '(${from},0)'::tid${upper}`);
    }
  }
  for (const select of slices) {
    const result = await source.query(`copy (${select}) to '/dev/blob'`);
    if (result.blob) await copyInto(client, table, columns, result.blob);
  }
  return slices.length;
}

/** Whether a data folder holds an embedded database (so that a wrong path is not taken for an empty one). */
export function hasEmbeddedDatabase(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
}

export async function copyToPostgres(options: CopyOptions): Promise<CopyReport> {
  const log = options.log ?? (() => {});
  const folder = options.migrationsFolder ?? defaultMigrations;
  const batchPages = options.batchPages ?? 2048;
  const dataDir = path.resolve(options.dataDir ?? process.env.DATA_DIR?.trim() ?? './data');
  if (!options.to) throw new ConfigError('no target: give --to postgres://user@host:port/database');
  if (!hasEmbeddedDatabase(dataDir)) throw new ConfigError(`no embedded database in ${dataDir} (set DATA_DIR or --data-dir to the folder the server uses)`);

  let source: DbHandle | undefined;
  let target: DbHandle | undefined;
  try {
    // Opening takes the data folder's lock: a running server (or worker) holds it, and is named.
    source = await openDatabase({ dataDir, databaseUrl: '' });
    target = await openDatabase({ databaseUrl: options.to });
    if (source.kind !== 'pglite' || target.kind !== 'postgres') throw new Error('unexpected database kinds');
    log(`source: ${source.describe}`);
    log(`target: ${target.describe}`);
    await runMigrations(source, folder);
    await runMigrations(target, folder);
    const report = await copyOpen(source, target, { ...options, batchPages, log });
    // The target passes the start-up checks: nothing left to apply, every lead table has its enabled trigger.
    await runMigrations(target, folder);
    return report;
  } finally {
    await target?.close().catch(() => {});
    await source?.close().catch(() => {});
  }
}

async function copyOpen(source: PgliteHandle, target: PostgresHandle, options: CopyOptions & { batchPages: number; log: (line: string) => void }): Promise<CopyReport> {
  const { log, batchPages } = options;
  const src = source.client;
  const client = await target.client.connect();
  let began = false;
  try {
    // A snapshot of the source (nobody else can write to it: it is locked), read with the same output styles.
    await src.exec(`begin transaction isolation level repeatable read; set local datestyle = 'ISO, MDY'; set local intervalstyle = 'postgres'; set local timezone = 'UTC'; set local extra_float_digits = 3`);
    await client.query(`begin`);
    began = true;
    await client.query(`set local datestyle = 'ISO, MDY'; set local intervalstyle = 'postgres'; set local timezone = 'UTC'; set local lock_timeout = '15s'`);
    await client.query(`select pg_advisory_xact_lock(${migrationLock})`);

    const [from, to] = [await migrationsOf(src), await migrationsOf(client)];
    const same = from.length === to.length && from.every((m, i) => m.hash === to[i].hash && m.created_at === to[i].created_at);
    if (!same) {
      throw new CopyError(
        `the embedded database has ${from.length} migrations and this version's ${to.length}, not the same ones: copy with the version of the site that last ran on the embedded database`,
      );
    }
    const [sourceTables, targetTables] = [await tablesOf(src), await tablesOf(client)];
    const names = [...targetTables.keys()];
    const differ = [...new Set([...names, ...sourceTables.keys()])].filter((t) => (sourceTables.get(t) ?? []).join() !== (targetTables.get(t) ?? []).join());
    if (differ.length) throw new CopyError(`the two databases' tables differ (${differ.join(', ')}) although both are migrated to the same version`);

    const ordered = await dependencyOrder(client, names);
    const all = [...ordered, migrationsTable];
    try {
      await client.query(`lock table ${all.map(ident).join(', ')} in access exclusive mode`);
    } catch (err) {
      throw new CopyError(`cannot lock the target's tables (${(err as Error).message}): is a server or worker using it? Stop them, then copy`);
    }

    const held: { table: string; rows: number }[] = [];
    for (const table of ordered) {
      const rows = await count(client, table);
      if (rows) held.push({ table, rows });
    }
    if (held.length && !options.force) {
      throw new CopyError(
        `the target already holds rows (${held.map((h) => `${h.table} ${h.rows}`).join(', ')}): nothing copied. Copy into an empty database, or pass --force to delete its rows first`,
      );
    }
    if (held.length) {
      log(`--force: deleting the target's rows (${held.map((h) => `${h.table} ${h.rows}`).join(', ')})`);
      await client.query(`truncate ${ordered.map(ident).join(', ')}`);
    }

    // The tables' own triggers (the lead_index ones) stay off while their rows arrive: lead_index is copied as it is.
    // (Foreign keys are the database's internal triggers and stay on: the order above satisfies them.)
    const triggered = (
      await rowsOn<{ table: string }>(
        client,
        `select distinct c.relname as "table" from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public' where not t.tgisinternal`,
      )
    ).map((r) => r.table);
    try {
      for (const table of triggered) await client.query(`alter table ${ident(table)} disable trigger user`);
    } catch (err) {
      throw new CopyError(`cannot turn the target's triggers off during the copy (${(err as Error).message}): connect as the role that owns its tables`);
    }

    for (const table of ordered) {
      const started = Date.now();
      const slices = await copyTable(src, client, table, targetTables.get(table)!, batchPages);
      log(`copied ${table} in ${slices === 1 ? 'one COPY' : `${slices} slices`} (${Date.now() - started} ms)`);
      await options.afterTable?.(table);
    }
    await client.query(`delete from ${migrationsTable}`);
    await copyTable(src, client, migrationsTable, ['id', 'hash', 'created_at'], batchPages);

    // Sequences: each at the source's value (none of the application's tables has one today; drizzle's list has).
    const sequences = await rowsOn<{ name: string; value: string | null }>(
      src,
      `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name, last_value::text as value from pg_sequences where schemaname in ('public', 'drizzle')`,
    );
    const targetSequences = new Set(
      (await rowsOn<{ name: string }>(client, `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name from pg_sequences where schemaname in ('public', 'drizzle')`)).map((r) => r.name),
    );
    for (const s of sequences) {
      if (!targetSequences.has(s.name)) throw new CopyError(`the target has no sequence ${s.name}`);
      // Never called on the source: the target's starts where a fresh one does.
      if (s.value === null) await client.query(`select setval($1::regclass, (select start_value from pg_sequences where quote_ident(schemaname) || '.' || quote_ident(sequencename) = $1), false)`, [s.name]);
      else await client.query(`select setval($1::regclass, $2::bigint, true)`, [s.name, s.value]);
    }

    for (const table of triggered) await client.query(`alter table ${ident(table)} enable trigger user`);

    const tables: TableCount[] = [];
    for (const table of all) tables.push({ table, source: await count(src, table), target: await count(client, table) });
    const wrong = tables.filter((t) => t.source !== t.target);
    if (wrong.length) throw new CopyError(`row counts differ after the copy (${wrong.map((w) => `${w.table}: ${w.source} -> ${w.target}`).join(', ')}): nothing copied`);

    await client.query('commit');
    began = false;
    await src.exec('commit');
    return { tables, sequences: sequences.map((s) => ({ name: s.name, value: s.value === null ? null : Number(s.value) })), source: source.describe, target: target.describe };
  } catch (err) {
    if (began) await client.query('rollback').catch(() => {});
    await src.exec('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** The report as a table for the terminal. */
export function formatReport(report: CopyReport): string {
  const width = Math.max(5, ...report.tables.map((t) => t.table.length));
  const num = (n: number) => n.toLocaleString('en-US').padStart(10);
  const lines = [`${'table'.padEnd(width)}  ${'embedded'.padStart(10)}  ${'postgres'.padStart(10)}`, `${'-'.repeat(width)}  ${'-'.repeat(10)}  ${'-'.repeat(10)}`];
  for (const t of report.tables) lines.push(`${t.table.padEnd(width)}  ${num(t.source)}  ${num(t.target)}${t.source === t.target ? '' : '  DIFFERENT'}`);
  const total = report.tables.reduce((s, t) => s + t.source, 0);
  lines.push(`${'-'.repeat(width)}  ${'-'.repeat(10)}  ${'-'.repeat(10)}`, `${'all'.padEnd(width)}  ${num(total)}  ${num(report.tables.reduce((s, t) => s + t.target, 0))}`);
  for (const s of report.sequences) lines.push(`sequence ${s.name}: ${s.value ?? 'not started'}`);
  return lines.join('\n');
}
