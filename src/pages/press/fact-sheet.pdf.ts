import { factSheetPdf } from '@/lib/media-kit-files';

/** Media kit: the one-page fact sheet, built from the site's content at build time. */
export function GET() {
  return new Response(new Uint8Array(factSheetPdf()), { headers: { 'Content-Type': 'application/pdf' } });
}
