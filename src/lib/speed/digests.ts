// The daily digest and the weekly summary (issue 32, docs/speed-to-lead.md "Reminders and digests").
//
// Digest: one pg-boss schedule per member who opted in (queue `staff-digest`, key = the member, cron at
// their `digest_at` in their zone or the team's). The schedules follow the members' settings: a sync every
// minute sets the ones that are missing or changed and removes the others, so a change saved on any
// instance (even one that runs no scheduler) takes effect within a minute. The job writes one `digest`
// row keyed by member and local date (`digest:<member>:<YYYY-MM-DD>`): a repeat, a restart or a second
// instance writes nothing more. Weekly summary: one schedule (Monday 08:00 in the team's zone) writing one
// `summary` row per admin who opted in, keyed by the ISO week it covers.
import type { Logger } from 'pino';
import type { Queryable } from '@/lib/db/connection';
import { areaLog } from '@/lib/logger';
import { addLocalDays, isoWeek, isoWeekMonday, localDate, teamTimeZone } from '@/lib/staff-mail/zones';
import type { Scheduler } from './scheduler';

export const digestJob = { queue: 'staff-digest' } as const;
export const digestSyncJob = { queue: 'staff-digest-sync', cron: '* * * * *' } as const;
export const weeklySummaryJob = { queue: 'weekly-summary', cron: '0 8 * * 1' } as const;

type DigestData = { member: string; at: string; tz: string };

/** `HH:MM` as a daily cron expression ("07:30" -> "30 7 * * *"). */
export const digestCron = (at: string): string => `${Number(at.slice(3, 5))} ${Number(at.slice(0, 2))} * * *`;

/** The members who want a digest, each with the schedule they should have. */
async function wantedDigests(client: Queryable): Promise<Map<string, DigestData>> {
  const { rows } = await client.query(`select id, digest_at, time_zone from staff_users where digest_at is not null and disabled_at is null`);
  const team = await teamTimeZone(client);
  return new Map((rows as { id: string; digest_at: string; time_zone: string | null }[]).map((r) => [r.id, { member: r.id, at: r.digest_at, tz: r.time_zone ?? team }]));
}

/** Makes the digest schedules match the members' settings; resolves with how many it set and removed. */
export async function syncDigestSchedules(scheduler: Scheduler, client: Queryable): Promise<{ set: number; removed: number }> {
  const [wanted, existing] = await Promise.all([wantedDigests(client), scheduler.schedules(digestJob.queue)]);
  const have = new Map(existing.map((s) => [s.key, s]));
  let set = 0;
  let removed = 0;
  for (const [member, data] of wanted) {
    const s = have.get(member);
    const d = s?.data as Partial<DigestData> | null | undefined;
    if (s && s.cron === digestCron(data.at) && s.tz === data.tz && d?.at === data.at && d?.tz === data.tz) continue;
    await scheduler.every(digestJob.queue, digestCron(data.at), data, { tz: data.tz, key: member });
    set++;
  }
  for (const key of have.keys()) {
    if (wanted.has(key)) continue;
    await scheduler.unschedule(digestJob.queue, key);
    removed++;
  }
  return { set, removed };
}

/**
 * Writes the digest a schedule's job asks for, unless the member's setting changed since the schedule was
 * made (the sync replaces it) or they opted out. The date is that of the latest `at` in their zone, so a
 * job run late (after a restart) is still the day it was for. Resolves with whether a row was written.
 */
export async function writeDigest(client: Queryable, job: DigestData, now = new Date()): Promise<boolean> {
  const { rows } = await client.query(`select digest_at, time_zone from staff_users where id = $1 and disabled_at is null`, [job.member]);
  const m = rows[0] as { digest_at: string | null; time_zone: string | null } | undefined;
  if (!m || m.digest_at !== job.at || (m.time_zone ?? (await teamTimeZone(client))) !== job.tz) return false;
  const today = localDate(now, job.tz);
  const clock = new Intl.DateTimeFormat('en-GB', { timeZone: job.tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(now);
  const date = clock >= job.at ? today : addLocalDays(today, -1);
  const written = await client.query(
    `insert into staff_emails (staff_user_id, topic, key) values ($1, 'digest', $2) on conflict (key) do nothing returning id`,
    [job.member, `digest:${job.member}:${date}`],
  );
  return written.rows.length > 0;
}

/** Writes the weekly summary of the ISO week before the current one (team's zone) for each admin who opted in; resolves with how many rows. */
export async function writeWeeklySummaries(client: Queryable, now = new Date()): Promise<number> {
  const monday = isoWeekMonday(isoWeek(localDate(now, await teamTimeZone(client))));
  const week = isoWeek(addLocalDays(monday, -7));
  const { rows } = await client.query(
    `insert into staff_emails (staff_user_id, topic, key)
     select id, 'summary', 'summary:' || id || ':' || $1 from staff_users where role = 'admin' and weekly_summary and disabled_at is null
     on conflict (key) do nothing returning id`,
    [week],
  );
  return rows.length;
}

/**
 * Registers the digests (their handler and the sync that keeps one schedule per member) and the weekly
 * summary. `now`: the scheduler's clock, for tests that move it (pg-boss's TestClock); the system's otherwise.
 */
export async function scheduleDigests(scheduler: Scheduler, client: Queryable, { log = areaLog('scheduler'), now = () => new Date() }: { log?: Logger; now?: () => Date } = {}): Promise<void> {
  await scheduler.work<DigestData>(digestJob.queue, async (data) => {
    if (await writeDigest(client, data, now())) log.info({ event: 'digest.written' }, 'daily digest queued');
  });
  await scheduler.work(
    digestSyncJob.queue,
    async () => {
      const { set, removed } = await syncDigestSchedules(scheduler, client);
      // The summary follows the team's zone when the admins change their calendar (the same schedule, moved).
      await scheduler.every(weeklySummaryJob.queue, weeklySummaryJob.cron, null, { tz: await teamTimeZone(client) });
      if (set || removed) log.info({ event: 'digest.schedules', set, removed }, 'digest schedules follow the members\u2019 settings');
    },
    { retryLimit: 0, expireInSeconds: 120 },
  );
  await scheduler.work(weeklySummaryJob.queue, async () => {
    const written = await writeWeeklySummaries(client, now());
    if (written) log.info({ event: 'summary.written', written }, 'weekly summaries queued');
  });
  await scheduler.every(digestSyncJob.queue, digestSyncJob.cron, null);
  await scheduler.every(weeklySummaryJob.queue, weeklySummaryJob.cron, null, { tz: await teamTimeZone(client) });
  // At once too, not only at the next minute: a process that starts sets what changed while none ran.
  await syncDigestSchedules(scheduler, client);
}
