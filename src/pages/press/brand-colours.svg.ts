import { brandColoursSvg } from '@/lib/media-kit-files';

/** Media kit: the brand palette as an SVG sheet (prerendered). */
export function GET() {
  return new Response(brandColoursSvg(), { headers: { 'Content-Type': 'image/svg+xml' } });
}
