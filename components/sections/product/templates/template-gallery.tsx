'use client';
import { useId, useRef, useState } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import { Search, SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ALL, clearedFilters, filterItems, filtersToQuery, readFilters, type FilterState } from '@/lib/filters';
import { templateFilterChips, templateFilterFields, templates } from '@/content/templates';
import { cn } from '@/lib/utils';
import { TemplateCard } from './template-card';

const EAGER = 4;

/** The gallery driven by the URL (`?q=&category=`): reload, back and a shared link show the same view. */
export function TemplatesFromUrl() {
  const params = useSearchParams();
  const pathname = usePathname();
  const url = readFilters(params, templateFilterChips);
  const [q, setQ] = useState(url.q);
  const [syncedQ, setSyncedQ] = useState(url.q);
  if (url.q !== syncedQ) {
    // The URL changed from outside (back/forward): adopt its search text.
    setSyncedQ(url.q);
    setQ(url.q);
  }
  const searchRef = useRef<HTMLInputElement>(null);

  function navigate(next: FilterState, mode: 'push' | 'replace') {
    const href = `${pathname}${filtersToQuery(next)}`;
    if (mode === 'push') window.history.pushState(null, '', href);
    else window.history.replaceState(null, '', href);
  }

  return (
    <TemplateGallery
      state={{ q, category: url.category }}
      searchRef={searchRef}
      onSearch={(value) => {
        setQ(value);
        navigate({ q: value, category: url.category }, 'replace');
      }}
      onCategory={(category) => navigate({ q, category }, 'push')}
      onClear={() => {
        setQ('');
        navigate(clearedFilters, 'push');
        searchRef.current?.focus();
      }}
    />
  );
}

type Handlers = {
  onSearch: (q: string) => void;
  onCategory: (category: string) => void;
  onClear: () => void;
  searchRef: React.RefObject<HTMLInputElement | null>;
};

/**
 * Search box, the nine category chips, the result count and the grid. Without handlers (the rendering
 * in the HTML, before JavaScript) it is a plain GET form that lists every template.
 */
export function TemplateGallery({
  state = clearedFilters,
  onSearch,
  onCategory,
  onClear,
  searchRef,
}: { state?: FilterState } & Partial<Handlers>) {
  const interactive = Boolean(onSearch);
  const searchId = useId();
  const shown = filterItems(templates, state, templateFilterFields);
  return (
    <div>
      <form
        role="search"
        method="get"
        action="/templates"
        aria-label="Templates"
        onSubmit={interactive ? (e) => e.preventDefault() : undefined}
        className="flex flex-col gap-5"
      >
        <div className="relative mx-auto w-full max-w-xl">
          <label htmlFor={searchId} className="sr-only">
            Search templates by title
          </label>
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-slate-500" />
          <input
            ref={searchRef}
            id={searchId}
            type="search"
            name="q"
            maxLength={200}
            autoComplete="off"
            placeholder="Search templates..."
            value={interactive ? state.q : undefined}
            defaultValue={interactive ? undefined : state.q}
            onChange={interactive ? (e) => onSearch!(e.target.value) : undefined}
            className="h-12 w-full rounded-full border border-input bg-white pr-4 pl-12 text-base shadow-sm placeholder:text-slate-500 focus-visible:border-brand focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-ring/40"
          />
        </div>
        <div role="group" aria-label="Category" className="-mx-5 flex gap-2 overflow-x-auto px-5 pb-1 sm:mx-0 sm:flex-wrap sm:justify-center sm:px-0">
          {templateFilterChips.map((chip) => {
            const active = state.category === chip;
            return (
              <button
                key={chip}
                type={interactive ? 'button' : 'submit'}
                name={interactive ? undefined : 'category'}
                value={interactive ? undefined : chip}
                aria-pressed={active}
                onClick={interactive ? () => onCategory!(chip) : undefined}
                className={cn(
                  'shrink-0 rounded-full border px-4 py-2 text-sm font-semibold whitespace-nowrap transition-colors',
                  active ? 'border-transparent bg-gradient-brand text-white shadow-sm' : 'border-border bg-white text-slate-700 hover:border-violet-300 hover:text-brand-strong',
                )}
              >
                {chip}
              </button>
            );
          })}
        </div>
      </form>
      <p role="status" className="mt-8 text-sm text-muted-foreground">
        {shown.length === templates.length && state.category === ALL && !state.q.trim()
          ? `Showing all ${templates.length} templates`
          : `Showing ${shown.length} of ${templates.length} templates`}
      </p>
      {shown.length ? (
        <ul className="mt-4 grid grid-cols-1 gap-6 min-[420px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
          {shown.map((t, i) => (
            <TemplateCard key={t.id} template={t} eager={i < EAGER} interactive={interactive} />
          ))}
        </ul>
      ) : (
        <div className="mt-4 flex flex-col items-center rounded-2xl border border-dashed border-input bg-white px-6 py-16 text-center">
          <SearchX aria-hidden className="size-10 text-slate-400" />
          <p className="mt-4 text-lg font-semibold text-foreground">No templates found matching your criteria.</p>
          <Button variant="secondary" className="mt-6" onClick={onClear}>
            Clear Filters
          </Button>
        </div>
      )}
    </div>
  );
}
