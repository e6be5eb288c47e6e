import { getRoute, type RoutePath } from '@/lib/config/routes';
import { site } from '@/lib/config/site';
import { blogFeeds } from '@/lib/feeds';
import { siteUrl } from '@/lib/site-url';

/** What a page's <head> says about it: title, description, canonical, Open Graph and Twitter card. */
export type PageMeta = {
  /** The whole <title> (the brand already appended where it belongs). */
  title: string;
  /** og:title and twitter:title (without the brand). */
  shareTitle: string;
  description: string;
  /** Path of the canonical URL; absent on pages that are not indexed. */
  path?: string;
  image?: { url: string; alt: string };
  type?: 'website' | 'article';
  article?: { publishedTime: string; author: string; section: string };
  noindex?: boolean;
  /** Other forms of the page's content announced in <head> (<link rel="alternate">): the blog's feeds. */
  alternates?: readonly { type: string; title: string; href: string }[];
};

/** The feeds a page announces: /blog and each article announce the blog's RSS and Atom feeds. */
function alternatesOf(path: string) {
  return path === '/blog' || path.startsWith('/blog/') ? { alternates: blogFeeds } : {};
}

/** The file name (without .png) of a route's Open Graph image: 'home' for '/', else the path. */
export function ogSlug(path: string) {
  return path === '/' ? 'home' : path.slice(1).replace(/\//g, '-');
}

export function brandTitle(title: string) {
  return `${title} | ${site.name}`;
}

/** The metadata of one route of lib/config/routes.ts. */
export function pageMeta(path: RoutePath): PageMeta {
  const route = getRoute(path);
  return {
    title: path === '/' ? route.title : brandTitle(route.title),
    shareTitle: route.title,
    description: route.description,
    path,
    image: { url: `/og/${ogSlug(path)}.png`, alt: route.heading },
    ...alternatesOf(path),
  };
}

/** An absolute URL on this site. */
export function absoluteUrl(path: string) {
  return `${siteUrl()}${path === '/' ? '/' : path}`;
}

/** What an article's metadata reads of it (an article of content/blog.ts has it). */
export type ArticleFacts = { slug: string; title: string; excerpt: string; date: string; author: { name: string }; category: string };

/** The metadata of one blog article (Open Graph type article, its own share image /og/blog/<slug>.png). */
export function articleMeta(article: ArticleFacts): PageMeta {
  return {
    title: brandTitle(article.title),
    shareTitle: article.title,
    description: article.excerpt,
    path: `/blog/${article.slug}`,
    image: { url: `/og/blog/${article.slug}.png`, alt: article.title },
    type: 'article',
    article: { publishedTime: article.date, author: article.author.name, section: article.category },
    ...alternatesOf(`/blog/${article.slug}`),
  };
}
