import { brandColoursSvg } from '@/components/sections/company/media-kit-files';

/** Media kit: the brand palette as an SVG sheet. */
export const dynamic = 'force-static';

export function GET() {
  return new Response(brandColoursSvg(), { headers: { 'Content-Type': 'image/svg+xml' } });
}
