import * as React from 'react';
import { Search, SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FilterChips } from '@/components/site/filter-chips';
import { isPlainClick, useUrlFilters } from '@/components/site/use-url-filters';
import { ALL, clearedFilters, filterItems, MAX_QUERY_LENGTH, type FilterState } from '@/lib/filters';
import { templateFilterChips, templateFilterFields, type Template } from '@/content/templates';
import { TemplateCard } from './template-card';
import { TemplatePreviewProvider } from './template-preview';

/** The first cards' images load eagerly (they are on screen at load; the first is the LCP on phones); the rest lazily. */
const EAGER = 4;

/** Where the gallery's GET form and its Clear Filters link go: the page, scrolled to the gallery. */
const ACTION = '/templates#gallery-title';

/**
 * Search box, the nine category chips, the result count and the grid of cards (an island: prerendered with
 * every card, then filtered in the browser). Typing replaces the URL; choosing a category adds a history entry, so Back undoes it.
 * Without JavaScript it is a GET form (Enter or the Search button, the chips are submit buttons) that the
 * page answers with the gallery rendered for that query (`filters`, src/pages/on-request).
 */
export function TemplateGallery({ templates, filters }: { templates: readonly Template[]; filters?: FilterState }) {
  const cards = Object.fromEntries(templates.map((t, i) => [t.id, <TemplateCard key={t.id} template={t} eager={i < EAGER} priority={i === 0} />]));
  const searchRef = React.useRef<HTMLInputElement>(null);
  const [state, navigate] = useUrlFilters(templateFilterChips, filters, searchRef);
  const searchId = React.useId();
  const shown = filterItems(templates, state, templateFilterFields);
  const filtered = state.q.trim() !== '' || state.category !== ALL;

  return (
    <TemplatePreviewProvider templates={templates}>
      <form
        role="search"
        method="get"
        action={ACTION}
        aria-label="Templates"
        onSubmit={(e) => {
          e.preventDefault();
          // A chip is a submit button (so the form also works as a plain GET form); Enter in the box submits too
          // (through the Search button, the form's first submit button, which keeps the category).
          const chip = (e.nativeEvent as SubmitEvent).submitter;
          if (chip instanceof HTMLButtonElement && chip.dataset.chip !== undefined) navigate({ q: state.q, category: chip.value }, 'push');
        }}
        className="flex flex-col gap-5"
      >
        <div className="mx-auto flex w-full max-w-xl gap-2">
          <div className="relative min-w-0 flex-1">
            <label htmlFor={searchId} className="sr-only">
              Search templates by title
            </label>
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-slate-500" />
            <input
              ref={searchRef}
              id={searchId}
              type="search"
              name="q"
              maxLength={MAX_QUERY_LENGTH}
              autoComplete="off"
              placeholder="Search templates..."
              value={state.q}
              onChange={(e) => navigate({ q: e.target.value, category: state.category }, 'replace')}
              className="h-12 w-full rounded-full border border-input bg-white pr-4 pl-12 text-base shadow-sm placeholder:text-slate-500 focus-visible:border-brand focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-ring/40"
            />
          </div>
          {/* Without JavaScript only. */}
          <Button
            type="submit"
            variant="secondary"
            size="lg"
            name={state.category === ALL ? undefined : 'category'}
            value={state.category === ALL ? undefined : state.category}
            className="hidden rounded-full no-js:inline-flex"
          >
            Search
          </Button>
        </div>
        <FilterChips label="Category" categories={templateFilterChips} selected={state.category} variant="gallery" />
      </form>
      <p role="status" className="mt-8 text-sm text-muted-foreground">
        {filtered ? `Showing ${shown.length} of ${templates.length} templates` : `Showing all ${templates.length} templates`}
      </p>
      {shown.length ? (
        <ul className="mt-4 grid grid-cols-1 gap-6 min-[420px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
          {shown.map((t) => (
            <li key={t.id} className="flex">
              {cards[t.id]}
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-4 flex flex-col items-center rounded-2xl border border-dashed border-input bg-white px-6 py-16 text-center">
          <SearchX aria-hidden className="size-10 text-slate-400" />
          <p className="mt-4 text-lg font-semibold text-foreground">No templates found matching your criteria.</p>
          <Button asChild variant="secondary" className="mt-6">
            <a
              href={ACTION}
              onClick={(e) => {
                if (!isPlainClick(e)) return;
                e.preventDefault();
                navigate(clearedFilters, 'push');
                searchRef.current?.focus();
              }}
            >
              Clear Filters
            </a>
          </Button>
        </div>
      )}
    </TemplatePreviewProvider>
  );
}
