// A staff member's own settings (issue 32; the "My settings" page, /staff/settings): the daily digest's
// time and time zone, and for admins the weekly summary. The digest's schedule follows within a minute
// (lib/speed/digests.ts syncs the schedules from these columns), whichever instance saved them.
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { staffUsers } from '@/lib/db/staff-schema';
import { isClockTime, isTimeZone } from '@/lib/staff-mail/zones';

export type Preferences = { digestAt: string | null; timeZone: string | null; weeklySummary: boolean };

export async function getPreferences(db: Db, userId: string): Promise<Preferences | undefined> {
  const [row] = await db
    .select({ digestAt: staffUsers.digestAt, timeZone: staffUsers.timeZone, weeklySummary: staffUsers.weeklySummary })
    .from(staffUsers)
    .where(eq(staffUsers.id, userId));
  return row;
}

export type PreferencesForm = { digest: boolean; digestAt: string; timeZone: string; weeklySummary: boolean };

/** The form's values checked, with a message per field that is wrong (the first one is the form's message). */
/** `teamZone`: the team's time zone, named in the message for a wrong zone (lib/staff-mail/zones.ts). */
export function checkPreferences(form: PreferencesForm, role: string, teamZone: string): { ok: Preferences } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const at = form.digestAt.trim();
  const zone = form.timeZone.trim();
  if (form.digest && !at) errors.digestAt = 'Enter the time of your digest as HH:MM, for example 08:30.';
  else if (at && !isClockTime(at)) errors.digestAt = `“${at.slice(0, 20)}” is not a time: enter it as HH:MM on the 24-hour clock, for example 08:30 or 17:45.`;
  if (zone && !isTimeZone(zone))
    errors.timeZone = `“${zone.slice(0, 40)}” is not a time zone: enter one such as Europe/Berlin or America/New_York, or leave it empty for the team's (${teamZone}).`;
  if (form.weeklySummary && role !== 'admin') errors.weeklySummary = 'The weekly summary is for admins.';
  if (Object.keys(errors).length) return { errors };
  return { ok: { digestAt: form.digest ? at : null, timeZone: zone || null, weeklySummary: form.weeklySummary } };
}

export async function savePreferences(db: Db, userId: string, p: Preferences): Promise<void> {
  await db.update(staffUsers).set({ digestAt: p.digestAt, timeZone: p.timeZone, weeklySummary: p.weeklySummary }).where(eq(staffUsers.id, userId));
}
