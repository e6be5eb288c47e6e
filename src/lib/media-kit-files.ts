import zlib from 'node:zlib';
import { aboutStats, foundedYear } from '@/content/about';
import { awards } from '@/content/press';
import { postalAddressLine } from '@/content/legal';
import { site } from '@/content/site';

/** The brand palette (the tokens of src/styles/globals.css). */
export const brandColours = [
  { name: 'Violet 600', hex: '#7C3AED', use: 'Primary accent, links' },
  { name: 'Violet 700', hex: '#6D28D9', use: 'Gradient start, strong text' },
  { name: 'Pink 600', hex: '#DB2777', use: 'Secondary accent' },
  { name: 'Pink 700', hex: '#BE185D', use: 'Gradient end' },
  { name: 'Slate 900', hex: '#0F172A', use: 'Text' },
  { name: 'Slate 50', hex: '#F8FAFC', use: 'Muted backgrounds' },
] as const;

const markPath = 'M10 22V10h7a4 4 0 0 1 0 8h-4';

function markSvg(fill: string, stroke: string) {
  const defs =
    fill === 'gradient'
      ? '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7c3aed"/><stop offset="1" stop-color="#db2777"/></linearGradient></defs>'
      : '';
  const bg = fill === 'gradient' ? 'url(#g)' : fill;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="512" height="512">${defs}<rect width="32" height="32" rx="8" fill="${bg}"/><path d="${markPath}" fill="none" stroke="${stroke}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>\n`;
}

function wordmarkSvg(text: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 220 40" width="880" height="160"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7c3aed"/><stop offset="1" stop-color="#db2777"/></linearGradient></defs><g transform="translate(4 4)"><rect width="32" height="32" rx="8" fill="url(#g)"/><path d="${markPath}" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></g><text x="46" y="29" font-family="Geist, Inter, Helvetica, Arial, sans-serif" font-size="24" font-weight="700" fill="${text}">${site.name}</text></svg>\n`;
}

/** A ZIP archive (stored, no compression) of the given files. */
export function zip(files: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  // 1 January 2025, 00:00 in MS-DOS date/time format: a fixed date keeps the archive reproducible.
  const dosTime = 0;
  const dosDate = ((2025 - 1980) << 9) | (1 << 5) | 1;
  for (const f of files) {
    const name = Buffer.from(f.name, 'utf8');
    const crc = zlib.crc32(f.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(f.data.length, 18);
    local.writeUInt32LE(f.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(dosTime, 12);
    central.writeUInt16LE(dosDate, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(f.data.length, 20);
    central.writeUInt32LE(f.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, f.data);
    centrals.push(central, name);
    offset += local.length + name.length + f.data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

export function logoPackZip(): Buffer {
  const slug = site.name.toLowerCase();
  const files = [
    { name: `${slug}-mark.svg`, data: markSvg('gradient', '#fff') },
    { name: `${slug}-mark-black.svg`, data: markSvg('#0f172a', '#fff') },
    { name: `${slug}-mark-white.svg`, data: markSvg('#fff', '#6d28d9') },
    { name: `${slug}-wordmark.svg`, data: wordmarkSvg('#0f172a') },
    { name: `${slug}-wordmark-on-dark.svg`, data: wordmarkSvg('#ffffff') },
    {
      name: 'README.txt',
      data: `${site.name} logo pack\n\nUse the mark or the wordmark unaltered, with clear space of at least half the mark's width.\nOn dark backgrounds use the -on-dark or -white files. Questions: ${site.contacts.press}\n`,
    },
  ];
  return zip(files.map((f) => ({ name: f.name, data: Buffer.from(f.data, 'utf8') })));
}

export function brandColoursSvg(): string {
  const rows = brandColours
    .map(
      (c, i) =>
        `<g transform="translate(${40 + (i % 3) * 300} ${110 + Math.floor(i / 3) * 200})"><rect width="260" height="110" rx="16" fill="${c.hex}" stroke="#e2e8f0"/><text x="0" y="140" font-size="18" font-weight="700" fill="#0f172a">${c.name}  ${c.hex}</text><text x="0" y="164" font-size="15" fill="#475569">${c.use}</text></g>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 940 530" width="940" height="530" font-family="Geist, Inter, Helvetica, Arial, sans-serif"><rect width="940" height="530" fill="#fff"/><text x="40" y="64" font-size="30" font-weight="700" fill="#0f172a">${site.name} brand colours</text>${rows}</svg>\n`;
}

/** Text for a PDF string literal: ASCII only, with ( ) \ escaped. */
function pdfText(s: string) {
  return s
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u00b7/g, '-')
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/([()\\])/g, '\\$1');
}

/** A one-page PDF fact sheet from the site's own content (Helvetica, A4); `team` from src/content/about.ts (teamOf). */
export function factSheetPdf(team: readonly { name: string; role: string }[]): Buffer {
  const lines: { text: string; size: number; bold?: boolean; gap?: number }[] = [
    { text: `${site.name} Fact Sheet`, size: 24, bold: true },
    { text: site.tagline, size: 12, gap: 22 },
    { text: 'About', size: 14, bold: true, gap: 30 },
    { text: `${site.name} publishes and schedules ${site.designTool} designs to six social platforms in one click.`, size: 11, gap: 18 },
    { text: `Founded: ${foundedYear}. Headquarters: ${site.postalAddress.city}, ${site.postalAddress.region}.`, size: 11, gap: 16 },
    { text: 'Key figures', size: 14, bold: true, gap: 30 },
    ...aboutStats.map((s) => ({ text: `${s.value}  ${s.label}`, size: 11, gap: 16 })),
    { text: 'Leadership', size: 14, bold: true, gap: 30 },
    ...team.slice(0, 4).map((m) => ({ text: `${m.name}, ${m.role}`, size: 11, gap: 16 })),
    { text: 'Awards', size: 14, bold: true, gap: 30 },
    ...awards.map((a) => ({ text: `${a.year}  ${a.title} (${a.issuer})`, size: 11, gap: 16 })),
    { text: 'Press contact', size: 14, bold: true, gap: 30 },
    { text: `${site.contacts.press}  |  ${site.phone}`, size: 11, gap: 18 },
    { text: postalAddressLine, size: 11, gap: 16 },
    { text: `https://${site.domain}`, size: 11, gap: 16 },
  ];
  let stream = 'BT\n';
  let y = 780;
  for (const l of lines) {
    y -= l.gap ?? 0;
    stream += `/${l.bold ? 'F2' : 'F1'} ${l.size} Tf 1 0 0 1 56 ${y} Tm (${pdfText(l.text)}) Tj\n`;
  }
  stream += 'ET\n';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}endstream`,
    `<< /Title (${pdfText(`${site.name} Fact Sheet`)}) /Producer (${pdfText(site.name)}) >>`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
