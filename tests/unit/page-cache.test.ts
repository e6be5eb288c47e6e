import { describe, expect, it } from 'vitest';
import { PageCache } from '@/lib/page-cache';

const page = (text: string, init: ResponseInit = {}) => new Response(text, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'x-kind': 'list' }, ...init });

describe('PageCache (finished answers of filtered lists)', () => {
  it('answers the same address again with the same bytes and headers, without the page being rendered again', async () => {
    const cache = new PageCache(10, 60_000);
    expect(cache.get('/blog?q=a')).toBeUndefined();
    const sent = await cache.keep('/blog?q=a', page('<p>first</p>'));
    expect(await sent.text()).toBe('<p>first</p>');
    const again = cache.get('/blog?q=a')!;
    expect(again.status).toBe(200);
    expect(again.headers.get('x-kind')).toBe('list');
    expect(await again.text()).toBe('<p>first</p>');
    // Each answer is a new Response: reading one does not empty the next.
    expect(await cache.get('/blog?q=a')!.text()).toBe('<p>first</p>');
    expect(cache.get('/blog?q=b')).toBeUndefined();
  });

  it('keeps only 200 answers without a cookie', async () => {
    const cache = new PageCache(10, 60_000);
    const missing = await cache.keep('/x', page('gone', { status: 404 }));
    expect(await missing.text()).toBe('gone');
    await cache.keep('/y', new Response('hi', { headers: { 'set-cookie': 'a=b' } }));
    expect(cache.get('/x')).toBeUndefined();
    expect(cache.get('/y')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used answer beyond its limit', async () => {
    const cache = new PageCache(2, 60_000);
    await cache.keep('a', page('A'));
    await cache.keep('b', page('B'));
    cache.get('a'); // a is now more recent than b
    await cache.keep('c', page('C'));
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(await cache.get('a')!.text()).toBe('A');
    expect(await cache.get('c')!.text()).toBe('C');
  });

  it('forgets an answer after its time to live', async () => {
    let now = 1_000;
    const cache = new PageCache(10, 500, () => now);
    await cache.keep('a', page('A'));
    now += 499;
    expect(cache.get('a')).toBeDefined();
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
