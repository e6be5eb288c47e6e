import { describe, expect, it } from 'vitest';
import { clockState, dueInZone, spanText } from '@/lib/speed/due-text';

const at = (iso: string) => new Date(iso);
const lead = { createdAt: at('2026-11-27T17:00:00Z'), dueAt: at('2026-11-30T17:00:00Z'), answeredAt: null, status: 'new' };

describe('the first-response clock as staff read it', () => {
  it('words spans in minutes, hours and days', () => {
    expect([spanText(20_000), spanText(25 * 60_000), spanText(3 * 3_600_000 + 1), spanText(47 * 3_600_000), spanText(72 * 3_600_000)]).toEqual(['1 min', '25 min', '3 h', '47 h', '3 days']);
  });

  it('runs, turns due soon four hours before, and overdue at the due time', () => {
    expect(clockState(lead, at('2026-11-30T10:00:00Z'))).toEqual({ tone: 'due', text: 'due in 7 h' });
    expect(clockState(lead, at('2026-11-30T15:00:00Z'))).toEqual({ tone: 'soon', text: 'due in 2 h' });
    expect(clockState(lead, at('2026-11-30T17:00:00Z'))).toEqual({ tone: 'overdue', text: 'overdue by 1 min' });
    expect(clockState(lead, at('2026-11-30T20:00:00Z'))).toEqual({ tone: 'overdue', text: 'overdue by 3 h' });
  });

  it('stops at the answer: on time or late; a closed lead without one says so; no due time, nothing', () => {
    expect(clockState({ ...lead, answeredAt: at('2026-11-27T22:00:00Z'), status: 'contacted' }, at('2026-12-05T00:00:00Z'))).toEqual({ tone: 'answered', text: 'answered in 5 h, on time' });
    expect(clockState({ ...lead, answeredAt: at('2026-11-30T23:00:00Z') }, at('2026-12-05T00:00:00Z'))).toEqual({ tone: 'late', text: 'answered in 3 days, 6 h late' });
    expect(clockState({ ...lead, status: 'lost' }, at('2026-12-05T00:00:00Z'))).toEqual({ tone: 'closed', text: 'closed without an answer' });
    expect(clockState({ ...lead, dueAt: null }, at('2026-12-05T00:00:00Z'))).toBeNull();
  });

  it("shows the due time in the team's zone", () => {
    expect(dueInZone(at('2026-11-30T16:00:00Z'), 'Europe/Berlin')).toBe('Mon 30 Nov 17:00 (Europe/Berlin)');
    expect(dueInZone(at('2026-11-30T17:00:00Z'), 'UTC')).toBe('Mon 30 Nov 17:00 (UTC)');
  });
});
