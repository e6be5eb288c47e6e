import pino from 'pino';

/**
 * The server's one log: JSON lines on stdout, LOG_LEVEL sets the level. Each area logs through its
 * child (`name` says which). Nothing a visitor typed, no password and no token is ever logged.
 */
export const logger = pino({ level: process.env.LOG_LEVEL || 'info' });

export const areaLog = (name: 'leads' | 'notify' | 'staff' | 'server' | 'newsletter' | 'retention' | 'analytics' | 'scheduler' | 'assignment') => logger.child({ name });
