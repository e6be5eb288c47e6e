import { RateLimiterMemory } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { consumeSubmission, createLimiters, isOverLimit } from '@/lib/leads/rate-limit';
import { addressKey, networkOf } from '@/lib/limiter';
import { visitorEmailBudget } from '@/lib/notify/config';

// The limiters live on globalThis and are shared by the server bundles of one process; each bundle
// has its own copy of rate-limiter-flexible. An "over the limit" answer made by another copy (a
// RateLimiterRes of another class) must still count as over the limit, never as a limiter failure
// (which lets the submission through).

/** A limiter as another bundle's copy of the library answers: same shape, another class. */
class ForeignRateLimiterRes {
  constructor(
    public remainingPoints: number,
    public msBeforeNext: number,
    public consumedPoints: number,
    public isFirstInDuration: boolean,
  ) {}
}
const foreignLimiter = (over: boolean) =>
  ({ consume: async () => (over ? Promise.reject(new ForeignRateLimiterRes(0, 57_000, 6, false)) : new ForeignRateLimiterRes(4, 60_000, 1, true)) }) as never;

describe('consumeSubmission', () => {
  it('refuses the sixth submission of one form from one address (5 per form)', async () => {
    const limiters = { form: new RateLimiterMemory({ points: 5, duration: 60 }), total: new RateLimiterMemory({ points: 30, duration: 60 }) };
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await consumeSubmission(limiters, 'contact', '198.51.100.7'));
    expect(answers).toEqual([true, true, true, true, true, false]);
    expect(await consumeSubmission(limiters, 'partner', '198.51.100.7')).toBe(true);
  });

  it('an over-the-limit answer from another copy of the library is over the limit', async () => {
    expect(await consumeSubmission({ form: foreignLimiter(true), total: null }, 'contact', '198.51.100.8')).toBe(false);
    expect(await consumeSubmission({ form: foreignLimiter(false), total: null }, 'contact', '198.51.100.8')).toBe(true);
  });

  it('a real failure of the store is thrown, not taken for a limit', async () => {
    const broken = { consume: async () => Promise.reject(new Error('connection refused')) } as never;
    await expect(consumeSubmission({ form: broken, total: null }, 'contact', '198.51.100.9')).rejects.toThrow('connection refused');
    expect(isOverLimit(Object.assign(new Error('x'), { msBeforeNext: 1, remainingPoints: 0, consumedPoints: 1 }))).toBe(false);
  });
});

describe('addresses are limited by network: an IPv6 address by its /64', () => {
  it('keys IPv4 by the address (mapped or not), IPv6 by its /64 in every spelling', () => {
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002::ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::1%eth0')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
  });

  it('the network of a client, for its share of the visitor emails: IPv4 by its /24, IPv6 by its /48', () => {
    expect(networkOf('192.0.2.7')).toBe('192.0.2.0/24');
    expect(networkOf('::ffff:192.0.2.250')).toBe('192.0.2.0/24');
    expect(networkOf('192.0.3.7')).not.toBe(networkOf('192.0.2.7'));
    expect(networkOf('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1::/48');
    expect(networkOf('2001:0db8:0001:ffff::1')).toBe('2001:db8:1::/48');
    expect(networkOf('2001:db8:2::1')).not.toBe(networkOf('2001:db8:1::1'));
    expect(networkOf('unknown')).toBe('unknown');
  });

  it('a network may use NOTIFY_NETWORK_SHARE percent of each budget (at least one email); 0 turns it off', () => {
    expect(visitorEmailBudget('needed', {})).toEqual({ perHour: 200, perNetwork: 10 });
    expect(visitorEmailBudget('courtesy', { NOTIFY_COURTESY_EMAILS_PER_HOUR: '50', NOTIFY_NETWORK_SHARE: '10' })).toEqual({ perHour: 50, perNetwork: 5 });
    expect(visitorEmailBudget('needed', { NOTIFY_VISITOR_EMAILS_PER_HOUR: '30' })).toEqual({ perHour: 30, perNetwork: 1 });
    expect(visitorEmailBudget('needed', { NOTIFY_NETWORK_SHARE: '0' })).toEqual({ perHour: 200, perNetwork: 0 });
    expect(visitorEmailBudget('needed', { NOTIFY_NEEDED_EMAILS_PER_HOUR: '0' })).toEqual({ perHour: 0, perNetwork: 0 });
    expect(visitorEmailBudget('needed', { NOTIFY_NETWORK_SHARE: 'lots' })).toEqual({ perHour: 200, perNetwork: 10 });
  });

  it('a sixth submission from another address of the same /64 is refused; another /64 is not', async () => {
    const limiters = createLimiters({ perForm: 5, total: 30, windowSeconds: 60 });
    for (let i = 1; i <= 5; i++) expect(await consumeSubmission(limiters, 'contact', `2001:db8:aa:bb::${i.toString(16)}`)).toBe(true);
    expect(await consumeSubmission(limiters, 'contact', '2001:db8:aa:bb:ffff:ffff:ffff:ffff')).toBe(false);
    expect(await consumeSubmission(limiters, 'contact', '2001:db8:aa:bc::1')).toBe(true);
  });
});
