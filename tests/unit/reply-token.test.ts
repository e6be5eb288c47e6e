import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readReplyToken, replyAddress, replyToken, tokenOfAddress } from '@/lib/conversations/reply-token';
import { leadKindNames } from '@/lib/leads/kinds';

const key = Buffer.from('k'.repeat(32));

describe('reply tokens', () => {
  it('name the lead, in lower case, and fit a local part', () => {
    for (const kind of leadKindNames) {
      const id = randomUUID();
      const token = replyToken(key, kind, id);
      expect(token).toMatch(/^[a-z0-9-]+$/);
      const address = replyAddress('replies@inbound.example.com', token);
      expect(address.split('@')[0]!.length).toBeLessThanOrEqual(64);
      expect(readReplyToken(key, tokenOfAddress(address)!)).toEqual({ kind, id });
      expect(readReplyToken(key, tokenOfAddress(address.toUpperCase())!)).toEqual({ kind, id });
    }
  });

  it('refuse a token for another lead, another key or a changed character', () => {
    const id = randomUUID();
    const token = replyToken(key, 'partner', id);
    expect(readReplyToken(Buffer.from('x'.repeat(32)), token)).toBeNull();
    const other = replyToken(key, 'partner', randomUUID());
    expect(readReplyToken(key, `${token.slice(0, -12)}${other.slice(-12)}`)).toBeNull();
    expect(readReplyToken(key, token.replace(/^partner/, 'agency'))).toBeNull();
    const last = token.at(-1) === 'a' ? 'b' : 'a';
    expect(readReplyToken(key, `${token.slice(0, -1)}${last}`)).toBeNull();
    expect(readReplyToken(key, 'nonsense')).toBeNull();
    expect(tokenOfAddress('replies@inbound.example.com')).toBeNull();
  });

  it('keep the base address and drop a subaddress it had', () => {
    expect(replyAddress('team+x@example.com', 'abc')).toBe('team+abc@example.com');
  });
});
