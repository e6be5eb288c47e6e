import type { ReactNode } from 'react';
import { Rss } from 'lucide-react';
import { PageHero } from '@/components/site/page-hero';
import { Section } from '@/components/site/section';
import { FeaturedArticle } from '@/components/sections/company/featured-article';
import { buttonVariants } from '@/components/ui/button';
import type { Article } from '@/content/blog-model';
import { blogFeeds } from '@/lib/feeds';

/** The links to the blog's feeds under the page's heading ("RSS", "Atom"; named "RSS feed", "Atom feed"). */
function FeedLinks() {
  return (
    <div className="flex flex-wrap items-center justify-center gap-x-3 gap-y-2 text-sm text-muted-foreground">
      <span>Follow in your feed reader:</span>
      <ul className="flex items-center gap-2">
        {blogFeeds.map((feed) => (
          <li key={feed.href}>
            <a href={feed.href} type={feed.type} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
              <Rss aria-hidden className="text-brand-strong" />
              {feed.label}
              <span className="sr-only"> feed</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /blog */
export function BlogPage({ articles, list, newsletter }: { articles: readonly Article[]; list?: ReactNode; newsletter?: ReactNode }) {
  const featured = articles.find((a) => a.featured) ?? articles[0];
  return (
    <>
      <PageHero path="/blog" eyebrow="Blog">
        <FeedLinks />
      </PageHero>
      <FeaturedArticle article={featured} />

      <Section id="articles" muted eyebrow="Latest" title="All articles" intro="Search by title or excerpt, or pick a category.">
        {list}
      </Section>

      <section aria-labelledby="newsletter-title" className="py-16 sm:py-20">
        <div className="container-page">
          <div className="mx-auto max-w-3xl rounded-3xl bg-gradient-brand px-6 py-12 text-center text-white shadow-lg sm:px-12">
            <h2 id="newsletter-title" className="text-3xl font-bold tracking-tight">
              Stay in the loop
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-lg text-white/90">
              Get our best social media tips, tutorials and product news in your inbox. No spam, unsubscribe any time.
            </p>
            <div className="mx-auto mt-8 max-w-md rounded-2xl bg-white p-4 text-left text-foreground sm:p-5">
              {newsletter}
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
