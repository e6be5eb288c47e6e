import type { Metadata } from 'next';
import { getRoute, type RoutePath } from '@/content/routes';
import { site } from '@/content/site';

/** The file name (without .png) of a route's Open Graph image: 'home' for '/', else the path. */
export function ogSlug(path: string) {
  return path === '/' ? 'home' : path.slice(1).replace(/\//g, '-');
}

/** Title, description, canonical link, Open Graph and Twitter card of one route, from content/routes.ts. */
export function pageMetadata(path: RoutePath, extra: Metadata = {}): Metadata {
  const route = getRoute(path);
  const image = { url: `/og/${ogSlug(path)}.png`, width: 1200, height: 630, alt: route.heading };
  return {
    title: path === '/' ? { absolute: route.title } : route.title,
    description: route.description,
    alternates: { canonical: path },
    openGraph: {
      title: route.title,
      description: route.description,
      url: path,
      siteName: site.name,
      type: 'website',
      locale: 'en_US',
      images: [image],
    },
    twitter: { card: 'summary_large_image', title: route.title, description: route.description, images: [image.url] },
    ...extra,
  };
}
