import type { ReactNode } from 'react';
import { PageHero } from '@/components/site/page-hero';
import { Section } from '@/components/site/section';
import { FeaturedArticle } from '@/components/sections/company/featured-article';
import { articles } from '@/content/blog';

/** /blog */
export function BlogPage({ list, newsletter }: { list?: ReactNode; newsletter?: ReactNode }) {
  const featured = articles.find((a) => a.featured) ?? articles[0];
  return (
    <>
      <PageHero path="/blog" eyebrow="Blog" />
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
