import { factSheetPdf } from '@/components/sections/company/media-kit-files';

/** Media kit: the one-page fact sheet, built from the site's content at build time. */
export const dynamic = 'force-static';

export function GET() {
  return new Response(new Uint8Array(factSheetPdf()), { headers: { 'Content-Type': 'application/pdf' } });
}
