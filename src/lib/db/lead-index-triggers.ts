/**
 * The `lead_index` trigger of every lead table, made from the registry (lib/leads/kinds.ts): the staff
 * inbox, the CSV export and the insights read `lead_index`, which each lead table keeps in step through
 * one trigger calling the generic `lead_index_sync()` (migration 0015, redefined by 0019) with the kind's
 * `inbox` columns as arguments. Nothing here is written by hand per kind:
 * - `npm run db:generate` (scripts/db-generate.ts) appends the statement of a kind whose trigger no
 *   committed migration creates yet, or whose `inbox` columns changed, to the migration it generates;
 * - `checkLeadIndexTriggers` runs after the migrations at every start (server, worker, `db:migrate`) and
 *   refuses, naming the table, a registered kind whose table has no such trigger or an outdated one;
 * - tests/unit/lead-index-triggers.test.ts fails, naming the kind, when no committed migration creates it.
 * Server-side only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { leadKinds, type KindDef } from '@/lib/leads/kinds';
import { queryable, type DbHandle } from './connection';

/** The trigger's name on a lead table. */
export const leadIndexTriggerName = (table: string) => `${table}_lead_index`;

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * The arguments `lead_index_sync()` takes for a kind: its name, its name columns (comma-separated), its
 * company column ('' for none) and its summary column.
 */
export function leadIndexArgs(kind: string, def: KindDef): string[] {
  return [kind, def.inbox.name.join(','), def.inbox.company ?? '', def.inbox.summary];
}

/** The statement that creates a kind's trigger (the same text as migration 0015's for today's kinds). */
export function leadIndexTriggerSql(kind: string, def: KindDef): string {
  const args = leadIndexArgs(kind, def).map(quote).join(', ');
  return `CREATE TRIGGER "${leadIndexTriggerName(def.table)}" AFTER INSERT OR UPDATE OR DELETE ON "${def.table}" FOR EACH ROW EXECUTE FUNCTION lead_index_sync(${args});`;
}

/**
 * What a migration runs to give a kind its trigger, replacing an outdated one: drop, create, then index
 * the rows the table already holds (a no-op update fires the trigger for each; none for a new table).
 */
export function leadIndexMigrationSql(kind: string, def: KindDef): string[] {
  return [
    `DROP TRIGGER IF EXISTS "${leadIndexTriggerName(def.table)}" ON "${def.table}";`,
    leadIndexTriggerSql(kind, def),
    `UPDATE "${def.table}" SET "id" = "id";`,
  ];
}

/** The registry's kinds as [name, definition] (a test may pass a registry with one more kind). */
export const registeredKinds = (registry: Record<string, KindDef> = leadKinds): [string, KindDef][] => Object.entries(registry);

/** Collapses whitespace, so a statement is recognised in a migration whatever its line breaks. */
const normal = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The kinds whose table's latest `lead_index` trigger in the migrations (their SQL texts in the order they
 * apply) is not the statement the registry makes today: a new kind, or one whose `inbox` columns changed.
 */
export function kindsMissingFromMigrations(migrationTexts: string[], registry: Record<string, KindDef> = leadKinds): [string, KindDef][] {
  const latest = new Map<string, string>();
  for (const text of migrationTexts) {
    for (const statement of text.split('--> statement-breakpoint')) {
      for (const m of statement.matchAll(/CREATE\s+(?:OR\s+REPLACE\s+)?TRIGGER\s+"?(\w+)"?[^;]*;/gi)) latest.set(m[1], normal(m[0]));
    }
  }
  return registeredKinds(registry).filter(([kind, def]) => latest.get(leadIndexTriggerName(def.table)) !== normal(leadIndexTriggerSql(kind, def)));
}

/** The SQL of a migrations folder's migrations, in the order of its journal. */
export function migrationTexts(folder: string): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.map((e) => fs.readFileSync(path.join(folder, `${e.tag}.sql`), 'utf8'));
}

/**
 * The statements a new migration needs so that every kind of the registry has its current trigger (none
 * when the folder's migrations already make them all), joined with drizzle's statement breakpoints.
 */
export function pendingLeadIndexSql(folder: string, registry: Record<string, KindDef> = leadKinds): { kinds: string[]; sql: string } {
  const missing = kindsMissingFromMigrations(migrationTexts(folder), registry);
  const statements = missing.flatMap(([kind, def]) => {
    const [drop, ...rest] = leadIndexMigrationSql(kind, def);
    return [`-- The lead_index trigger of ${kind}: made from the registry by npm run db:generate (lib/db/lead-index-triggers.ts).\n${drop}`, ...rest];
  });
  return { kinds: missing.map(([k]) => k), sql: statements.length ? statements.join('\n--> statement-breakpoint\n') : '' };
}

export class LeadIndexTriggerError extends Error {}

/**
 * Refuses a database where a registered kind's table has no `lead_index` trigger, or one whose arguments
 * are not the registry's: its leads would be stored and never seen by staff. One line, naming the table.
 */
export async function checkLeadIndexTriggers(handle: DbHandle, registry: Record<string, KindDef> = leadKinds): Promise<void> {
  const { rows } = await queryable(handle).query(
    `select c.relname as "table", encode(t.tgargs, 'escape') as args, t.tgenabled <> 'D' as enabled
       from pg_trigger t
       join pg_class c on c.oid = t.tgrelid
       join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
       join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal and p.proname = 'lead_index_sync'`,
  );
  const found = new Map<string, { args: string[]; enabled: boolean }>();
  for (const r of rows as { table: string; args: string; enabled: boolean }[]) {
    // `tgargs` holds each argument followed by a NUL byte, which `escape` encoding writes as \000.
    found.set(r.table, { args: r.args.split('\\000').slice(0, -1), enabled: r.enabled });
  }
  const fix = 'run `npm run db:generate`, commit the migration it writes and start again (docs/leads.md, Adding a kind)';
  for (const [kind, def] of registeredKinds(registry)) {
    const trigger = found.get(def.table);
    const want = leadIndexArgs(kind, def);
    if (!trigger) throw new LeadIndexTriggerError(`lead table ${def.table} (kind ${kind}) has no lead_index trigger, so staff would never see its leads: ${fix}`);
    if (!trigger.enabled) throw new LeadIndexTriggerError(`lead table ${def.table} (kind ${kind}) has its lead_index trigger disabled: enable it (ALTER TABLE "${def.table}" ENABLE TRIGGER "${leadIndexTriggerName(def.table)}")`);
    if (trigger.args.join('\u0000') !== want.join('\u0000')) {
      throw new LeadIndexTriggerError(`lead table ${def.table} (kind ${kind}) has an outdated lead_index trigger (${trigger.args.join(' | ')}; the registry says ${want.join(' | ')}): ${fix}`);
    }
  }
}
