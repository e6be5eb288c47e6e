import { articles } from '@/content/blog';
import { atomFeed, atomType } from '@/lib/feeds';
import { siteUrl } from '@/lib/site-url';

/** The blog's Atom 1.0 feed, written at build (SITE_URL read then); the server types it from its root element. */
export function GET() {
  return new Response(atomFeed({ base: siteUrl(), articles }), { headers: { 'Content-Type': atomType } });
}
