import { areaLog } from '@/lib/logger';

/** The delivery loop's log: ids, channels and outcomes, never a lead's fields. */
export const notifyLog = areaLog('notify');
