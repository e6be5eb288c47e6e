import { describe, expect, it } from 'vitest';
import { ALL, clearedFilters, filterItems, filtersToQuery, namesFilters, readFilters } from '@/lib/filters';

const items = [
  { title: 'Summer Sale Post', blurb: 'Bright and bold', cat: 'Instagram Post' },
  { title: 'Product Launch Story', blurb: 'Countdown to launch', cat: 'Instagram Story' },
  { title: 'Hiring Announcement', blurb: 'We are hiring SALES people', cat: 'LinkedIn Post' },
];
const fields = { text: (i: (typeof items)[number]) => [i.title, i.blurb], category: (i: (typeof items)[number]) => i.cat };

describe('filterItems', () => {
  it('matches everything with the cleared state', () => {
    expect(filterItems(items, clearedFilters, fields)).toHaveLength(3);
  });
  it('searches case-insensitively over every text field', () => {
    expect(filterItems(items, { q: 'sale', category: ALL }, fields).map((i) => i.title)).toEqual([
      'Summer Sale Post',
      'Hiring Announcement',
    ]);
    expect(filterItems(items, { q: 'LAUNCH', category: ALL }, fields).map((i) => i.title)).toEqual(['Product Launch Story']);
  });
  it('combines search and category with AND', () => {
    expect(filterItems(items, { q: 'sale', category: 'LinkedIn Post' }, fields).map((i) => i.title)).toEqual([
      'Hiring Announcement',
    ]);
    expect(filterItems(items, { q: 'launch', category: 'LinkedIn Post' }, fields)).toEqual([]);
  });
  it('ignores surrounding spaces in the search', () => {
    expect(filterItems(items, { q: '  story ', category: ALL }, fields)).toHaveLength(1);
  });
});

describe('URL state', () => {
  const cats = [ALL, 'Instagram Post', 'X (Twitter)'];
  it('reads q and a known category', () => {
    expect(readFilters(new URLSearchParams('q=Sale&category=X+(Twitter)'), cats)).toEqual({ q: 'Sale', category: 'X (Twitter)' });
  });
  it('reads an unknown category as All', () => {
    expect(readFilters({ category: 'Nope' }, cats)).toEqual({ q: '', category: ALL });
  });
  it('round-trips through the query string and leaves defaults out', () => {
    const state = { q: 'summer sale', category: 'X (Twitter)' };
    expect(readFilters(new URLSearchParams(filtersToQuery(state).slice(1)), cats)).toEqual(state);
    expect(filtersToQuery(clearedFilters)).toBe('');
  });
  it('tells a query that can change the list (q or category, even empty) from one that cannot', () => {
    for (const query of ['q=', 'q=social', 'category=Tutorials', 'utm_source=x&q=a', 'q[]=x&q=']) expect(namesFilters(new URLSearchParams(query)), query).toBe(true);
    for (const query of ['', 'utm_source=newsletter', '%', '&&&=&=', 'Q=social', 'q[]=x', 'query=social']) expect(namesFilters(new URLSearchParams(query)), query).toBe(false);
  });
});
