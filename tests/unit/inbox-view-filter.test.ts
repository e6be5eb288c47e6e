import { describe, expect, it } from 'vitest';
import { filterQuery, parseFilter } from '@/lib/staff/filters';
import { parseCursor } from '@/lib/staff/unmatched';

describe("the inbox's views in the URL", () => {
  it('reads a known view and the order "Awaiting our answer" takes, and ignores anything else', () => {
    expect(parseFilter({ view: 'unread' })).toMatchObject({ view: 'unread', sort: '', status: '' });
    expect(parseFilter({ view: 'awaiting', sort: 'newest' })).toMatchObject({ view: 'awaiting', sort: 'newest' });
    expect(parseFilter({ view: 'people', sort: 'newest' })).toMatchObject({ view: 'people', sort: '' });
    expect(parseFilter({ view: ['people', 'unread'] }).view).toBe('people');
    for (const bad of ['spam', '<script>', 'UNREAD', '']) expect(parseFilter({ view: bad }).view).toBe('');
    expect(parseFilter({ view: 'awaiting', sort: 'oldest' }).sort).toBe('');
  });

  it('writes the view first and keeps the other filters, so a view combines with them', () => {
    const f = parseFilter({ view: 'awaiting', type: 'partner', q: 'ann', sort: 'newest', page: '2' });
    expect(filterQuery(f)).toBe('?view=awaiting&type=partner&q=ann&sort=newest&page=2');
    expect(filterQuery(f, { page: 1, sort: '' })).toBe('?view=awaiting&type=partner&q=ann');
    expect(parseFilter(new URLSearchParams(filterQuery(f).slice(1)))).toEqual(f);
  });
});

describe('the unmatched list’s cursor', () => {
  const id = '0b9f6c1e-2f47-4a43-9d51-3c5f0e6a7b21';
  it('takes PostgreSQL’s text of a timestamp and an id', () => {
    expect(parseCursor(`2026-11-27 13:22:50.123456+00,${id}`)).toEqual({ at: '2026-11-27 13:22:50.123456+00', id });
    expect(parseCursor(`2026-11-27 13:22:50+05:30,${id}`)).toEqual({ at: '2026-11-27 13:22:50+05:30', id });
  });
  it('refuses anything else (the list then starts from the newest)', () => {
    for (const bad of [null, '', id, `yesterday,${id}`, `2026-13-01 00:00:00+00,${id}`, `2026-02-30 00:00:00+00,${id}`, `2026-02-28 25:00:00+00,${id}`, `2026-11-27 13:22:50+00,not-an-id`, `2026-11-27 13:22:50+00;drop table x,${id}`]) {
      expect(parseCursor(bad)).toBeNull();
    }
  });
});
