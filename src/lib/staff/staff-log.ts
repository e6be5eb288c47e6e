import { areaLog } from '@/lib/logger';

/** The staff area's log: events, user and request ids, never passwords, tokens or lead field values. */
export const staffLog = areaLog('staff');
