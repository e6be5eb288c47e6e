// The daily purge: deletes what the retention configuration (lib/config/retention.ts) says has expired,
// with everything attached to it (triage, status and owner history, notes, the emails of its thread,
// notification records and staff emails about it, submission tokens, consent records, spam screening, attribution; a data request's
// checks go by their foreign key), submission tokens that name no lead after a few days, emails that matched
// no lead after `unmatchedMessageDays`, and the page counts of old days, in batches so that
// no statement holds a large table for long. A data request held or marked spam still waits for its reply
// deadline. It logs counts only. The server's background work runs it once a day, on one instance
// (`maintenance_runs` says who ran last); `purgeExpired` takes the clock, so tests set it forward.
import type { Queryable } from '@/lib/db/connection';
import { leadKindNames, leadKinds, type LeadKind } from '@/lib/leads/kinds';
import { replyDueBySql, retention, type LeadRetention } from '@/lib/config/retention';
import { addDays, addMonths } from '@/lib/dates';

const batch = 5_000;

const daysBefore = (now: Date, days: number) => addDays(now, -days);
const monthsBefore = (now: Date, months: number) => addMonths(now, -months);

/**
 * Deletes the rows of `kind` that `where` selects (`l` is the lead; `$1`, `$2`... are `dates`, `{kind}` the
 * kind), batch by batch, with what is attached.
 */
async function purgeLeads(client: Queryable, kind: LeadKind, where: string, dates: Date[]): Promise<number> {
  const table = leadKinds[kind].table;
  const k = `$${dates.length + 1}::text`;
  const selected = where.replace(/\$(\d+)/g, '$$$1::timestamptz').replaceAll('{kind}', k);
  let total = 0;
  for (;;) {
    const { rows } = await client.query(
      `with gone as (
         delete from ${table} where id in (select l.id from ${table} l where ${selected} limit ${batch}) returning id
       ), triage as (delete from lead_triage where lead_type = ${k} and lead_id in (select id from gone)),
       history as (delete from lead_status_history where lead_type = ${k} and lead_id in (select id from gone)),
       notes as (delete from lead_notes where lead_type = ${k} and lead_id in (select id from gone)),
       outbox as (delete from notification_outbox where lead_type = ${k} and lead_id in (select id from gone)),
       staff_mail as (delete from staff_emails where lead_type = ${k} and lead_id in (select id from gone)),
       tokens as (delete from submission_tokens where lead_type = ${k} and lead_id in (select id from gone)),
       consents as (delete from consent_records where lead_type = ${k} and lead_id in (select id from gone)),
       screening as (delete from lead_screening where lead_type = ${k} and lead_id in (select id from gone)),
       attribution as (delete from lead_attribution where lead_type = ${k} and lead_id in (select id from gone)),
       messages as (delete from lead_messages where lead_type = ${k} and lead_id in (select id from gone)),
       owners as (delete from lead_owner_history where lead_type = ${k} and lead_id in (select id from gone))
       select count(*)::int as n from gone`,
      [...dates.map((d) => d.toISOString()), kind],
    );
    const n = Number((rows[0] as { n: number }).n);
    total += n;
    if (n < batch) return total;
  }
}

/** The page counts of the days before `before` (UTC date), batch by batch, and their days' key counts. */
async function purgePageViews(client: Queryable, before: Date): Promise<number> {
  const day = before.toISOString().slice(0, 10);
  const total = await purgeBatches(
    client,
    `delete from page_views where (day, path, referrer_host, source, medium, campaign) in (
       select day, path, referrer_host, source, medium, campaign from page_views where day < $1::date limit ${batch})`,
    [day],
  );
  await client.query(`delete from page_view_days where day < $1::date`, [day]);
  return total;
}

/** Runs `deleting` (a delete of at most `batch` rows) until it deletes fewer; returns how many it deleted. */
async function purgeBatches(client: Queryable, deleting: string, params: unknown[]): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await client.query(`with gone as (${deleting} returning 1) select count(*)::int as n from gone`, params);
    const n = Number((rows[0] as { n: number }).n);
    total += n;
    if (n < batch) return total;
  }
}

export type PurgeCounts = Record<string, number>;

/** Deletes everything expired at `now`; returns the rows deleted per kind of data. */
export async function purgeExpired(client: Queryable, now = new Date()): Promise<PurgeCounts> {
  const counts: PurgeCounts = {};
  const spamBefore = daysBefore(now, retention.spamDays);
  for (const kind of leadKindNames) {
    const spam = (n: number) => `(l.created_at < $${n} and exists (select 1 from lead_triage t where t.lead_type = {kind} and t.lead_id = l.id and t.status = 'spam'))`;
    let n: number;
    // Each kind's period is the one its registry entry names (lib/config/retention.ts `leadRetention`).
    const period = leadKinds[kind].retention as LeadRetention;
    if (period === 'subscription') {
      // A confirmed subscription stays while it is wanted; unconfirmed and unsubscribed ones expire.
      n = await purgeLeads(client, kind, `(l.status = 'pending' and l.created_at < $1) or (l.status = 'unsubscribed' and l.unsubscribed_at < $2) or ${spam(3)}`, [
        daysBefore(now, retention.newsletterUnconfirmedDays),
        daysBefore(now, retention.newsletterUnsubscribedDays),
        spamBefore,
      ]);
    } else {
      const months = period === 'request' ? retention.dataRequestMonths : retention.leadMonths;
      // A request is never deleted before its reply deadline (extended or not) has passed, spam or not.
      const answered = period === 'request' ? ` and ${replyDueBySql('l.created_at', '(select c.extended_until from data_request_checks c where c.request_id = l.id)')} < $3` : '';
      n = await purgeLeads(client, kind, `l.created_at < $1 or (${spam(2)}${answered})`, [monthsBefore(now, months), spamBefore, ...(answered ? [now] : [])]);
    }
    counts[leadKinds[kind].table] = n;
  }
  // Finished deliveries of leads that are still kept: the record of sending goes after its own period.
  const { rows } = await client.query(
    `with gone as (delete from notification_outbox where status <> 'pending' and coalesce(sent_at, created_at) < $1::timestamptz returning 1) select count(*)::int as n from gone`,
    [daysBefore(now, retention.deliveryDays).toISOString()],
  );
  counts.notification_outbox = Number((rows[0] as { n: number }).n);
  // The posting network's key of a visitor email counts only for its hour (lib/notify/visitor-limits.ts): kept a day.
  await client.query(`update notification_outbox set network_key = null where network_key is not null and created_at < $1::timestamptz`, [daysBefore(now, 1).toISOString()]);
  // A submission token that names no lead (a hash of what was typed, for a post without JavaScript) only
  // stops a repeat for a day or two.
  counts.submission_tokens = await purgeBatches(
    client,
    `delete from submission_tokens where token in (select token from submission_tokens where lead_id is null and created_at < $1::timestamptz limit ${batch})`,
    [daysBefore(now, retention.orphanTokenDays).toISOString()],
  );
  // An email that matched no lead waits for an admin to attach it or discard it only so long.
  counts.unmatched_messages = await purgeBatches(
    client,
    `delete from lead_messages where id in (select id from lead_messages where lead_id is null and created_at < $1::timestamptz limit ${batch})`,
    [daysBefore(now, retention.unmatchedMessageDays).toISOString()],
  );
  // A used proof of work is kept only while its challenge could still be used.
  const used = await client.query(`with gone as (delete from used_challenges where expires_at < $1::timestamptz returning 1) select count(*)::int as n from gone`, [now.toISOString()]);
  counts.used_challenges = Number((used.rows[0] as { n: number }).n);
  counts.page_views = await purgePageViews(client, monthsBefore(now, retention.pageViewMonths));
  return counts;
}

/**
 * Runs the purge when it is this instance's turn: at most once in 23 hours across every instance on the
 * database (`maintenance_runs` is claimed in one statement). Null when another run was recent.
 */
export async function purgeIfDue(client: Queryable, now = new Date()): Promise<PurgeCounts | null> {
  const { rows } = await client.query(
    `insert into maintenance_runs (name, last_run_at) values ('retention-purge', $1::timestamptz)
       on conflict (name) do update set last_run_at = excluded.last_run_at
       where maintenance_runs.last_run_at < excluded.last_run_at - interval '23 hours'
     returning name`,
    [now.toISOString()],
  );
  if (!rows.length) return null;
  return purgeExpired(client, now);
}
