import type { GetStaticPaths } from 'astro';
import { coverSvg } from '@/components/sections/company/cover-art';
import type { Article } from '@/content/blog';
import { getArticles } from '@/content/collections';

/** Each article's cover image, drawn once at build time. */
export const getStaticPaths = (async () => (await getArticles()).map((article) => ({ params: { slug: article.slug }, props: { article } }))) satisfies GetStaticPaths;

export function GET({ props: { article } }: { props: { article: Article } }) {
  return new Response(coverSvg(article), { headers: { 'Content-Type': 'image/svg+xml' } });
}
