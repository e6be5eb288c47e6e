import fs from 'node:fs/promises';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { routes } from '@/content/routes';
import { site } from '@/content/site';

/** One Open Graph / Twitter card image (1200 x 630 PNG) per route, drawn at build time (satori + resvg). */
async function font(file: string) {
  return fs.readFile(path.join(process.cwd(), 'node_modules/geist/dist/fonts/geist-sans', file));
}

export async function openGraphPng(route: (typeof routes)[number]): Promise<Uint8Array> {
  const [regular, bold] = await Promise.all([font('Geist-Regular.ttf'), font('Geist-Bold.ttf')]);
  const svg = await satori(
      <div
        style={{
          width: '100%',
          height: '100%',
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
        <div style={{ display: 'flex', flexDirection: 'column', gap: 24 }}>
          <div style={{ fontSize: 68, fontWeight: 700, color: '#0f172a', lineHeight: 1.1, letterSpacing: -1.5 }}>{route.heading}</div>
          <div style={{ fontSize: 32, color: '#475569', lineHeight: 1.35 }}>{route.intro}</div>
        </div>
        <div style={{ display: 'flex', height: 10, borderRadius: 5, background: 'linear-gradient(90deg, #7c3aed, #db2777)' }} />
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
