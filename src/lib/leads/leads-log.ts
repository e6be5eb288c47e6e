import { areaLog } from '@/lib/logger';

/** The lead forms' log: outcomes and request ids, never field values. */
export const log = areaLog('leads');

/**
 * What to log of a failure: the database's own error (code, message), never the query parameters
 * that Drizzle puts into its wrapper's message (they are the visitor's personal data).
 */
export function errorSummary(err: unknown): Record<string, unknown> {
  const e = err as { name?: string; message?: string; code?: string; cause?: unknown; params?: unknown } | undefined;
  const cause = e?.cause as { name?: string; message?: string; code?: string } | undefined;
  // Drizzle's DrizzleQueryError keeps the name "Error"; it is known by its query parameters.
  const drizzleWrapper = e?.constructor?.name === 'DrizzleQueryError' || (typeof e === 'object' && e !== null && 'params' in e && e.message?.startsWith('Failed query'));
  if (drizzleWrapper) {
    return cause ? { type: cause.name, code: cause.code, message: cause.message } : { type: 'DrizzleQueryError', message: 'query failed' };
  }
  return { type: e?.name, code: e?.code, message: e?.message ?? String(err) };
}
