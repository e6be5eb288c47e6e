import type { Article } from '@/content/blog-model';
import { blogCategories } from '@/content/blog-model';
import type { FilterState } from '@/lib/filters';
import { ArticleCard } from './article-card';
import { FilterableList } from './filterable-list';

/** What a card shows of an article (the island gets this, not the bodies). */
export type ArticleSummary = Omit<Article, 'body'>;

export function articleSummaries(articles: readonly Article[]): ArticleSummary[] {
  return articles.map(({ body: _body, ...summary }) => summary);
}

/** The blog's searchable list of articles (an island: search and category chips follow the URL). */
export function ArticleList({ articles, filters }: { articles: ArticleSummary[]; filters?: FilterState }) {
  return (
    <FilterableList
      action={{ path: '/blog', anchor: 'articles' }}
      items={articles.map((a) => ({ id: a.slug, category: a.category, text: [a.title, a.excerpt] }))}
      cards={Object.fromEntries(articles.map((a) => [a.slug, <ArticleCard key={a.slug} article={{ ...a, body: [] }} />]))}
      categories={blogCategories}
      categoryLabel="Category"
      searchLabel="Search articles"
      searchPlaceholder="Search articles..."
      noun={['article', 'articles']}
      emptyText="No articles found matching your criteria."
      listClassName="sm:grid-cols-2 lg:grid-cols-3"
      filters={filters}
    />
  );
}
