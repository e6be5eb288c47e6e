// Overdue reminders (issue 32, docs/speed-to-lead.md "Reminders and digests"): a sweep every minute on the
// scheduler writes, in one statement, one `reminder` row of `staff_emails` per lead that has turned overdue
// and each person to tell: its owner, or each admin when nobody (available) owns it. The rows' key
// (`reminder:<type>:<lead id>:<member id>`) cannot be written twice, so a sweep run twice, by two
// processes at once, or again after a crash writes nothing more; the delivery loop sends each row once.
//
// Overdue: status new, contacted or qualified, not answered, `due_at <= now()`. The sweep reads only the
// leads whose due time passed since the last sweep (kept in `maintenance_runs`, less ten minutes for a
// transaction that committed late), by the partial index lead_index_due_idx: a few rows a
// minute whether the inbox holds a thousand overdue leads or a million. The first sweep on a database
// looks back one day, so that turning reminders on does not mail about every old overdue lead.
import type { Logger } from 'pino';
import type { Queryable } from '@/lib/db/connection';
import { areaLog } from '@/lib/logger';
import { openStatusesSql } from '@/lib/staff-mail/data';
import type { Scheduler } from './scheduler';

export const reminderSweepJob = { queue: 'overdue-reminders', cron: '* * * * *', tz: 'UTC' } as const;

const sweepSql = `
with clock as (
  select coalesce($1::timestamptz, now()) as now
), bound as (
  select coalesce((select last_run_at from maintenance_runs where name = 'reminder-sweep') - interval '10 minutes',
                  (select now from clock) - interval '1 day') as since
), due as (
  select li.lead_type, li.lead_id, li.owner_id
    from lead_index li
   where li.status in ${openStatusesSql} and li.answered_at is null
     and li.due_at > (select since from bound) and li.due_at <= (select now from clock)
), owner_ok as (
  select d.*, u.id as owner_active
    from due d left join staff_users u on u.id = d.owner_id and u.disabled_at is null and u.away_since is null
), recipients as (
  select lead_type, lead_id, owner_active as user_id from owner_ok where owner_active is not null
  union all
  select o.lead_type, o.lead_id, a.id from owner_ok o join staff_users a on a.role = 'admin' and a.disabled_at is null
   where o.owner_active is null
), written as (
  insert into staff_emails (staff_user_id, topic, key, lead_type, lead_id)
  select user_id, 'reminder', 'reminder:' || lead_type || ':' || lead_id || ':' || user_id, lead_type, lead_id from recipients
  on conflict (key) do nothing
  returning 1
), swept as (
  insert into maintenance_runs (name, last_run_at) values ('reminder-sweep', (select now from clock))
  on conflict (name) do update set last_run_at = greatest(maintenance_runs.last_run_at, excluded.last_run_at)
)
select count(*)::int as n from written`;

/**
 * One sweep: writes the reminders of the leads that turned overdue; resolves with how many rows it wrote.
 * `now`: the database's clock unless a test moves it (a seam, not a setting: the scheduler never passes one).
 */
export async function sweepOverdueLeads(client: Queryable, now: Date | null = null): Promise<number> {
  const { rows } = await client.query(sweepSql, [now?.toISOString() ?? null]);
  return Number((rows[0] as { n: number }).n);
}

/** Registers the sweep on the scheduler: its handler, and its schedule every minute (once per minute across every process). */
export async function scheduleReminders(scheduler: Scheduler, client: Queryable, log: Logger = areaLog('scheduler')): Promise<void> {
  await scheduler.work(
    reminderSweepJob.queue,
    async () => {
      const written = await sweepOverdueLeads(client);
      // The next minute's sweep covers the same leads: a failed one needs no retry of its own.
      if (written) log.info({ event: 'reminders.written', written }, 'overdue reminders queued');
    },
    { retryLimit: 0, expireInSeconds: 120 },
  );
  await scheduler.every(reminderSweepJob.queue, reminderSweepJob.cron, null, { tz: reminderSweepJob.tz });
}
