import { getArticles } from '@/content/collections';
import { rssFeed, rssType } from '@/lib/feeds';
import { siteUrl } from '@/lib/site-url';

/** The blog's RSS 2.0 feed, written at build (SITE_URL read then); the server types it from its root element. */
export async function GET() {
  return new Response(rssFeed({ base: siteUrl(), articles: await getArticles() }), { headers: { 'Content-Type': rssType } });
}
