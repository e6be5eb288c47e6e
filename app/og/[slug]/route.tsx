import fs from 'node:fs/promises';
import path from 'node:path';
import { ImageResponse } from 'next/og';
import { routes } from '@/content/routes';
import { site } from '@/content/site';
import { ogSlug } from '@/lib/metadata';

/** One Open Graph / Twitter card image per route, rendered at build time and served as a static file. */
export const dynamic = 'force-static';
export const dynamicParams = false;

export function generateStaticParams() {
  return routes.map((r) => ({ slug: `${ogSlug(r.path)}.png` }));
}

async function font(file: string) {
  return fs.readFile(path.join(process.cwd(), 'node_modules/geist/dist/fonts/geist-sans', file));
}

export async function GET(_req: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const route = routes.find((r) => `${ogSlug(r.path)}.png` === slug);
  if (!route) return new Response('Not found', { status: 404 });
  const [regular, bold] = await Promise.all([font('Geist-Regular.ttf'), font('Geist-Bold.ttf')]);
  return new ImageResponse(
    (
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
    ),
    {
      width: 1200,
      height: 630,
      fonts: [
        { name: 'Geist', data: regular, weight: 400, style: 'normal' },
        { name: 'Geist', data: bold, weight: 700, style: 'normal' },
      ],
    },
  );
}
