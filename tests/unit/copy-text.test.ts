import { describe, expect, it } from 'vitest';
import { copyText } from '@/lib/staff/inbox';

/** PostgreSQL's COPY text format of one text column, as `COPY ... TO STDOUT` writes it (one value per row). */
const copyFormat = (values: string[]) =>
  values
    .map((v) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t').replace(/\x08/g, "\\b").replace(/\f/g, '\\f').replace(/\v/g, '\\v') + '\n')
    .join('');

describe('COPY text format back to CSV lines', () => {
  const values = ['plain,line', '"two\r\nlines"', 'back\\slash and \\n that is not an escape', 'tab\there', 'bell\b form\f vertical\v', 'naïve “quotes” é', ''];
  const wire = Buffer.from(copyFormat(values), 'utf8');

  it('gives each value back, each line ended CRLF, with the rows counted', () => {
    const { bytes, rows } = copyText()(wire);
    expect(Buffer.from(bytes).toString('utf8')).toBe(values.map((v) => `${v}\r\n`).join(''));
    expect(rows).toBe(values.length);
  });

  it('gives the same whatever the chunks, even split inside an escape or a character', () => {
    for (let size = 1; size <= 7; size++) {
      const decode = copyText();
      const parts: Uint8Array[] = [];
      let rows = 0;
      for (let i = 0; i < wire.length; i += size) {
        const out = decode(wire.subarray(i, i + size));
        parts.push(Buffer.from(out.bytes));
        rows += out.rows;
      }
      expect(Buffer.concat(parts).toString('utf8'), `chunks of ${size}`).toBe(values.map((v) => `${v}\r\n`).join(''));
      expect(rows).toBe(values.length);
    }
  });
});
