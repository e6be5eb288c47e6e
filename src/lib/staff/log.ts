import pino from 'pino';

/** Server-side log of the staff area (JSON lines). Never logs passwords, tokens or lead field values. */
export const staffLog = pino({ name: 'staff', level: process.env.LOG_LEVEL || 'info' });
