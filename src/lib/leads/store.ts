import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import type { Db } from '@/lib/db/client';
import { notificationOutbox } from '@/lib/db/outbox-schema';
import { consentRecords, leadAttribution, leadTables, submissionTokens, usedChallenges } from '@/lib/db/schema';
import type { Attribution } from './attribution';
import { leadScreening, leadTriage } from '@/lib/db/staff-schema';
import { verdictOf, type SpamReason } from '@/lib/spam/reasons';
import { configuredChannels, emailsOn, networkKey, recipientKey } from '@/lib/notify/config';
import { refusalOf } from '@/lib/notify/visitor-limits';
import { nudgeDeliveryLoop } from '@/lib/notify/nudge';
import { leadKinds, type KindDef, type LeadData, type LeadKind } from './kinds';
import { assignmentQueue, nudgeAssigner } from '@/lib/assignment/queue';

/**
 * Every write of a public lead, as ONE SQL statement (so one round trip and one commit, whatever the
 * database): the lead row, its submission token (exactly-once) and one notification outbox row per
 * configured channel (SMTP_URL -> email, WEBHOOK_URL -> webhook, SLACK_WEBHOOK_URL -> slack) commit together or not at all.
 *
 * `inserted` is false when nothing new was stored, and the visitor gets the same answer as the first
 * time: the token was already used (a double click, a reload, a replay: the statement finds the token
 * and writes nothing, as cheap as a read; a repeat sent while the first is still being written is
 * refused as a whole by the token's primary key, after waiting for the first to commit), or
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

/** True in the statement while `token` has not been used (a repeat then writes nothing, not even a row to roll back). */
const unused = (token: string) => sql`not exists (select 1 from ${submissionTokens} where token = ${token})`;

function isTokenTaken(err: unknown): boolean {
  for (let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' && (e.constraint === 'submission_tokens_pkey' || e.message?.includes('submission_tokens_pkey'))) return true;
  }
  return false;
}

/** The staff notifications of the new lead (`lead` CTE): one outbox row per configured channel. */
export function staffQueue(kind: LeadKind, channels: string[], from: SQL, gate?: SQL): SQL {
  if (!channels.length) return sql``;
  return sql`, queued as (
        insert into ${notificationOutbox} (lead_type, lead_id, channel)
        select ${kind}, lead.id, channel from ${from}, unnest(${sql.raw(`array[${channels.map((c) => `'${c}'`).join(',')}]`)}::text[]) as channel
        ${gate ? sql`where ${gate}` : sql``}
        on conflict do nothing)`;
}

/** Where a visitor email is queued from: the lead's condition (`gate`), the posting client's network, and a reason it is kept back computed earlier in the statement (`why`). */
export type SenderOptions = { gate?: SQL; network?: string | null; why?: SQL };

/**
 * An email to the lead's own address (`ack` or `confirm`), queued `pending` while it passes the limits of
 * lib/notify/visitor-limits.ts (the address's limit, the hourly budget of its class, the posting network's
 * share of it), else recorded as not sent (`limited`, with the reason), for staff to see and send again.
 */
export function senderQueue(name: string, kind: LeadKind, channel: 'ack' | 'confirm', email: string, from: SQL, { gate, network, why }: SenderOptions = {}): SQL {
  const refused = why ?? refusalOf({ leadType: kind, channel, email, network });
  return sql`, ${sql.identifier(name)} as (
        insert into ${notificationOutbox} (lead_type, lead_id, channel, recipient_key, network_key, status, last_error)
        select ${kind}, lead.id, ${channel}, ${recipientKey(email)}::text, ${network ? networkKey(network) : null}::text,
               case when limits.why is null then 'pending' else 'limited' end, limits.why
          from ${from}, (select ${refused} as why) limits
        ${gate ? sql`where ${gate}` : sql``}
        on conflict do nothing)`;
}

async function runStore(db: Db, statement: SQL, notify: boolean): Promise<StoreResult> {
  let id: string | undefined;
  try {
    const [row] = (await run(db, statement)) as { id: string; queued?: boolean }[];
    id = row?.id;
    if (row?.queued) nudgeAssigner();
  } catch (err) {
    if (isTokenTaken(err)) return { inserted: false };
    throw err;
  }
  // A repeat newsletter sign-up stores nothing new but may have queued a confirmation.
  if (notify) nudgeDeliveryLoop();
  return id ? { inserted: true, id } : { inserted: false };
}

/** A consent given with a lead: its purpose, the words shown, and the page they were on (when known). */
export type GivenConsent = { purpose: string; words: string; page: string | null };

/** The consent records of the stored lead (`from`: the CTE of the lead's id), one per consent given, in the same statement. */
function consentQueue(kind: LeadKind, consents: readonly GivenConsent[] | undefined, from: SQL): SQL {
  if (!consents?.length) return sql``;
  const rows = consents.map(
    (c) => sql`(${c.purpose}::text, ${c.words}::text, ${createHash('sha256').update(c.words).digest('hex').slice(0, 12)}::text, ${c.page}::text)`,
  );
  return sql`, consented as (
        insert into ${consentRecords} (lead_type, lead_id, purpose, words, version, page)
        select ${kind}, id, c.purpose, c.words, c.version, c.page from ${from}, (values ${sql.join(rows, sql`, `)}) as c (purpose, words, version, page))`;
}

/**
 * What the spam screening (lib/spam/screen.ts) found about a post: the reasons it is held (none: it
 * passed), and the proof of work it used, whose signature the statement records as used. A post whose
 * proof was used before is held too (`replayed-proof`), decided inside the statement.
 */
export type Screening = { reasons: SpamReason[]; proof?: { signature: string; expiresAt: Date } };

/**
 * The screening's part of the statement. `notify`: the condition under which the lead's notifications
 * and acknowledgement are queued (undefined: always; null: never). A held lead gets its triage status
 * `spam` and a `lead_screening` row with the reasons, in the same statement.
 */
function screeningParts(kind: LeadKind, token: string, screening: Screening | undefined): { before: SQL; notify: SQL | null | undefined; after: SQL } {
  const hold = (reasons: SpamReason[], when: SQL) => sql`, screened as (
        insert into ${leadScreening} (lead_type, lead_id, verdict, reasons)
        select ${kind}, id, ${verdictOf(reasons)}, ${sql.raw(`array[${reasons.map((r) => `'${r}'`).join(',')}]`)}::text[] from lead ${when}
      ), held as (
        insert into ${leadTriage} (lead_type, lead_id, status) select ${kind}, id, 'spam' from lead ${when} on conflict do nothing)`;
  if (!screening) return { before: sql``, notify: undefined, after: sql`` };
  if (screening.reasons.length) return { before: sql``, notify: null, after: hold(screening.reasons, sql``) };
  if (!screening.proof) return { before: sql``, notify: undefined, after: sql`` };
  const { signature, expiresAt } = screening.proof;
  return {
    before: sql`, fresh as (
        insert into ${usedChallenges} (signature, expires_at) select ${signature}, ${expiresAt.toISOString()}::timestamptz where ${unused(token)}
        on conflict do nothing returning 1)`,
    notify: sql`exists (select 1 from fresh)`,
    after: hold(['replayed-proof'], sql`where not exists (select 1 from fresh)`),
  };
}

/** Where the lead came from (lib/leads/attribution.ts), in the same statement: one row per new lead. */
function attributionQueue(kind: LeadKind, a: Attribution | undefined): SQL {
  if (!a) return sql``;
  return sql`, attributed as (
        insert into ${leadAttribution} (lead_type, lead_id, utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer_host, page, referral_code)
        select ${kind}, id, ${a.source}, ${a.medium}, ${a.campaign}, ${a.term}, ${a.content}, ${a.referrer}, ${a.page}, ${a.referral} from lead)`;
}

/** What a public post stores with its lead besides the fields. */
export type LeadExtras = {
  /** The consents the post gave (lib/leads/consent.ts `consentsGiven`): a record each. */
  consents?: readonly GivenConsent[];
  screening?: Screening;
  attribution?: Attribution;
  /** The posting client's network (lib/limiter.ts networkOf), for its share of the visitor emails. */
  network?: string | null;
};

export async function storeLead<K extends LeadKind>(db: Db, kind: K, data: LeadData<K>, token: string, { consents, screening, attribution, network }: LeadExtras = {}): Promise<StoreResult> {
  const def: KindDef = leadKinds[kind];
  const screen = screeningParts(kind, token, screening);
  const attributed = attributionQueue(kind, attribution);
  if (def.subscription) return storeSubscription(db, kind, data as Record<string, unknown>, token, consents, screen, attributed, network);
  const table = leadTables[kind];
  const { columns, values } = columnsAndValues(table, data as Record<string, unknown>);
  const channels = screen.notify === null ? [] : configuredChannels();
  const gate = screen.notify ?? undefined;
  const email = String((data as Record<string, unknown>).email ?? '');
  const ack = screen.notify !== null && def.acknowledge && emailsOn() && email ? senderQueue('ack', kind, 'ack', email, sql`lead`, { gate, network }) : sql``;
  const statement = sql`with lead as (
      insert into ${table} (${columns}) select ${values} where ${unused(token)} on conflict do nothing returning id
    ), claimed as (
      insert into ${submissionTokens} (token, lead_type, lead_id) select ${token}, ${kind}, (select id from lead) where ${unused(token)}
    )${screen.before}${staffQueue(kind, channels, sql`lead`, gate)}${ack}${consentQueue(kind, consents, sql`lead`)}${screen.after}${attributed}${
      // A lead not held as spam waits for its kind's assignment rule, if there is one (lib/assignment).
      screen.notify === null ? sql`` : assignmentQueue(kind, sql`lead`, gate)
    }
    select id::text as id, ${screen.notify === null ? sql`false` : sql`exists (select 1 from assigning)`} as queued from lead`;
  return runStore(db, statement, channels.length > 0 || emailsOn());
}

/**
 * A newsletter sign-up (double opt-in, docs/leads.md), in one statement like every lead. A new address
 * is stored `pending`. A known one keeps its row: an unsubscribed address becomes pending again, a
 * confirmed one stays confirmed. A confirmation email is queued (emails on) for a pending address
 * whose last one was queued over an hour ago, or never (one a limit kept back does not count: it is
 * recorded as not sent, and a new try may send it). Staff are told about new addresses only.
 */
async function storeSubscription(
  db: Db,
  kind: LeadKind,
  data: Record<string, unknown>,
  token: string,
  consents: readonly GivenConsent[] | undefined,
  screen: ReturnType<typeof screeningParts>,
  attributed: SQL,
  network: string | null | undefined,
): Promise<StoreResult> {
  const table = leadTables[kind];
  const email = String(data.email ?? '');
  const held = screen.notify === null;
  const on = emailsOn() && !held;
  // Whether a confirmation due now is kept back by a limit, decided once before the upsert: a sign-up whose
  // confirmation was kept back is not marked as sent, so the person's next try within the hour sends it.
  const verdict = on ? refusalOf({ leadType: kind, channel: 'confirm', email, network }) : sql`null::text`;
  const allowed = sql`(select why is null from verdict)`;
  const sending = on ? sql`case when ${allowed} then now() end` : sql`null::timestamptz`;
  const t = sql.identifier(leadKinds[kind].table);
  const channels = held ? [] : configuredChannels();
  const gate = screen.notify ?? undefined;
  // A held sign-up of an address already known changes nothing (nor re-subscribes it).
  const onKnown = held
    ? sql`on conflict ((lower(email))) do nothing
      returning id, true as created, status, false as send, false as kept_back`
    : sql`on conflict ((lower(email))) do update set
        status = case when ${t}.status = 'unsubscribed' then 'pending' else ${t}.status end,
        confirm_sent_at = case
          when ${on} and ${allowed} and ${t}.status <> 'confirmed'
           and (${t}.confirm_sent_at is null or ${t}.confirm_sent_at < now() - interval '1 hour') then now()
          else ${t}.confirm_sent_at end
      returning id, (xmax = 0) as created, status, confirm_sent_at = now() as send,
        ${on} and not ${allowed} and (confirm_sent_at is null or confirm_sent_at < now() - interval '1 hour') as kept_back`;
  const statement = sql`with verdict as (
      select ${verdict} as why
    ), upsert as (
      insert into ${table} (email, source, confirm_sent_at) select ${email}, ${String(data.source ?? '')}, ${sending} where ${unused(token)}
      ${onKnown}
    ), lead as (
      select id from upsert where created
    ), confirming as (
      select id from upsert where (send or kept_back) and status = 'pending'
    ), claimed as (
      -- A repeated sign-up's token names the subscription it repeated (new or known), so that it goes with
      -- it (purge, erasure): a post without JavaScript is keyed by a hash of what was typed.
      insert into ${submissionTokens} (token, lead_type, lead_id)
      select ${token}, ${kind}, coalesce((select id from upsert), (select id from ${table} where lower(email) = lower(${email}))) where ${unused(token)}
    )${screen.before}${staffQueue(kind, channels, sql`lead`, gate)}${
      on ? senderQueue('confirm', kind, 'confirm', email, sql`confirming as lead`, { gate, network, why: sql`(select why from verdict)` }) : sql``
    }${
      // Every accepted sign-up is a consent given, a repeat of a known address too.
      consentQueue(kind, consents, sql`upsert`)
    }${screen.after}${attributed}
    select id::text as id from lead`;
  return runStore(db, statement, channels.length > 0 || on);
}
