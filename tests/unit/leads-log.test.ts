import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorSummary } from '@/lib/leads/leads-log';

// A failed insert is logged with the database's own error, never with the visitor's data that Drizzle
// puts into its wrapper's message.

describe('errorSummary', () => {
  it('unwraps a Drizzle query error to its cause, without the query parameters', () => {
    const cause = Object.assign(new Error('disk full'), { code: '53100' });
    const wrapped = new DrizzleQueryError('insert into partner_applications ...', ['Ada', 'ada@example.com'], cause);
    const summary = errorSummary(wrapped);
    expect(summary).toEqual({ type: 'Error', code: '53100', message: 'disk full' });
    expect(JSON.stringify(summary)).not.toContain('ada@example.com');
  });
  it('keeps the name, code and message of any other error', () => {
    expect(errorSummary(Object.assign(new TypeError('connection refused'), { code: 'ECONNREFUSED' }))).toEqual({
      type: 'TypeError',
      code: 'ECONNREFUSED',
      message: 'connection refused',
    });
    expect(errorSummary('boom')).toMatchObject({ message: 'boom' });
  });
});
