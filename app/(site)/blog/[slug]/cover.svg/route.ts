import { coverSvg } from '@/components/sections/company/cover-art';
import { articles, getArticle } from '@/content/blog';

/** Each article's cover image, drawn once at build time and served as a static file. */
export const dynamic = 'force-static';
export const dynamicParams = false;

export function generateStaticParams() {
  return articles.map((a) => ({ slug: a.slug }));
}

export async function GET(_req: Request, { params }: { params: Promise<{ slug: string }> }) {
  const article = getArticle((await params).slug);
  if (!article) return new Response('Not found', { status: 404 });
  return new Response(coverSvg(article), {
    headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=3600, must-revalidate' },
  });
}
