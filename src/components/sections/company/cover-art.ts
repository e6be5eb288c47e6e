import type { Article, BlogCategory } from '@/content/blog-model';

/** Brand-tinted palettes per blog category (start, end, accent). */
const palettes: Record<BlogCategory, [string, string, string]> = {
  'Social Media': ['#6d28d9', '#db2777', '#fbcfe8'],
  Marketing: ['#be185d', '#f97316', '#fed7aa'],
  'Product Updates': ['#4338ca', '#7c3aed', '#c4b5fd'],
  Tutorials: ['#0f766e', '#2563eb', '#a5f3fc'],
  'Industry News': ['#1e293b', '#6d28d9', '#ddd6fe'],
};

function seeded(text: string) {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h ^= h >>> 16) >>> 0) / 4294967296;
  };
}

/** A decorative cover for an article: gradient, soft shapes and an abstract post card. */
export function coverSvg(article: Pick<Article, 'slug' | 'category'>) {
  const [a, b, c] = palettes[article.category];
  const rnd = seeded(article.slug);
  const circles = Array.from({ length: 4 }, () => ({
    cx: Math.round(rnd() * 1200),
    cy: Math.round(rnd() * 675),
    r: Math.round(80 + rnd() * 220),
    o: (0.08 + rnd() * 0.14).toFixed(2),
  }));
  const tilt = Math.round(rnd() * 10 - 5);
  const lines = Array.from({ length: 3 }, (_, i) => Math.round(180 + rnd() * 200) - i * 30);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 675" width="1200" height="675">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="1200" height="675" fill="url(#g)"/>
${circles.map((k) => `<circle cx="${k.cx}" cy="${k.cy}" r="${k.r}" fill="#fff" opacity="${k.o}"/>`).join('\n')}
<g transform="translate(600 338) rotate(${tilt})">
<rect x="-210" y="-250" width="420" height="500" rx="28" fill="#fff" opacity="0.96"/>
<circle cx="-160" cy="-200" r="20" fill="${c}"/>
<rect x="-128" y="-212" width="140" height="12" rx="6" fill="#cbd5e1"/>
<rect x="-128" y="-192" width="90" height="10" rx="5" fill="#e2e8f0"/>
<rect x="-180" y="-160" width="360" height="250" rx="16" fill="url(#g)" opacity="0.85"/>
<path d="M-150 60 L-60 -40 L0 20 L60 -60 L150 60 Z" fill="#fff" opacity="0.35"/>
${lines.map((w, i) => `<rect x="-180" y="${116 + i * 30}" width="${w}" height="12" rx="6" fill="${i === 0 ? '#94a3b8' : '#e2e8f0'}"/>`).join('\n')}
</g>
</svg>`;
}
