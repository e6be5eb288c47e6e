import type { MetadataRoute } from 'next';
import { articles } from '@/content/blog';
import { routes } from '@/content/routes';
import { siteUrl } from '@/lib/site-url';

export default function sitemap(): MetadataRoute.Sitemap {
  const base = siteUrl();
  const pages: MetadataRoute.Sitemap = routes.map((r) => ({
    url: `${base}${r.path === '/' ? '/' : r.path}`,
    changeFrequency: 'monthly',
    priority: r.path === '/' ? 1 : 0.7,
  }));
  const posts: MetadataRoute.Sitemap = articles.map((a) => ({
    url: `${base}/blog/${a.slug}`,
    lastModified: a.date,
    changeFrequency: 'yearly',
    priority: 0.5,
  }));
  return [...pages, ...posts];
}
