// The limits of the emails to visitors (docs/notifications.md#emails-to-visitors), counted in the outbox so
// that every instance on one database sees the same counts: at most NOTIFY_RECIPIENT_LIMIT to one address per
// window, an hourly budget per class (the emails a person needs; the courtesy acknowledgements), and one
// network's share of each budget. Used by the public posts' statement (lib/leads/store.ts), the release of
// a held post (lib/spam/release.ts) and a staff re-send (./deliveries.ts).
import { sql, type SQL } from 'drizzle-orm';
import { notificationOutbox as o } from '@/lib/db/outbox-schema';
import { linkAcknowledged, networkKey, recipientKey, recipientLimit, visitorEmailBudget, visitorEmailClass, type Env, type VisitorEmailClass } from './config';

/** Why a limit keeps an email back. */
export type LimitCode = 'recipient-limit' | 'hourly-limit' | 'network-share';

/** "1 hour", "3 hours", "15 minutes". */
export const windowText = (seconds: number): string =>
  seconds % 3600 === 0 ? `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;

/** The outbox rows of the last `windowSeconds` to the visitor address of `key` (its hash) that were not kept back: what the per-recipient limit counts. */
export const sentToRecipientSince = (key: string, windowSeconds: number): SQL =>
  sql`${o.recipientKey} = ${key}::text and ${o.status} <> 'limited' and ${o.createdAt} > now() - (${windowSeconds}::int * interval '1 second')`;

/** The rows of a class (from their lead type and channel). */
function ofClass(cls: VisitorEmailClass): SQL {
  const needed = sql`(${o.channel} = 'confirm' or (${o.channel} = 'ack' and ${o.leadType} in (${sql.join(
    linkAcknowledged.map((k) => sql`${k}`),
    sql`, `,
  )})))`;
  return cls === 'needed' ? needed : sql`not ${needed}`;
}

/** Whether at least `n` rows match `where` (reads at most n of them). */
const atLeast = (n: number, where: SQL): SQL => sql`(select count(*) from (select 1 from ${o} where ${where} limit ${n}::int) counted) >= ${n}::int`;

export type VisitorEmail = {
  leadType: string;
  channel: 'ack' | 'confirm';
  /** The address the email goes to (or its hash, `recipientKey`, when the address is not at hand). */
  email?: string;
  recipientKey?: string | null;
  /** The posting client's network (lib/limiter.ts networkOf); none for staff (a release or a re-send). */
  network?: string | null;
};

type Check = { code: LimitCode; over: SQL; text: string };

/** The limits a new email of this kind must pass, in the order they are reported. */
function checks(email: VisitorEmail, env: Env): Check[] {
  const cls = visitorEmailClass(email.leadType, email.channel);
  const key = email.recipientKey ?? (email.email ? recipientKey(email.email) : null);
  const { max, windowSeconds } = recipientLimit(env);
  const { perHour, perNetwork } = visitorEmailBudget(cls, env);
  const lastHour = sql`${o.status} <> 'limited' and ${o.createdAt} > now() - interval '1 hour' and ${ofClass(cls)}`;
  const what = cls === 'needed' ? 'verification and confirmation emails' : 'acknowledgements';
  const out: Check[] = [];
  if (max && key) {
    out.push({
      code: 'recipient-limit',
      over: atLeast(max, sentToRecipientSince(key, windowSeconds)),
      text: `Not sent: this address has had ${max} emails from us in the last ${windowText(windowSeconds)}, the most we send.`,
    });
  }
  if (perHour) {
    out.push({
      code: 'hourly-limit',
      over: atLeast(perHour, sql`${o.recipientKey} is not null and ${lastHour}`),
      text: `Not sent: the hourly limit of ${what} to visitors (${perHour}) was reached.`,
    });
  }
  if (perNetwork && email.network) {
    out.push({
      code: 'network-share',
      over: atLeast(perNetwork, sql`${o.networkKey} = ${networkKey(email.network)}::text and ${lastHour}`),
      text: `Not sent: the network it was posted from had its share of the hourly ${what} (${perNetwork}).`,
    });
  }
  return out;
}

/** A text SQL expression: null while the email may be queued now, else why not (what staff read on the delivery). */
export function refusalOf(email: VisitorEmail, env: Env = process.env): SQL {
  const all = checks(email, env);
  if (!all.length) return sql`null::text`;
  return sql`(case ${sql.join(
    all.map((c) => sql`when ${c.over} then ${c.text}::text`),
    sql` `,
  )} end)`;
}

/** Which limit keeps the email back, with what staff read, or null: for a staff re-send, checked before it queues. */
export async function limitOf(run: (query: SQL) => Promise<{ code: string | null }[]>, email: VisitorEmail, env: Env = process.env): Promise<{ code: LimitCode; text: string } | null> {
  const all = checks(email, env);
  if (!all.length) return null;
  const [row] = await run(sql`select (case ${sql.join(
    all.map((c) => sql`when ${c.over} then ${c.code}::text`),
    sql` `,
  )} end) as code`);
  const found = all.find((c) => c.code === row?.code);
  return found ? { code: found.code, text: found.text } : null;
}
