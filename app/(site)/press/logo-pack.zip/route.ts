import { logoPackZip } from '@/components/sections/company/media-kit-files';

/** Media kit: the logo pack, built once at build time and served as a static file. */
export const dynamic = 'force-static';

export function GET() {
  return new Response(new Uint8Array(logoPackZip()), {
    headers: { 'Content-Type': 'application/zip' },
  });
}
