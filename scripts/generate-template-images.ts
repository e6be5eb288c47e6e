// Generates the template gallery images (public/templates/<id>.svg) from the designs below.
// Run: npx tsx scripts/generate-template-images.ts   (the output is committed; no external fonts or images)
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const outDir = path.join(root, 'public/templates');

const sizes: Record<string, [number, number]> = {
  'Instagram Post': [1080, 1080],
  'Instagram Story': [1080, 1920],
  'LinkedIn Post': [1200, 627],
  'Facebook Post': [1200, 630],
  'X (Twitter)': [1600, 900],
  Pinterest: [1000, 1500],
  'YouTube Thumbnail': [1280, 720],
  TikTok: [1080, 1920],
};

const FONT = "'Helvetica Neue', Helvetica, Arial, sans-serif";
const SERIF = "Georgia, 'Times New Roman', serif";

const esc = (s: unknown) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Text lines, top-aligned at y, each `size * lh` apart. */
interface TextStyle {
  x: number;
  y: number;
  size: number;
  fill: string;
  weight?: number;
  anchor?: 'start' | 'middle' | 'end';
  family?: string;
  lh?: number;
  ls?: number;
  opacity?: number;
}

/** One entry of a design's list: a line, or a label with its value (price, percentage, time). */
type Item = string | readonly [string, string | number];

/** A design: every layout reads the fields it needs; the others stay empty. */
interface Design {
  id: string;
  category: string;
  layout: string;
  bg: string[];
  lines: string[];
  accent: string;
  ink: string;
  eyebrow: string;
  big: string;
  cta: string;
  author: string;
  brand: string;
  sub: string;
  initials: string;
  badge: string;
  skin: string;
  hair: string;
  shirt: string;
  items: Item[];
  palette: string[];
  bars?: number[];
}

type Layout = (w: number, h: number, d: Design) => string;

function text(lines: readonly unknown[], { x, y, size, fill, weight = 700, anchor = 'start', family = FONT, lh = 1.1, ls = 0, opacity = 1 }: TextStyle) {
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${(y + size * 0.8 + i * size * lh).toFixed(1)}" font-family="${family}" font-size="${size.toFixed(1)}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}" letter-spacing="${ls}"${opacity < 1 ? ` opacity="${opacity}"` : ''}>${esc(line)}</text>`,
    )
    .join('');
}

function pill(x: number, y: number, w: number, h: number, fill: string, label: string, color: string, size: number) {
  w = Math.max(w, label.length * size * 0.72 + size * 3);
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${h / 2}" fill="${fill}"/>${text([label], { x: x + w / 2, y: y + (h - size) / 2 + size * 0.05, size, fill: color, anchor: 'middle', weight: 700, ls: size * 0.04 })}`;
}

function bg(w: number, h: number, [a, b]: string[], angle: 'diag' | 'vertical' = 'diag') {
  const [x2, y2] = angle === 'vertical' ? [0, 1] : [1, 1];
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#bg)"/>`;
}

function dots(x: number, y: number, cols: number, rows: number, gap: number, r: number, fill: string, opacity = 0.35) {
  let s = '';
  for (let i = 0; i < cols; i++) for (let j = 0; j < rows; j++) s += `<circle cx="${x + i * gap}" cy="${y + j * gap}" r="${r}" fill="${fill}" opacity="${opacity}"/>`;
  return s;
}

function handle(w: number, h: number, u: number, color: string, name = '@yourbrand') {
  return text([name], { x: w - 6 * u, y: h - 9 * u, size: 3.2 * u, fill: color, anchor: 'end', weight: 600, opacity: 0.85 });
}

// ---- layouts: each gets (w, h, design) and returns the inner SVG --------------------------------------
const layouts: Record<string, Layout> = {
  sale(w, h, d) {
    const u = Math.min(w, h) / 100;
    const tall = h > w * 1.2;
    return (
      bg(w, h, d.bg) +
      `<circle cx="${w * 0.88}" cy="${h * 0.12}" r="${30 * u}" fill="${d.accent}" opacity="0.9"/>` +
      `<circle cx="${w * 0.08}" cy="${h * 0.92}" r="${22 * u}" fill="#ffffff" opacity="0.18"/>` +
      dots(w * 0.07, h * 0.1, 5, 4, 4 * u, 0.8 * u, '#fff') +
      text([d.eyebrow], { x: 8 * u, y: tall ? h * 0.3 : h * 0.16, size: 5 * u, fill: d.ink, ls: u * 0.6 }) +
      text([d.big], { x: 7 * u, y: tall ? h * 0.35 : h * 0.16 + 7 * u, size: 30 * u, fill: '#fff', weight: 900, ls: -u }) +
      text(d.lines, { x: 8 * u, y: tall ? h * 0.35 + 34 * u : h * 0.16 + 38 * u, size: 7 * u, fill: d.ink, weight: 800 }) +
      pill(8 * u, tall ? h * 0.72 : h * 0.78, 34 * u, 10 * u, d.ink, d.cta, '#fff', 3.6 * u) +
      handle(w, h, u, d.ink)
    );
  },
  quote(w, h, d) {
    const u = Math.min(w, h) / 100;
    return (
      `<rect width="${w}" height="${h}" fill="${d.bg[0]}"/>` +
      `<rect x="${5 * u}" y="${5 * u}" width="${w - 10 * u}" height="${h - 10 * u}" fill="none" stroke="${d.accent}" stroke-width="${0.5 * u}"/>` +
      text(['\u201C'], { x: w / 2, y: h * 0.14, size: 34 * u, fill: d.accent, anchor: 'middle', family: SERIF }) +
      text(d.lines, { x: w / 2, y: h * 0.42, size: 7 * u, fill: d.ink, anchor: 'middle', family: SERIF, weight: 400, lh: 1.35 }) +
      `<rect x="${w / 2 - 6 * u}" y="${h * 0.42 + d.lines.length * 9.5 * u + 3 * u}" width="${12 * u}" height="${0.6 * u}" fill="${d.accent}"/>` +
      text([d.author], { x: w / 2, y: h * 0.42 + d.lines.length * 9.5 * u + 7 * u, size: 3.4 * u, fill: d.ink, anchor: 'middle', ls: 0.6 * u, weight: 600 })
    );
  },
  launch(w, h, d) {
    const u = Math.min(w, h) / 100;
    const cx = w > h * 1.2 ? w * 0.72 : w / 2;
    const cy = w > h * 1.2 ? h * 0.52 : h * 0.42;
    const textX = w > h * 1.2 ? 7 * u : w / 2;
    const anchor = w > h * 1.2 ? 'start' : 'middle';
    const ty = w > h * 1.2 ? h * 0.3 : h * 0.68;
    return (
      bg(w, h, d.bg) +
      `<defs><radialGradient id="glow"><stop offset="0" stop-color="${d.accent}" stop-opacity="0.75"/><stop offset="1" stop-color="${d.accent}" stop-opacity="0"/></radialGradient><linearGradient id="bottle" x1="0" x2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.95"/><stop offset="1" stop-color="${d.accent}"/></linearGradient></defs>` +
      `<circle cx="${cx}" cy="${cy}" r="${34 * u}" fill="url(#glow)"/>` +
      `<rect x="${cx - 9 * u}" y="${cy - 24 * u}" width="${18 * u}" height="${7 * u}" rx="${1.5 * u}" fill="${d.ink}"/>` +
      `<rect x="${cx - 13 * u}" y="${cy - 18 * u}" width="${26 * u}" height="${40 * u}" rx="${6 * u}" fill="url(#bottle)"/>` +
      `<rect x="${cx - 9 * u}" y="${cy - 2 * u}" width="${18 * u}" height="${12 * u}" rx="${1.5 * u}" fill="${d.bg[0]}" opacity="0.85"/>` +
      text([d.brand], { x: cx, y: cy + 1.5 * u, size: 3 * u, fill: '#fff', anchor: 'middle', ls: 0.4 * u }) +
      `<ellipse cx="${cx}" cy="${cy + 24 * u}" rx="${20 * u}" ry="${2.5 * u}" fill="#000" opacity="0.3"/>` +
      pill(anchor === 'middle' ? w / 2 - 16 * u : textX, ty - 10 * u, 32 * u, 7 * u, d.accent, d.eyebrow, '#fff', 2.8 * u) +
      text(d.lines, { x: textX, y: ty, size: 8 * u, fill: '#fff', anchor, weight: 800, lh: 1.05 }) +
      text([d.sub], { x: textX, y: ty + d.lines.length * 8.4 * u + 2 * u, size: 3.6 * u, fill: '#fff', anchor, weight: 400, opacity: 0.85 })
    );
  },
  menu(w, h, d) {
    const u = Math.min(w, h) / 100;
    let items = '';
    d.items.forEach(([name, price], i) => {
      const y = h * 0.36 + i * 10 * u;
      items +=
        text([name], { x: 12 * u, y, size: 4.6 * u, fill: d.ink, weight: 600 }) +
        `<line x1="${12 * u + String(name).length * 2.6 * u}" y1="${y + 3.8 * u}" x2="${w - 26 * u}" y2="${y + 3.8 * u}" stroke="${d.ink}" stroke-width="${0.3 * u}" stroke-dasharray="${0.6 * u} ${1.2 * u}" opacity="0.5"/>` +
        text([price], { x: w - 12 * u, y, size: 4.6 * u, fill: d.accent, anchor: 'end', weight: 800 });
    });
    return (
      `<rect width="${w}" height="${h}" fill="${d.bg[0]}"/>` +
      `<rect x="${5 * u}" y="${5 * u}" width="${w - 10 * u}" height="${h - 10 * u}" rx="${3 * u}" fill="${d.bg[1]}"/>` +
      `<circle cx="${w / 2}" cy="${h * 0.13}" r="${5 * u}" fill="none" stroke="${d.accent}" stroke-width="${0.8 * u}"/>` +
      `<path d="M${w / 2 - 2 * u} ${h * 0.13 - 2 * u}q${2 * u} ${2 * u} 0 ${4 * u}M${w / 2 + 1 * u} ${h * 0.13 - 2 * u}q${2 * u} ${2 * u} 0 ${4 * u}" stroke="${d.accent}" stroke-width="${0.6 * u}" fill="none"/>` +
      text([d.eyebrow], { x: w / 2, y: h * 0.2, size: 3.2 * u, fill: d.accent, anchor: 'middle', ls: 0.8 * u }) +
      text(d.lines, { x: w / 2, y: h * 0.24, size: 7.5 * u, fill: d.ink, anchor: 'middle', family: SERIF }) +
      items +
      text([d.sub], { x: w / 2, y: h - 14 * u, size: 3.2 * u, fill: d.ink, anchor: 'middle', weight: 400, opacity: 0.8 })
    );
  },
  announce(w, h, d) {
    const u = Math.min(w, h) / 100;
    const wide = w > h * 1.3;
    const x = wide ? 7 * u : 9 * u;
    let list = '';
    (d.items ?? []).forEach((item, i) => {
      const y = (wide ? h * 0.62 : h * 0.56) + i * 8 * u;
      list += `<circle cx="${x + 1.6 * u}" cy="${y + 2.4 * u}" r="${1.6 * u}" fill="${d.accent}"/>` + text([item], { x: x + 5 * u, y, size: 4 * u, fill: d.ink, weight: 600 });
    });
    return (
      bg(w, h, d.bg) +
      `<circle cx="${w * 0.85}" cy="${h * 0.28}" r="${26 * u}" fill="none" stroke="${d.accent}" stroke-width="${3 * u}" opacity="0.6"/>` +
      `<circle cx="${w * 0.85}" cy="${h * 0.28}" r="${14 * u}" fill="${d.accent}" opacity="0.35"/>` +
      `<rect x="${x}" y="${wide ? 9 * u : h * 0.2}" width="${4 * u}" height="${4 * u}" rx="${u}" fill="${d.accent}"/>` +
      text([d.eyebrow], { x: x + 6 * u, y: (wide ? 9 * u : h * 0.2) + 0.2 * u, size: 3.4 * u, fill: d.ink, ls: 0.5 * u, opacity: 0.85 }) +
      text(d.lines, { x, y: wide ? h * 0.26 : h * 0.27, size: (wide ? 10 : 11) * u, fill: d.ink, weight: 900, lh: 1.02, ls: -0.3 * u }) +
      list +
      (d.cta ? pill(x, h - (wide ? 17 : 20) * u, 30 * u, 8.5 * u, d.ink, d.cta, d.bg[0], 3.2 * u) : '') +
      handle(w, h, u, d.ink)
    );
  },
  stat(w, h, d) {
    const u = Math.min(w, h) / 100;
    const bars = d.bars ?? [30, 45, 38, 60, 72, 90];
    const bw = 6 * u;
    const bx = w - 9 * u - bars.length * (bw + 2.4 * u);
    let chart = '';
    bars.forEach((v, i) => {
      const bh = (v / 100) * 40 * u;
      chart += `<rect x="${bx + i * (bw + 2.4 * u)}" y="${h * 0.78 - bh}" width="${bw}" height="${bh}" rx="${1.2 * u}" fill="${i === bars.length - 1 ? d.accent : d.ink}" opacity="${i === bars.length - 1 ? 1 : 0.25}"/>`;
    });
    return (
      bg(w, h, d.bg) +
      dots(w * 0.55, h * 0.12, 8, 3, 3.5 * u, 0.6 * u, d.ink, 0.2) +
      text([d.eyebrow], { x: 8 * u, y: 10 * u, size: 3.4 * u, fill: d.accent, ls: 0.6 * u }) +
      text([d.big], { x: 7 * u, y: h * 0.24, size: 30 * u, fill: d.ink, weight: 900, ls: -1.2 * u }) +
      text(d.lines, { x: 8 * u, y: h * 0.24 + 32 * u, size: 5.4 * u, fill: d.ink, weight: 700, lh: 1.2 }) +
      chart +
      text([d.sub], { x: 8 * u, y: h - 11 * u, size: 2.8 * u, fill: d.ink, weight: 400, opacity: 0.7 })
    );
  },
  steps(w, h, d) {
    const u = Math.min(w, h) / 100;
    let s = '';
    const top = h * 0.4;
    const gap = Math.min(16 * u, (h * 0.5) / d.items.length);
    d.items.forEach((item, i) => {
      const y = top + i * gap;
      s +=
        `<rect x="${8 * u}" y="${y - 1.5 * u}" width="${w - 16 * u}" height="${gap - 3 * u}" rx="${3 * u}" fill="#fff" opacity="0.7"/>` +
        `<circle cx="${15 * u}" cy="${y + (gap - 6 * u) / 2}" r="${4.2 * u}" fill="${d.accent}"/>` +
        text([String(i + 1)], { x: 15 * u, y: y + (gap - 6 * u) / 2 - 2.6 * u, size: 4.6 * u, fill: '#fff', anchor: 'middle', weight: 800 }) +
        text([item], { x: 23 * u, y: y + (gap - 6 * u) / 2 - 2.3 * u, size: 4.2 * u, fill: d.ink, weight: 600 });
    });
    return (
      bg(w, h, d.bg, 'vertical') +
      `<circle cx="${w * 0.9}" cy="${h * 0.06}" r="${22 * u}" fill="${d.accent}" opacity="0.18"/>` +
      pill(8 * u, h * 0.1, 30 * u, 7 * u, d.accent, d.eyebrow, '#fff', 2.8 * u) +
      text(d.lines, { x: 8 * u, y: h * 0.1 + 11 * u, size: 9 * u, fill: d.ink, weight: 900, lh: 1.05 }) +
      s +
      handle(w, h, u, d.ink)
    );
  },
  thumbnail(w, h, d) {
    const u = Math.min(w, h) / 100;
    const px = w * 0.76;
    return (
      bg(w, h, d.bg) +
      `<path d="M${w * 0.52} 0H${w}V${h}H${w * 0.6}Z" fill="${d.accent}" opacity="0.9"/>` +
      `<circle cx="${px}" cy="${h * 0.42}" r="${17 * u}" fill="${d.skin}"/>` +
      `<path d="M${px - 17 * u} ${h * 0.42 - 4 * u}q${17 * u} ${-22 * u} ${34 * u} 0q${-4 * u} ${-8 * u} ${-17 * u} ${-9 * u}q${-13 * u} 0 ${-17 * u} ${9 * u}z" fill="${d.hair}"/>` +
      `<path d="M${px - 34 * u} ${h}q0 ${-34 * u} ${34 * u} ${-34 * u}q${34 * u} 0 ${34 * u} ${34 * u}z" fill="${d.shirt}"/>` +
      `<circle cx="${px - 6 * u}" cy="${h * 0.42}" r="${1.6 * u}" fill="#1f2937"/><circle cx="${px + 6 * u}" cy="${h * 0.42}" r="${1.6 * u}" fill="#1f2937"/>` +
      `<path d="M${px - 6 * u} ${h * 0.42 + 7 * u}q${6 * u} ${6 * u} ${12 * u} 0" stroke="#1f2937" stroke-width="${1.2 * u}" fill="${d.hair === '#111827' ? '#fff' : '#fff'}"/>` +
      (d.badge ? pill(6 * u, 7 * u, 28 * u, 9 * u, d.ink, d.badge, d.bg[0], 4 * u) : '') +
      text(d.lines, { x: 6 * u, y: h * 0.28, size: 16 * u, fill: '#fff', weight: 900, lh: 0.98, ls: -0.5 * u }) +
      `<path d="M${w * 0.47} ${h * 0.7}l${7 * u} ${-5 * u}l0 ${3 * u}l${7 * u} 0l0 ${4 * u}l${-7 * u} 0l0 ${3 * u}z" fill="${d.ink}"/>` +
      (d.sub ? text([d.sub], { x: 6 * u, y: h * 0.82, size: 6 * u, fill: d.ink, weight: 900 }) : '')
    );
  },
  poll(w, h, d) {
    const u = Math.min(w, h) / 100;
    const cy = h * 0.62;
    return (
      bg(w, h, d.bg, 'vertical') +
      `<circle cx="${w * 0.15}" cy="${h * 0.15}" r="${30 * u}" fill="${d.accent}" opacity="0.25"/>` +
      `<circle cx="${w * 0.9}" cy="${h * 0.85}" r="${36 * u}" fill="#fff" opacity="0.15"/>` +
      text([d.eyebrow], { x: w / 2, y: h * 0.18, size: 4 * u, fill: d.ink, anchor: 'middle', ls: 0.8 * u }) +
      text(d.lines, { x: w / 2, y: h * 0.23, size: 10 * u, fill: d.ink, anchor: 'middle', weight: 900, lh: 1.05 }) +
      `<rect x="${10 * u}" y="${cy - 28 * u}" width="${w - 20 * u}" height="${50 * u}" rx="${5 * u}" fill="#fff" opacity="0.95"/>` +
      d.items
        .map(
          ([label, pct], i) =>
            `<rect x="${15 * u}" y="${cy - 22 * u + i * 20 * u}" width="${w - 30 * u}" height="${14 * u}" rx="${7 * u}" fill="${d.bg[0]}" opacity="0.35"/>` +
            `<rect x="${15 * u}" y="${cy - 22 * u + i * 20 * u}" width="${((w - 30 * u) * Number(pct)) / 100}" height="${14 * u}" rx="${7 * u}" fill="${d.accent}"/>` +
            text([label], { x: 20 * u, y: cy - 22 * u + i * 20 * u + 4.5 * u, size: 5 * u, fill: '#fff', weight: 800 }) +
            text([`${pct}%`], { x: w - 20 * u, y: cy - 22 * u + i * 20 * u + 4.5 * u, size: 5 * u, fill: d.ink, anchor: 'end', weight: 800 }),
        )
        .join('') +
      text([d.sub], { x: w / 2, y: h * 0.86, size: 4 * u, fill: d.ink, anchor: 'middle', weight: 600 })
    );
  },
  review(w, h, d) {
    const u = Math.min(w, h) / 100;
    const star = (x: number, y: number, r: number) => {
      let p = '';
      for (let i = 0; i < 10; i++) {
        const a = (Math.PI / 5) * i - Math.PI / 2;
        const rr = i % 2 ? r * 0.45 : r;
        p += `${i ? 'L' : 'M'}${(x + rr * Math.cos(a)).toFixed(1)} ${(y + rr * Math.sin(a)).toFixed(1)}`;
      }
      return `<path d="${p}Z" fill="${d.accent}"/>`;
    };
    const wide = w > h * 1.3;
    const cx = wide ? w * 0.2 : w / 2;
    return (
      `<rect width="${w}" height="${h}" fill="${d.bg[0]}"/>` +
      `<rect x="${wide ? w * 0.38 : 6 * u}" y="${6 * u}" width="${wide ? w * 0.62 - 6 * u : w - 12 * u}" height="${h - 12 * u}" rx="${4 * u}" fill="${d.bg[1]}"/>` +
      `<circle cx="${cx}" cy="${h * 0.42}" r="${14 * u}" fill="${d.accent}"/>` +
      text([d.initials], { x: cx, y: h * 0.42 - 6.5 * u, size: 10 * u, fill: '#fff', anchor: 'middle', weight: 800 }) +
      text([d.author], { x: cx, y: h * 0.42 + 18 * u, size: 4 * u, fill: d.ink, anchor: 'middle', weight: 700 }) +
      [0, 1, 2, 3, 4].map((i) => star((wide ? w * 0.44 : w * 0.3) + i * 8 * u, 18 * u, 3 * u)).join('') +
      text(d.lines, { x: wide ? w * 0.43 : 12 * u, y: 27 * u, size: 6 * u, fill: d.ink, weight: 700, lh: 1.25, family: SERIF }) +
      text([d.sub], { x: wide ? w * 0.43 : 12 * u, y: h - 16 * u, size: 3.2 * u, fill: d.ink, weight: 500, opacity: 0.75 })
    );
  },
  moodboard(w, h, d) {
    const u = Math.min(w, h) / 100;
    const tiles: [number, number, number, number, string][] = [
      [6, 22, 42, 30, d.palette[0]],
      [52, 22, 42, 20, d.palette[1]],
      [52, 46, 42, 34, d.palette[2]],
      [6, 56, 42, 24, d.palette[3]],
    ];
    const scaleY = h / 100;
    const scaleX = w / 100;
    return (
      `<rect width="${w}" height="${h}" fill="${d.bg[0]}"/>` +
      tiles.map(([x, y, tw, th, c]) => `<rect x="${x * scaleX}" y="${y * scaleY}" width="${tw * scaleX}" height="${th * scaleY}" rx="${2 * u}" fill="${c}"/>`).join('') +
      `<circle cx="${27 * scaleX}" cy="${37 * scaleY}" r="${9 * u}" fill="#fff" opacity="0.5"/>` +
      `<path d="M${58 * scaleX} ${80 * scaleY}q${8 * scaleX} ${-24 * scaleY} ${30 * scaleX} ${-20 * scaleY}" stroke="#fff" stroke-width="${2 * u}" fill="none" opacity="0.7"/>` +
      `<rect x="${14 * scaleX}" y="${64 * scaleY}" width="${26 * scaleX}" height="${9 * scaleY}" rx="${4 * u}" fill="#fff" opacity="0.55"/>` +
      text(d.lines, { x: 6 * scaleX, y: 5 * scaleY, size: 8 * u, fill: d.ink, weight: 400, family: SERIF, lh: 1.1 }) +
      d.palette.map((c, i) => `<circle cx="${(10 + i * 9) * scaleX}" cy="${89 * scaleY}" r="${3.4 * u}" fill="${c}" stroke="#fff" stroke-width="${0.8 * u}"/>`).join('') +
      text([d.sub], { x: w - 6 * scaleX, y: 87 * scaleY, size: 3.4 * u, fill: d.ink, anchor: 'end', weight: 600, ls: 0.4 * u })
    );
  },
  countdown(w, h, d) {
    const u = Math.min(w, h) / 100;
    const boxW = 24 * u;
    const total = d.items.length * boxW + (d.items.length - 1) * 5 * u;
    const sx = (w - total) / 2;
    const y = h * 0.46;
    let boxes = '';
    d.items.forEach(([n, l], i) => {
      const x = sx + i * (boxW + 5 * u);
      boxes +=
        `<rect x="${x}" y="${y}" width="${boxW}" height="${28 * u}" rx="${4 * u}" fill="#fff" opacity="0.12" stroke="${d.accent}" stroke-width="${0.5 * u}"/>` +
        text([n], { x: x + boxW / 2, y: y + 4 * u, size: 13 * u, fill: '#fff', anchor: 'middle', weight: 800 }) +
        text([l], { x: x + boxW / 2, y: y + 20 * u, size: 3.2 * u, fill: d.accent, anchor: 'middle', weight: 700, ls: 0.4 * u });
    });
    let stars = '';
    for (let i = 0; i < 40; i++) stars += `<circle cx="${((i * 137) % 97) * (w / 97)}" cy="${((i * 71) % 89) * (h / 89)}" r="${(i % 3) * 0.2 * u + 0.3 * u}" fill="#fff" opacity="${0.2 + (i % 4) * 0.15}"/>`;
    return (
      bg(w, h, d.bg, 'vertical') +
      stars +
      text([d.eyebrow], { x: w / 2, y: h * 0.22, size: 4 * u, fill: d.accent, anchor: 'middle', ls: 1 * u }) +
      text(d.lines, { x: w / 2, y: h * 0.27, size: 11 * u, fill: '#fff', anchor: 'middle', weight: 900, lh: 1.05 }) +
      boxes +
      pill(w / 2 - 22 * u, h * 0.78, 44 * u, 10 * u, d.accent, d.cta, '#0f172a', 3.8 * u)
    );
  },
  timeline(w, h, d) {
    const u = Math.min(w, h) / 100;
    let s = '';
    const top = h * 0.42;
    const gap = (h * 0.44) / d.items.length;
    s += `<line x1="${16 * u}" y1="${top}" x2="${16 * u}" y2="${top + gap * (d.items.length - 1)}" stroke="${d.ink}" stroke-width="${0.6 * u}" opacity="0.4"/>`;
    d.items.forEach(([time, label], i) => {
      const y = top + i * gap;
      s +=
        `<circle cx="${16 * u}" cy="${y}" r="${2.6 * u}" fill="${d.accent}" stroke="${d.bg[0]}" stroke-width="${u}"/>` +
        text([time], { x: 23 * u, y: y - 4.6 * u, size: 3.4 * u, fill: d.accent, weight: 800, ls: 0.3 * u }) +
        text([label], { x: 23 * u, y: y - 0.6 * u, size: 5.6 * u, fill: d.ink, weight: 700 });
    });
    return (
      bg(w, h, d.bg, 'vertical') +
      `<circle cx="${w * 0.85}" cy="${h * 0.16}" r="${16 * u}" fill="${d.accent}" opacity="0.9"/>` +
      text([d.eyebrow], { x: 9 * u, y: h * 0.1, size: 4 * u, fill: d.ink, ls: 0.8 * u, opacity: 0.8 }) +
      text(d.lines, { x: 9 * u, y: h * 0.15, size: 13 * u, fill: d.ink, weight: 900, lh: 1.0 }) +
      s
    );
  },
};

// ---- the designs --------------------------------------------------------------------------------------
const designs: Design[] = ([
  { id: 'summer-sale-countdown', category: 'Instagram Post', layout: 'sale', bg: ['#ff7a59', '#ff4f7b'], accent: '#ffd166', ink: '#3b0a1a', eyebrow: 'SUMMER SALE', big: '40%', lines: ['OFF EVERYTHING', 'THIS WEEKEND ONLY'], cta: 'SHOP NOW' },
  { id: 'minimal-quote-card', category: 'Instagram Post', layout: 'quote', bg: ['#f7f1e8'], accent: '#c08457', ink: '#2b2420', lines: ['Simplicity is the', 'ultimate form of', 'sophistication.'], author: 'LEONARDO DA VINCI' },
  { id: 'product-launch-spotlight', category: 'Instagram Post', layout: 'launch', bg: ['#2e1065', '#0f0a2e'], accent: '#a855f7', ink: '#1e1b4b', brand: 'LUMA', eyebrow: 'NOW AVAILABLE', lines: ['Meet Luma Glow'], sub: 'The serum your skin has been waiting for' },
  { id: 'coffee-shop-menu', category: 'Instagram Post', layout: 'menu', bg: ['#3f2a1d', '#f5ebe0'], accent: '#b45309', ink: '#3f2a1d', eyebrow: 'FRESHLY ROASTED', lines: ['Today\u2019s Menu'], items: [['Espresso', '$3.00'], ['Flat White', '$4.20'], ['Oat Latte', '$4.80'], ['Cold Brew', '$4.50'], ['Mocha', '$5.00']], sub: 'Open daily 7 AM \u2013 6 PM' },
  { id: 'behind-the-scenes-poll', category: 'Instagram Story', layout: 'poll', bg: ['#fde68a', '#f9a8d4'], accent: '#db2777', ink: '#3b0764', eyebrow: 'BEHIND THE SCENES', lines: ['Which cover', 'should we', 'print?'], items: [['Option A', 62], ['Option B', 38]], sub: 'Vote in our story today' },
  { id: 'new-arrivals-story', category: 'Instagram Story', layout: 'launch', bg: ['#fbcfe8', '#f472b6'], accent: '#be185d', ink: '#500724', brand: 'NOVA', eyebrow: 'NEW COLLECTION', lines: ['New', 'Arrivals'], sub: 'Swipe up to shop the drop' },
  { id: 'event-countdown-story', category: 'Instagram Story', layout: 'countdown', bg: ['#1e3a8a', '#0b1026'], accent: '#fbbf24', eyebrow: 'LIVE EVENT', lines: ['Creator', 'Summit 2026'], items: [['03', 'DAYS'], ['12', 'HRS'], ['45', 'MIN']], cta: 'SAVE YOUR SEAT' },
  { id: 'daily-tip-story', category: 'Instagram Story', layout: 'steps', bg: ['#d1fae5', '#a7f3d0'], accent: '#047857', ink: '#064e3b', eyebrow: 'TIP #12', lines: ['Batch your', 'content'], items: ['Plan 7 posts on Sunday', 'Design them in one sitting', 'Schedule the whole week'] },
  { id: 'we-are-hiring', category: 'LinkedIn Post', layout: 'announce', bg: ['#eff6ff', '#dbeafe'], accent: '#2563eb', ink: '#0f172a', eyebrow: 'JOIN OUR TEAM', lines: ['We\u2019re hiring!'], items: ['Senior Product Designer', 'Frontend Engineer', 'Growth Marketer'], cta: 'APPLY TODAY' },
  { id: 'webinar-invitation', category: 'LinkedIn Post', layout: 'announce', bg: ['#0f172a', '#1e293b'], accent: '#22d3ee', ink: '#f8fafc', eyebrow: 'FREE WEBINAR \u00B7 MAY 14 \u00B7 5 PM CET', lines: ['Social Strategy', 'for 2026'], items: ['Live Q&A with the speakers'], cta: 'REGISTER FREE' },
  { id: 'company-milestone', category: 'LinkedIn Post', layout: 'stat', bg: ['#fef3c7', '#fde68a'], accent: '#d97706', ink: '#1c1917', eyebrow: 'THANK YOU', big: '10,000', lines: ['happy customers and counting'], sub: 'From a team of 3 to a community of thousands', bars: [10, 20, 35, 50, 70, 100] },
  { id: 'case-study-highlight', category: 'LinkedIn Post', layout: 'stat', bg: ['#ffffff', '#eef2ff'], accent: '#4f46e5', ink: '#1e1b4b', eyebrow: 'CASE STUDY', big: '3.2x', lines: ['more qualified leads in 90 days'], sub: 'How Northside Fitness grew with scheduled content', bars: [22, 30, 28, 46, 64, 96] },
  { id: 'grand-opening-event', category: 'Facebook Post', layout: 'announce', bg: ['#7f1d1d', '#b91c1c'], accent: '#fcd34d', ink: '#fffbeb', eyebrow: 'SATURDAY \u00B7 JUNE 7 \u00B7 10 AM', lines: ['Grand', 'Opening'], items: ['Free coffee for the first 100'], cta: 'SEE YOU THERE' },
  { id: 'customer-review-spotlight', category: 'Facebook Post', layout: 'review', bg: ['#ecfeff', '#ffffff'], accent: '#0e7490', ink: '#164e63', initials: 'JL', author: 'Jamie L.', lines: ['\u201CBest customer service', 'I have ever had. Fast,', 'friendly and helpful.\u201D'], sub: 'Verified customer review' },
  { id: 'holiday-hours-notice', category: 'Facebook Post', layout: 'announce', bg: ['#ecfdf5', '#d1fae5'], accent: '#059669', ink: '#064e3b', eyebrow: 'HOLIDAY HOURS', lines: ['We\u2019re open', 'for you'], items: ['Dec 24: 9 AM \u2013 2 PM', 'Dec 25\u201326: Closed', 'Dec 31: 9 AM \u2013 4 PM'] },
  { id: 'giveaway-contest', category: 'Facebook Post', layout: 'sale', bg: ['#8b5cf6', '#ec4899'], accent: '#fde047', ink: '#1e1b4b', eyebrow: 'GIVEAWAY', big: 'WIN', lines: ['LIKE \u00B7 SHARE \u00B7 TAG A FRIEND'], cta: 'ENTER NOW' },
  { id: 'product-update-thread', category: 'X (Twitter)', layout: 'announce', bg: ['#0b0b0f', '#1f2937'], accent: '#a78bfa', ink: '#f9fafb', eyebrow: 'PRODUCT UPDATE \u00B7 v4.2', lines: ['What\u2019s new', 'this month'], items: ['Bulk scheduling', 'Smarter AI captions'] },
  { id: 'stat-of-the-week', category: 'X (Twitter)', layout: 'stat', bg: ['#fdf4ff', '#fae8ff'], accent: '#c026d3', ink: '#2e1065', eyebrow: 'STAT OF THE WEEK', big: '73%', lines: ['of marketers now post every day'], sub: 'Source: Postcraft creator survey, 2026', bars: [40, 48, 55, 60, 66, 73] },
  { id: 'podcast-episode-promo', category: 'X (Twitter)', layout: 'announce', bg: ['#18181b', '#3f3f46'], accent: '#f97316', ink: '#fafafa', eyebrow: 'EPISODE 48 \u00B7 THE CREATOR SHOW', lines: ['Building an', 'audience of 1M'], items: ['with guest Dana Brooks'], cta: 'LISTEN NOW' },
  { id: 'launch-day-announcement', category: 'X (Twitter)', layout: 'launch', bg: ['#4c1d95', '#be185d'], accent: '#f472b6', ink: '#2e1065', brand: 'V2', eyebrow: 'LIVE TODAY', lines: ['Launch day!'], sub: 'Everything you asked for, in one update' },
  { id: 'healthy-recipe-pin', category: 'Pinterest', layout: 'steps', bg: ['#f0fdf4', '#dcfce7'], accent: '#16a34a', ink: '#14532d', eyebrow: '20 MIN \u00B7 VEGAN', lines: ['Green Goddess', 'Power Bowl'], items: ['Quinoa and kale', 'Avocado and edamame', 'Lemon tahini dressing', 'Toasted seeds'] },
  { id: 'home-decor-moodboard', category: 'Pinterest', layout: 'moodboard', bg: ['#f5f0e8'], ink: '#3f3a34', palette: ['#c8b6a6', '#8d7b68', '#a4907c', '#e3d5ca'], lines: ['Warm Minimal', 'Living Room'], sub: 'MOODBOARD' },
  { id: 'travel-guide-pin', category: 'Pinterest', layout: 'timeline', bg: ['#fed7aa', '#fb923c'], accent: '#9a3412', ink: '#431407', eyebrow: 'TRAVEL GUIDE', lines: ['7 Days', 'in Lisbon'], items: [['DAY 1', 'Alfama & tram 28'], ['DAY 3', 'Sintra palaces'], ['DAY 5', 'Cascais beaches'], ['DAY 7', 'Sunset at Belém']] },
  { id: 'step-by-step-tutorial', category: 'Pinterest', layout: 'steps', bg: ['#ede9fe', '#ddd6fe'], accent: '#7c3aed', ink: '#2e1065', eyebrow: 'TUTORIAL', lines: ['Perfect', 'Flat Lays'], items: ['Pick a neutral base', 'Arrange in triangles', 'Shoot from above', 'Edit warm and bright'] },
  { id: 'tutorial-thumbnail', category: 'YouTube Thumbnail', layout: 'thumbnail', bg: ['#111827', '#1f2937'], accent: '#ef4444', ink: '#facc15', skin: '#f1c27d', hair: '#111827', shirt: '#2563eb', badge: 'TUTORIAL', lines: ['EDIT LIKE', 'A PRO'], sub: 'IN 10 MINUTES' },
  { id: 'vlog-episode-thumbnail', category: 'YouTube Thumbnail', layout: 'thumbnail', bg: ['#0ea5e9', '#0369a1'], accent: '#f59e0b', ink: '#fef08a', skin: '#e0ac69', hair: '#4b2e1a', shirt: '#db2777', badge: 'EP. 01', lines: ['MY FIRST', 'WEEK'], sub: 'NEW CITY VLOG' },
  { id: 'product-review-thumbnail', category: 'YouTube Thumbnail', layout: 'thumbnail', bg: ['#18181b', '#27272a'], accent: '#22c55e', ink: '#fde047', skin: '#c68642', hair: '#1f1300', shirt: '#6d28d9', badge: 'REVIEW', lines: ['WORTH', 'IT?'], sub: 'SCORE 9/10' },
  { id: 'top-10-list-thumbnail', category: 'YouTube Thumbnail', layout: 'thumbnail', bg: ['#7c2d12', '#ea580c'], accent: '#facc15', ink: '#ffffff', skin: '#f1c27d', hair: '#6b3e26', shirt: '#0f766e', badge: 'TOP 10', lines: ['TOOLS I', 'USE DAILY'], sub: '#7 WILL SURPRISE YOU' },
  { id: 'trend-challenge-cover', category: 'TikTok', layout: 'countdown', bg: ['#0f0f1a', '#1a0b2e'], accent: '#22d3ee', eyebrow: 'NEW CHALLENGE', lines: ['#Glow', 'Up7'], items: [['07', 'DAYS'], ['01', 'GOAL']], cta: 'JOIN THE TREND' },
  { id: 'recipe-in-60-seconds', category: 'TikTok', layout: 'sale', bg: ['#fde68a', '#f59e0b'], accent: '#fff7ed', ink: '#451a03', eyebrow: 'RECIPE IN', big: '60s', lines: ['FLUFFY', 'PANCAKES'], cta: 'WATCH NOW' },
  { id: 'get-ready-with-me', category: 'TikTok', layout: 'launch', bg: ['#fed7aa', '#fda4af'], accent: '#e11d48', ink: '#4c0519', brand: 'GRWM', eyebrow: 'GET READY WITH ME', lines: ['Date night', 'look'], sub: '5 products, 10 minutes' },
  { id: 'day-in-the-life', category: 'TikTok', layout: 'timeline', bg: ['#e0e7ff', '#c7d2fe'], accent: '#4338ca', ink: '#1e1b4b', eyebrow: 'DAY IN THE LIFE', lines: ['Remote', 'designer'], items: [['7 AM', 'Run and coffee'], ['10 AM', 'Design sprint'], ['2 PM', 'Client call'], ['6 PM', 'Schedule posts']] },
] as Partial<Design>[]).map((design) => ({
  id: '',
  category: '',
  layout: '',
  bg: [],
  lines: [],
  accent: '',
  ink: '',
  eyebrow: '',
  big: '',
  cta: '',
  author: '',
  brand: '',
  sub: '',
  initials: '',
  badge: '',
  skin: '',
  hair: '',
  shirt: '',
  items: [],
  palette: [],
  ...design,
}));

fs.mkdirSync(outDir, { recursive: true });
for (const d of designs) {
  const [w, h] = sizes[d.category];
  const body = layouts[d.layout](w, h, d);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${body}</svg>\n`;
  fs.writeFileSync(path.join(outDir, `${d.id}.svg`), svg);
}
console.log(`wrote ${designs.length} images to ${path.relative(root, outDir)}/`);
