import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brandColoursSvg, factSheetPdf, logoPackZip, zip } from '@/lib/media-kit-files';
import { securityTxt, securityTxtValidityDays } from '@/lib/security-txt';
import { site } from '@/lib/config/site';
import { aboutStats, foundedYear, teamOf } from '@/content/about';
import { postalAddressLine } from '@/content/legal';
import { awards } from '@/content/press';
import { loadContent } from '../support/content';

/** Reads a ZIP through its central directory and checks every entry's CRC-32 against its data. */
function readZip(buf: Buffer) {
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = buf.readUInt16LE(end + 10);
  let p = buf.readUInt32LE(end + 16);
  const entries: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    expect(buf.readUInt32LE(p)).toBe(0x02014b50);
    const crc = buf.readUInt32LE(p + 16);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    const local = buf.readUInt32LE(p + 42);
    expect(buf.readUInt32LE(local)).toBe(0x04034b50);
    const dataStart = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(dataStart, dataStart + size);
    expect(zlib.crc32(data)).toBe(crc);
    entries.push({ name, data });
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return entries;
}

describe('media kit files', () => {
  it('the zip writer round-trips', () => {
    const files = readZip(zip([{ name: 'a.txt', data: Buffer.from('hello') }, { name: 'b/c.svg', data: Buffer.from('<svg/>') }]));
    expect(files.map((f) => [f.name, f.data.toString()])).toEqual([
      ['a.txt', 'hello'],
      ['b/c.svg', '<svg/>'],
    ]);
  });

  it('the logo pack holds the mark and wordmark SVGs and a README', () => {
    const files = readZip(logoPackZip());
    const slug = site.name.toLowerCase();
    expect(files.map((f) => f.name)).toEqual([
      `${slug}-mark.svg`,
      `${slug}-mark-black.svg`,
      `${slug}-mark-white.svg`,
      `${slug}-wordmark.svg`,
      `${slug}-wordmark-on-dark.svg`,
      'README.txt',
    ]);
    for (const f of files.filter((x) => x.name.endsWith('.svg'))) expect(f.data.toString()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });

  it('the fact sheet is a well-formed PDF: every xref offset points at its object', async () => {
    const team = teamOf((await loadContent()).people);
    const pdf = factSheetPdf({ foundedYear, stats: aboutStats, leadership: team.slice(0, 4), awards, address: postalAddressLine });
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(7);
    offsets.forEach((o, i) => expect(text.slice(o, o + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    const length = Number(/\/Length (\d+) >>\nstream\n/.exec(text)![1]);
    const streamStart = text.indexOf('stream\n') + 'stream\n'.length;
    expect(text.slice(streamStart + length, streamStart + length + 'endstream'.length)).toBe('endstream');
    expect(text).toContain(`(${site.name} Fact Sheet) Tj`);
    expect(text).toContain(site.contacts.press);
    expect(text).not.toMatch(/[^\x09\x0a\x0d\x20-\x7e]/);
  });

  it('the brand colours sheet is an SVG naming the palette', () => {
    expect(brandColoursSvg()).toMatch(/^<svg[\s\S]*#7C3AED[\s\S]*<\/svg>\n$/);
  });
});

describe('security.txt', () => {
  it('has the security contact, an expiry 180 days ahead and the canonical URL (RFC 9116)', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const body = securityTxt(now);
    expect(body).toContain(`Contact: mailto:${site.contacts.security}\n`);
    const expires = /^Expires: (.+)$/m.exec(body)![1];
    expect(expires).toBe('2027-05-22T00:00:00Z');
    expect((Date.parse(expires) - now.getTime()) / 86_400_000).toBeLessThanOrEqual(securityTxtValidityDays);
    expect(body).toMatch(/^Canonical: https?:\/\/.+\/\.well-known\/security\.txt$/m);
    expect(body.endsWith('\n')).toBe(true);
  });
});
