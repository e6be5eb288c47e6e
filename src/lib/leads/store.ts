import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import type { Db } from '@/lib/db/client';
import { notificationOutbox } from '@/lib/db/outbox-schema';
import { leadTables, submissionTokens } from '@/lib/db/schema';
import { configuredChannels } from '@/lib/notify/config';
import { nudgeDeliveryLoop } from '@/lib/notify/nudge';
import type { LeadData, LeadKind } from './kinds';

/**
 * Every write of a public lead, as ONE SQL statement (so one round trip and one commit, whatever the
 * database): the lead row, its submission token (exactly-once) and one notification outbox row per
 * configured channel (SMTP_URL -> email, WEBHOOK_URL -> webhook) commit together or not at all.
 *
 * `inserted` is false when nothing new was stored, and the visitor gets the same answer as the first
 * time: the token was already used (a double click, a reload, a replay: the token's primary key
 * refuses the second statement as a whole, after waiting for a concurrent first one to commit), or
 * the address is already stored for a kind with `uniqueEmail` (the lead insert does nothing; the token is kept
 * without a lead).
 */
export type StoreResult = { inserted: boolean; id?: string };

/** `(col, ...) values ($1, ...)` of the fields of `data` that are columns of `table`. */
function columnsAndValues(table: PgTable, data: Record<string, unknown>): { columns: SQL; values: SQL } {
  const all = getTableColumns(table) as Record<string, { name: string }>;
  const keys = Object.keys(data).filter((k) => all[k] && data[k] !== undefined);
  return {
    columns: sql.join(
      keys.map((k) => sql.identifier(all[k].name)),
      sql`, `,
    ),
    values: sql.join(
      keys.map((k) => sql`${data[k]}`),
      sql`, `,
    ),
  };
}

const dialect = new PgDialect();
/** Statement text -> its prepared statement's name (a few per form: optional fields change the text). */
const statementNames = new Map<string, string>();
type PgPool = { totalCount: number; query: (q: { name: string; text: string; values: unknown[] }) => Promise<{ rows: { id: string }[] }> };

/**
 * Runs the statement; on a PostgreSQL server as a named prepared statement (planned once per
 * connection: the planning of this statement otherwise costs the server about as much as running it).
 */
async function run(db: Db, statement: SQL): Promise<{ id: string }[]> {
  const client = (db as unknown as { $client?: unknown }).$client as PgPool | undefined;
  if (client && typeof client === 'object' && 'totalCount' in client) {
    const { sql: text, params } = dialect.sqlToQuery(statement);
    let name = statementNames.get(text);
    if (!name) statementNames.set(text, (name = `lead_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`));
    return (await client.query({ name, text, values: params })).rows;
  }
  const result = await db.execute(statement);
  return (result as unknown as { rows: { id: string }[] }).rows;
}

function isTokenTaken(err: unknown): boolean {
  for (let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' && (e.constraint === 'submission_tokens_pkey' || e.message?.includes('submission_tokens_pkey'))) return true;
  }
  return false;
}

export async function storeLead<K extends LeadKind>(
  db: Db,
  kind: K,
  data: LeadData<K>,
  token: string,
): Promise<StoreResult> {
  const table = leadTables[kind];
  const { columns, values } = columnsAndValues(table, data as Record<string, unknown>);
  const channels = configuredChannels();
  const queue = channels.length
    ? sql`, queued as (
        insert into ${notificationOutbox} (lead_type, lead_id, channel)
        select ${kind}, lead.id, channel from lead, unnest(${sql.raw(`array[${channels.map((c) => `'${c}'`).join(',')}]`)}::text[]) as channel
        on conflict do nothing)`
    : sql``;
  const statement = sql`with lead as (
      insert into ${table} (${columns}) values (${values}) on conflict do nothing returning id
    ), claimed as (
      insert into ${submissionTokens} (token, lead_type, lead_id) values (${token}, ${kind}, (select id from lead))
    )${queue}
    select id::text as id from lead`;
  let id: string | undefined;
  try {
    id = (await run(db, statement))[0]?.id;
  } catch (err) {
    if (isTokenTaken(err)) return { inserted: false };
    throw err;
  }
  if (!id) return { inserted: false };
  if (channels.length) nudgeDeliveryLoop();
  return { inserted: true, id };
}
