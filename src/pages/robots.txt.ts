import { siteUrl } from '@/lib/site-url';

/** robots.txt: everything but the staff area and the content editor (which `astro dev` alone serves); the
 * sitemap's address (SITE_URL, read at build). */
export function GET() {
  return new Response(`User-Agent: *\nAllow: /\nDisallow: /staff\nDisallow: /keystatic\nDisallow: /api/keystatic\n\nSitemap: ${siteUrl()}/sitemap.xml\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
}
