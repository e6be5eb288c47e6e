import fs from 'node:fs/promises';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { site } from '@/lib/config/site';

/** Open Graph / Twitter card images (1200 x 630 PNG), one per route and per article, drawn at build time (satori + resvg). */
async function font(file: string) {
  return fs.readFile(path.join(process.cwd(), 'node_modules/geist/dist/fonts/geist-sans', file));
}

/** What a card says: a heading and a line under it; `eyebrow` (an article's section and byline) above the heading. */
export type OpenGraphCard = { heading: string; intro: string; eyebrow?: string };

export async function openGraphPng(card: OpenGraphCard): Promise<Uint8Array> {
  // An article's title and excerpt are longer than a route's heading and intro: a smaller size keeps them inside.
  const long = card.heading.length > 48;
  const [regular, bold] = await Promise.all([font('Geist-Regular.ttf'), font('Geist-Bold.ttf')]);
  const svg = await satori(
      <div
        style={{
          // The card's content box: 1200 x 630 with the 72 px padding around it.
          width: 1056,
          height: 486,
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          padding: 72,
          background: 'linear-gradient(135deg, #f5f3ff 0%, #ffffff 55%, #fdf2f8 100%)',
          fontFamily: 'Geist',
        }}
      >
        <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
          <div
            style={{
              width: 64,
              height: 64,
              borderRadius: 16,
              background: 'linear-gradient(135deg, #7c3aed, #db2777)',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              color: 'white',
              fontSize: 40,
              fontWeight: 700,
            }}
          >
            P
          </div>
          <div style={{ fontSize: 40, fontWeight: 700, color: '#0f172a' }}>{site.name}</div>
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 24, width: 1056 }}>
          {card.eyebrow ? <div style={{ fontSize: 28, fontWeight: 700, color: '#6d28d9' }}>{card.eyebrow}</div> : null}
          <div style={{ fontSize: long ? 56 : 68, fontWeight: 700, color: '#0f172a', lineHeight: 1.1, letterSpacing: -1.5 }}>{card.heading}</div>
          <div style={{ fontSize: long ? 28 : 32, color: '#475569', lineHeight: 1.35 }}>{card.intro}</div>
        </div>
        <div style={{ display: 'flex', width: 1056, height: 10, flexShrink: 0, borderRadius: 5, backgroundImage: 'linear-gradient(90deg, #7c3aed, #db2777)' }} />
      </div>
    ,
    {
      width: 1200,
      height: 630,
      fonts: [
        { name: 'Geist', data: regular, weight: 400, style: 'normal' },
        { name: 'Geist', data: bold, weight: 700, style: 'normal' },
      ],
    },
  );
  return new Resvg(svg, { fitTo: { mode: 'width', value: 1200 } }).render().asPng();
}
