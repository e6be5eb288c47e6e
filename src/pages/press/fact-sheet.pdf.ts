import { aboutStats, foundedYear, teamOf } from '@/content/about';
import { getPeople } from '@/content/collections';
import { postalAddressLine } from '@/content/legal';
import { awards } from '@/content/press';
import { factSheetPdf } from '@/lib/media-kit-files';

/** Media kit: the one-page fact sheet, built from the site's content at build time (the first four of the team lead). */
export async function GET() {
  const team = teamOf(await getPeople());
  const pdf = factSheetPdf({ foundedYear, stats: aboutStats, leadership: team.slice(0, 4), awards, address: postalAddressLine });
  return new Response(new Uint8Array(pdf), { headers: { 'Content-Type': 'application/pdf' } });
}
