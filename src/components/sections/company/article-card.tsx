import { Link } from '@/components/ui/link';
import { Flame } from 'lucide-react';
import { formatDate, type Article } from '@/content/blog-model';
import { Badge } from '@/components/ui/badge';
import { initials } from '@/content/person-model';

export function ArticleMeta({ article }: { article: Article }) {
  return (
    <div className="flex items-center gap-3 text-sm text-muted-foreground">
      <span aria-hidden className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700">
        {initials(article.author.name)}
      </span>
      <span>
        <span className="block font-medium text-foreground">{article.author.name}</span>
        <span>
          <time dateTime={article.date}>{formatDate(article.date)}</time> · {article.readTime}
        </span>
      </span>
    </div>
  );
}

export function ArticleFlags({ article }: { article: Article }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Badge>{article.category}</Badge>
      {article.featured ? <Badge variant="gradient">Featured</Badge> : null}
      {article.trending ? (
        <Badge variant="neutral">
          <Flame aria-hidden className="size-3" /> Trending
        </Badge>
      ) : null}
    </div>
  );
}

/** One article card of the /blog grid; the whole card is one link (the title). */
export function ArticleCard({ article }: { article: Article }) {
  return (
    <article className="group relative flex flex-1 flex-col overflow-hidden rounded-2xl border border-border bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      <img src={article.image} alt="" width={1200} height={675} className="aspect-video w-full object-cover" decoding="async" loading="lazy" />
      <div className="flex flex-1 flex-col p-6">
        <ArticleFlags article={article} />
        <h3 className="mt-3 text-lg font-semibold tracking-tight text-balance">
          <Link href={`/blog/${article.slug}`} className="after:absolute after:inset-0 after:content-[''] group-hover:text-brand-strong focus-visible:outline-none">
            {article.title}
          </Link>
        </h3>
        <p className="mt-2 flex-1 text-sm leading-relaxed text-muted-foreground">{article.excerpt}</p>
        <div className="mt-5">
          <ArticleMeta article={article} />
        </div>
      </div>
    </article>
  );
}
