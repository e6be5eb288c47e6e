// The delivery loop's log (pino, JSON lines; LOG_LEVEL sets the level). At info it records ids,
// channels and outcomes only; never a lead's fields.
import pino from 'pino';

export const notifyLog = pino({ name: 'notify', level: process.env.LOG_LEVEL || 'info' });
