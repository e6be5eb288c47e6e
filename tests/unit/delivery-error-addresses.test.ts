import { describe, expect, it } from 'vitest';
import { withoutAddresses } from '@/lib/notify/send';

// A delivery error is stored (`last_error`) and logged without the addresses a mail server quotes in it
// (docs/notifications.md): every character an address may hold goes, not just the common ones.
describe('addresses scrubbed from delivery errors', () => {
  it('takes every character RFC 5322 allows in a local part, an apostrophe included', () => {
    expect(withoutAddresses("550 o'brien@example.com: no such user")).toBe('550 <address>: no such user');
    expect(withoutAddresses("550 5.1.1 <o'brien@example.com>... User unknown")).toBe('550 5.1.1 <address>... User unknown');
    expect(withoutAddresses("550 a!#$%&'*+-/=?^_`{|}~z@example.com rejected")).toBe('550 <address> rejected');
    expect(withoutAddresses('550 first.last+tag@mail.example.co.uk: mailbox full')).toBe('550 <address>: mailbox full');
  });

  it('takes quoted local parts, with spaces, escapes and an @ inside, and the obsolete mixed form', () => {
    expect(withoutAddresses('550 "john doe"@example.com rejected')).toBe('550 <address> rejected');
    expect(withoutAddresses('550 <"o\'brien, \\"jr\\""@example.com>: unknown')).toBe('550 <address>: unknown');
    expect(withoutAddresses('550 "a@b"@example.com rejected')).toBe('550 <address> rejected');
    expect(withoutAddresses('550 first."middle name".last@example.com rejected')).toBe('550 <address> rejected');
  });

  it('takes domain literals and internationalised addresses', () => {
    expect(withoutAddresses('550 user@[192.0.2.1] rejected')).toBe('550 <address> rejected');
    expect(withoutAddresses('550 user@[IPv6:2001:db8::1] rejected')).toBe('550 <address> rejected');
    expect(withoutAddresses('553 josé.müller@exämple.de: bad')).toBe('553 <address>: bad');
    expect(withoutAddresses('553 用户@例子.广告 rejected')).toBe('553 <address> rejected');
  });

  it('takes each address of a text and leaves the rest as it was', () => {
    expect(withoutAddresses("from a@x.example to b'c@y.example refused (<d&e@z.example>)")).toBe('from <address> to <address> refused (<address>)');
    for (const plain of ['connect ECONNREFUSED 127.0.0.1:9', '421 4.7.0 Try again later', 'HTTP 500', 'timed out', 'Greeting never received']) expect(withoutAddresses(plain)).toBe(plain);
  });

  it('answers at most 500 characters, quickly whatever a server answers, with an address at the cut taken whole', () => {
    for (const long of [`550 ${"a'b.c".repeat(20_000)}`, '"a\\'.repeat(30_000), '"a"'.repeat(30_000), `${'x '.repeat(50_000)}@`]) {
      const started = performance.now();
      expect(withoutAddresses(long)).toBe(long.slice(0, 500));
      expect(performance.now() - started).toBeLessThan(400);
    }
    expect(withoutAddresses(`${'x'.repeat(494)} ab@c.example and more`)).toBe(`${'x'.repeat(494)} <addr`);
    expect(withoutAddresses(`${'x'.repeat(290)} "a b"@c.example and more`, 300)).toBe(`${'x'.repeat(290)} <address>`);
  });
});
