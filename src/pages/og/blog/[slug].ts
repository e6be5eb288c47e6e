import type { GetStaticPaths } from 'astro';
import type { Article } from '@/content/blog';
import { getArticles } from '@/content/collections';
import { openGraphPng } from '@/lib/open-graph';

/** Each article's Open Graph image (/og/blog/<slug>.png): its section and author, title and excerpt, prerendered. */
export const getStaticPaths = (async () => (await getArticles()).map((article) => ({ params: { slug: `${article.slug}.png` }, props: { article } }))) satisfies GetStaticPaths;

export async function GET({ props: { article } }: { props: { article: Article } }) {
  const png = await openGraphPng({ eyebrow: `${article.category} · ${article.author.name}`, heading: article.title, intro: article.excerpt });
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
}
