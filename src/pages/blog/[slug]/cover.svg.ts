import type { GetStaticPaths } from 'astro';
import { coverSvg } from '@/components/sections/company/cover-art';
import { articles, getArticle } from '@/content/blog';

/** Each article's cover image, drawn once at build time. */
export const getStaticPaths = (() => articles.map((a) => ({ params: { slug: a.slug } }))) satisfies GetStaticPaths;

export function GET({ params }: { params: { slug?: string } }) {
  const article = getArticle(params.slug ?? '');
  if (!article) return new Response('Not found', { status: 404 });
  return new Response(coverSvg(article), { headers: { 'Content-Type': 'image/svg+xml' } });
}
