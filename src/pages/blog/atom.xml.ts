import { getArticles } from '@/content/collections';
import { atomFeed, atomType } from '@/lib/feeds';
import { siteUrl } from '@/lib/site-url';

/** The blog's Atom 1.0 feed, written at build (SITE_URL read then); the server types it from its root element. */
export async function GET() {
  return new Response(atomFeed({ base: siteUrl(), articles: await getArticles() }), { headers: { 'Content-Type': atomType } });
}
