import { describe, expect, it } from 'vitest';
import { attributionOf, cleanTag, pageAttribution, referrerHost, tagMax } from '@/lib/leads/attribution';

const form = (values: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.set(k, v);
  return fd;
};

describe('lead attribution', () => {
  it('with JavaScript: the island’s fields, the referring site as its host only', () => {
    const fields = pageAttribution({ pathname: '/partners', search: '?utm_source=news&utm_campaign=spring&x=1' }, 'https://www.Example.org/some/path?user=ada@example.com');
    expect(fields).toEqual({ page: '/partners', utm_source: 'news', utm_campaign: 'spring', referrer: 'https://www.Example.org/some/path?user=ada@example.com' });
    expect(attributionOf(form(fields), 'https://postcraft.example/partners', 'postcraft.example')).toEqual({
      source: 'news',
      medium: null,
      campaign: 'spring',
      term: null,
      content: null,
      referrer: 'example.org',
      page: '/partners',
      referral: null,
    });
  });

  it('without JavaScript: the tags and path of the post’s own Referer (a page of this site), else the page posted to', () => {
    const from = attributionOf(form({}), 'https://postcraft.example/partners?utm_source=news&utm_medium=email&utm_campaign=spring', 'postcraft.example', '/partners');
    expect(from).toMatchObject({ source: 'news', medium: 'email', campaign: 'spring', referrer: null, page: '/partners' });
    // Another site's Referer says nothing about our campaign tags.
    expect(attributionOf(form({}), 'https://evil.example/x?utm_source=forged', 'postcraft.example', '/contact')).toMatchObject({ source: null, page: '/contact' });
    expect(attributionOf(form({}), null, 'postcraft.example')).toEqual({ source: null, medium: null, campaign: null, term: null, content: null, referrer: null, page: null, referral: null });
  });

  it('odd values are cut and kept as text, never an error', () => {
    expect(cleanTag(' news\u0000letter\n\t ')).toBe('news letter');
    expect(cleanTag('x'.repeat(500))).toHaveLength(tagMax);
    expect(cleanTag('')).toBeNull();
    expect(cleanTag('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
    expect(referrerHost('javascript:alert(1)', null)).toBeNull();
    expect(referrerHost('not a url', null)).toBeNull();
    expect(referrerHost('https://postcraft.example/pricing', 'postcraft.example')).toBeNull();
    const odd = attributionOf(form({ utm_source: '🎉'.repeat(300), page: '//evil.example/x', referrer: 'ftp://files.example' }), '::', null);
    expect(Array.from(odd.source!)).toHaveLength(tagMax);
    expect(odd.page).toBeNull();
    expect(odd.referrer).toBeNull();
  });
});
