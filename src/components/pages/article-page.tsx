import { ArrowLeft, ArrowRight } from 'lucide-react';
import { JsonLd } from '@/components/site/json-ld';
import { ArticleCard, ArticleFlags, ArticleMeta } from '@/components/sections/company/article-card';
import { TextBlocks } from '@/components/sections/company/text-blocks';
import { Link } from '@/components/ui/link';
import { formatDate, type Article } from '@/content/blog-model';
import { site } from '@/lib/config/site';
import { articleLd } from '@/lib/structured-data';
import { cn } from '@/lib/utils';

/** One link of the pager: its direction, then the article's title and date. */
function PagerLink({ article, rel }: { article: Article; rel: 'prev' | 'next' }) {
  return (
    <a
      href={`/blog/${article.slug}`}
      rel={rel}
      className={cn(
        'group flex h-full flex-col gap-1.5 rounded-2xl border border-border bg-white p-5 shadow-sm transition-[box-shadow,border-color] hover:border-brand hover:shadow-md',
        rel === 'next' && 'sm:items-end sm:text-right',
      )}
    >
      <span className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-strong">
        {rel === 'prev' ? (
          <>
            <ArrowLeft aria-hidden className="size-4" /> Previous article
          </>
        ) : (
          <>
            Next article <ArrowRight aria-hidden className="size-4" />
          </>
        )}
      </span>
      <span className="font-semibold tracking-tight text-balance text-foreground group-hover:text-brand-strong">{article.title}</span>
      <time dateTime={article.date} className="text-sm text-muted-foreground">
        {formatDate(article.date)}
      </time>
    </a>
  );
}

/**
 * The articles before and after this one in the order of the /blog list (newest first): previous is the
 * newer one, next the older one; the newest article has no previous, the oldest no next.
 */
function ArticlePager({ article, articles }: { article: Article; articles: readonly Article[] }) {
  const index = articles.findIndex((a) => a.slug === article.slug);
  const previous = index > 0 ? articles[index - 1] : undefined;
  const next = index >= 0 ? articles[index + 1] : undefined;
  if (!previous && !next) return null;
  return (
    <nav aria-label="Previous and next articles" className="mx-auto max-w-3xl px-5 pb-16 sm:px-8">
      <ul className="grid gap-4 sm:grid-cols-2">
        {previous ? (
          <li>
            <PagerLink article={previous} rel="prev" />
          </li>
        ) : null}
        {next ? (
          <li className="sm:col-start-2">
            <PagerLink article={next} rel="next" />
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** One blog article (/blog/<slug>), the links to the previous and next ones, and three related articles. */
export function ArticlePage({ article, articles }: { article: Article; /** All articles, newest first (the pager and related). */ articles: readonly Article[] }) {
  const related = articles.filter((a) => a.slug !== article.slug && a.category === article.category).concat(articles.filter((a) => a.slug !== article.slug && a.category !== article.category)).slice(0, 3);
  return (
    <>
      <article className="pb-12">
        <header className="border-b border-border bg-gradient-to-b from-brand-soft to-white">
          <div className="mx-auto max-w-3xl px-5 pt-10 pb-12 sm:px-8">
            <Link href="/blog" className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-brand-strong hover:underline">
              <ArrowLeft aria-hidden className="size-4" /> Back to Blog
            </Link>
            <div className="mt-6">
              <ArticleFlags article={article} />
            </div>
            <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-5xl">{article.title}</h1>
            <p className="mt-5 text-lg text-pretty text-muted-foreground">{article.excerpt}</p>
            <div className="mt-6">
              <ArticleMeta article={article} />
            </div>
          </div>
        </header>
        <div className="mx-auto max-w-3xl px-5 sm:px-8">
          <img src={article.image} alt="" width={1200} height={675} className="mt-10 aspect-video w-full rounded-2xl border border-border object-cover" decoding="async" fetchPriority="high" />
          <div className="mt-10 space-y-8 text-lg leading-relaxed text-slate-700">
            {article.body.map((s) => (
              <section key={s.heading}>
                <h2 className="text-2xl font-semibold tracking-tight text-foreground">{s.heading}</h2>
                <TextBlocks blocks={s.blocks} heading={s.heading} listClassName="space-y-1 pl-6" />
              </section>
            ))}
          </div>
          <p className="mt-12 rounded-2xl bg-slate-50 p-6 text-slate-700">
            Written by <strong className="text-foreground">{article.author.name}</strong>, {article.author.role} at {site.name}.
          </p>
        </div>
      </article>
      <ArticlePager article={article} articles={articles} />
      <section aria-labelledby="related-title" className="border-t border-border bg-slate-50 py-16">
        <div className="container-page">
          <h2 id="related-title" className="text-2xl font-bold tracking-tight">
            Keep reading
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {related.map((a) => (
              <li key={a.slug} className="flex">
                <ArticleCard article={a} />
              </li>
            ))}
          </ul>
        </div>
      </section>
      <JsonLd data={articleLd(article)} />
    </>
  );
}
