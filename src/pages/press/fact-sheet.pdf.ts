import { teamOf } from '@/content/about';
import { getPeople } from '@/content/collections';
import { factSheetPdf } from '@/lib/media-kit-files';

/** Media kit: the one-page fact sheet, built from the site's content at build time. */
export async function GET() {
  return new Response(new Uint8Array(factSheetPdf(teamOf(await getPeople()))), { headers: { 'Content-Type': 'application/pdf' } });
}
