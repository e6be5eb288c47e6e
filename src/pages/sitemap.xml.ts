import { getArticles } from '@/content/collections';
import { routes } from '@/lib/config/routes';
import { siteUrl } from '@/lib/site-url';
import { escapeXml } from '@/lib/xml';

/** Every public route and every blog post, with absolute addresses from SITE_URL (read at build). */
export async function GET() {
  const base = siteUrl();
  const articles = await getArticles();
  const entries = [
    ...routes.map((r) => ({ loc: `${base}${r.path}`, changefreq: 'monthly', priority: r.path === '/' ? '1' : '0.7' })),
    ...articles.map((a) => ({ loc: `${base}/blog/${a.slug}`, lastmod: a.date, changefreq: 'yearly', priority: '0.5' })),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries
  .map((e) => `<url>\n<loc>${escapeXml(e.loc)}</loc>\n${'lastmod' in e ? `<lastmod>${e.lastmod}</lastmod>\n` : ''}<changefreq>${e.changefreq}</changefreq>\n<priority>${e.priority}</priority>\n</url>`)
  .join('\n')}
</urlset>
`;
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}
