import type { MetadataRoute } from 'next';
import { routes } from '@/content/routes';
import { siteUrl } from '@/lib/site-url';

export default function sitemap(): MetadataRoute.Sitemap {
  const base = siteUrl();
  return routes.map((r) => ({
    url: `${base}${r.path === '/' ? '/' : r.path}`,
    changeFrequency: 'monthly',
    priority: r.path === '/' ? 1 : 0.7,
  }));
}
