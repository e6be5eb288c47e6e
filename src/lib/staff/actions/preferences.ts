import { z } from 'zod';
import { fail, ok } from '../action-state';
import { checkPreferences, savePreferences } from '../preferences';
import { getTeamCalendar } from '@/lib/speed/team-calendar';
import { field, staffAction } from './define';

const ticked = z.unknown().transform((v) => v === 'on');

/** "My settings": each member saves their own (never another's: the row is the signed-in user's). */
export const saveMyPreferences = staffAction(
  {
    event: 'staff.preferences_saved',
    input: z.object({ digest: ticked, digestAt: field.text, timeZone: field.text, weeklySummary: ticked }),
  },
  async ({ user, db, input, audit }) => {
    const teamZone = (await getTeamCalendar(db)).timeZone;
    const checked = checkPreferences(input, user.role, teamZone);
    if ('errors' in checked) return fail(Object.values(checked.errors)[0], checked.errors);
    await savePreferences(db, user.id, checked.ok);
    audit({ digest: checked.ok.digestAt !== null, weeklySummary: checked.ok.weeklySummary });
    const zone = checked.ok.timeZone ?? `the team's time zone, ${teamZone}`;
    const digest = checked.ok.digestAt ? `Your daily digest comes at ${checked.ok.digestAt} (${zone}).` : 'You get no daily digest.';
    return ok(`Settings saved. ${digest}${user.role === 'admin' ? (checked.ok.weeklySummary ? ' You get the weekly summary on Mondays.' : ' You get no weekly summary.') : ''}`);
  },
);
