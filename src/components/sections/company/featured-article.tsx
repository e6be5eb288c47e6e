import { Link } from '@/components/ui/link';
import { ArrowRight } from 'lucide-react';
import type { Article } from '@/content/blog-model';
import { buttonVariants } from '@/components/ui/button';
import { ArticleFlags, ArticleMeta } from './article-card';

/** The featured article at the top of /blog. */
export function FeaturedArticle({ article }: { article: Article }) {
  return (
    <section aria-labelledby="featured-title" className="container-page py-12 sm:py-16">
      <h2 id="featured-title" className="text-sm font-semibold tracking-wide text-brand-strong uppercase">
        Featured Article
      </h2>
      <article className="mt-4 grid overflow-hidden rounded-3xl border border-border bg-white shadow-sm lg:grid-cols-2">
        <img src={article.image} alt="" width={1200} height={675} className="h-full w-full object-cover" decoding="async" fetchPriority="high" />
        <div className="flex flex-col justify-center p-6 sm:p-10">
          <ArticleFlags article={article} />
          <h3 className="mt-4 text-2xl font-bold tracking-tight text-balance sm:text-3xl">{article.title}</h3>
          <p className="mt-4 text-lg text-pretty text-muted-foreground">{article.excerpt}</p>
          <div className="mt-6">
            <ArticleMeta article={article} />
          </div>
          <div className="mt-8">
            <Link href={`/blog/${article.slug}`} className={buttonVariants({ size: 'lg' })}>
              Read Article <ArrowRight aria-hidden />
              <span className="sr-only">: {article.title}</span>
            </Link>
          </div>
        </div>
      </article>
    </section>
  );
}
