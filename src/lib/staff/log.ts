import { areaLog } from '@/lib/log';

/** The staff area's log: events, user and request ids, never passwords, tokens or lead field values. */
export const staffLog = areaLog('staff');
