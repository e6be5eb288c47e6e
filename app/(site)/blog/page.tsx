import { PageHero } from '@/components/site/page-hero';
import { Section } from '@/components/site/section';
import { NewsletterForm } from '@/components/forms/newsletter-form';
import { ArticleCard } from '@/components/sections/company/article-card';
import { FeaturedArticle } from '@/components/sections/company/featured-article';
import { FilterableList } from '@/components/sections/company/filterable-list';
import { articles, blogCategories } from '@/content/blog';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata('/blog');

export default function Page() {
  const featured = articles.find((a) => a.featured) ?? articles[0];
  return (
    <>
      <PageHero path="/blog" eyebrow="Blog" />
      <FeaturedArticle article={featured} />

      <Section id="articles" muted eyebrow="Latest" title="All articles" intro="Search by title or excerpt, or pick a category.">
        <FilterableList
          items={articles.map((a) => ({ id: a.slug, category: a.category, text: [a.title, a.excerpt] }))}
          cards={Object.fromEntries(articles.map((a) => [a.slug, <ArticleCard key={a.slug} article={a} />]))}
          categories={blogCategories}
          categoryLabel="Category"
          searchLabel="Search articles"
          searchPlaceholder="Search articles..."
          noun={['article', 'articles']}
          emptyText="No articles found matching your criteria."
          listClassName="sm:grid-cols-2 lg:grid-cols-3"
        />
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
              <NewsletterForm source="blog" />
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
