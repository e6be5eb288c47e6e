import type { Metadata } from 'next';
import { getRoute, type RoutePath } from '@/content/routes';

/** Title, description and canonical link of one route, from content/routes.ts. */
export function pageMetadata(path: RoutePath, extra: Metadata = {}): Metadata {
  const route = getRoute(path);
  return {
    title: path === '/' ? { absolute: route.title } : route.title,
    description: route.description,
    alternates: { canonical: path },
    openGraph: { title: route.title, description: route.description, url: path, type: 'website' },
    ...extra,
  };
}
