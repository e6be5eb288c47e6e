import { logoPackZip } from '@/lib/media-kit-files';

/** Media kit: the logo pack, built once at build time. */
export function GET() {
  return new Response(new Uint8Array(logoPackZip()), { headers: { 'Content-Type': 'application/zip' } });
}
