import * as React from 'react';
import { Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FilterChips } from '@/components/site/filter-chips';
import { isPlainClick, useUrlFilters } from '@/components/site/use-url-filters';
import { ALL, clearedFilters, filterItems, MAX_QUERY_LENGTH, type FilterState } from '@/lib/filters';
import { cn } from '@/lib/utils';

export type FilterItem = { id: string; category: string; text: string[] };

/**
 * Search + category chips over a list whose cards are rendered on the server (`cards`, keyed by id).
 * A GET form to `action` (the page): without JavaScript the search box (Enter or the Search button, shown
 * only then) and the chips (submit buttons) load the page with `?q=&category=`, which Astro renders for that
 * query (`filters`, src/pages/on-request). With JavaScript the list follows the URL as you type and click,
 * without loading a page.
 */
export function FilterableList({
  action,
  items,
  cards,
  categories,
  categoryLabel,
  searchLabel,
  searchPlaceholder,
  noun,
  emptyText,
  listClassName,
  filters,
}: {
  /** The page's path; the results are at `#anchor` in it (the section that holds the list). */
  action: { path: string; anchor: string };
  items: FilterItem[];
  cards: Record<string, React.ReactNode>;
  categories: readonly string[];
  categoryLabel: string;
  searchLabel: string;
  searchPlaceholder: string;
  noun: [singular: string, plural: string];
  emptyText: string;
  listClassName?: string;
  /** The filters the page is rendered for (its address's query; cleared when prerendered). */
  filters?: FilterState;
}) {
  const inputRef = React.useRef<HTMLInputElement>(null);
  const [state, setState] = useUrlFilters(categories, filters, inputRef);
  const id = React.useId();

  const shown = filterItems(items, state, { text: (i) => i.text, category: (i) => i.category });
  const filtered = state.q.trim() !== '' || state.category !== ALL;

  return (
    <div>
      <form
        role="search"
        aria-label={searchLabel}
        method="get"
        action={`${action.path}#${action.anchor}`}
        onSubmit={(e) => {
          e.preventDefault();
          // The list already shows what is typed; a chip (a submit button, for the form without JavaScript) picks its category.
          const submitter = (e.nativeEvent as SubmitEvent).submitter;
          if (submitter instanceof HTMLButtonElement && submitter.dataset.chip !== undefined) setState({ ...state, category: submitter.value });
        }}
        className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between"
      >
        <div className="flex w-full gap-2 lg:max-w-sm">
          <div className="relative min-w-0 flex-1">
            <label htmlFor={`${id}-q`} className="sr-only">
              {searchLabel}
            </label>
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-slate-500" />
            <Input
              ref={inputRef}
              id={`${id}-q`}
              type="search"
              name="q"
              maxLength={MAX_QUERY_LENGTH}
              value={state.q}
              onChange={(e) => setState({ ...state, q: e.target.value })}
              placeholder={searchPlaceholder}
              autoComplete="off"
              className="pl-10"
            />
          </div>
          {/* Without JavaScript only. First submit button of the form, so Enter in the box presses it (not a chip):
              it keeps the chosen category. */}
          <Button type="submit" variant="secondary" name={state.category === ALL ? undefined : 'category'} value={state.category === ALL ? undefined : state.category} className="hidden no-js:inline-flex">
            Search
          </Button>
        </div>
        <FilterChips label={categoryLabel} categories={categories} selected={state.category} variant="toolbar" />
      </form>

      <p role="status" className="mt-6 text-sm text-muted-foreground">
        {filtered ? `Showing ${shown.length} of ${items.length} ${items.length === 1 ? noun[0] : noun[1]}` : `${items.length} ${noun[1]}`}
      </p>

      {shown.length > 0 ? (
        <ul className={cn('mt-4 grid gap-6', listClassName)}>
          {shown.map((item) => (
            <li key={item.id} className="flex">
              {cards[item.id]}
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-4 rounded-2xl border border-dashed border-input bg-slate-50 px-6 py-14 text-center">
          <p className="text-lg font-medium text-foreground">{emptyText}</p>
          <Button asChild variant="secondary" className="mt-5">
            <a
              href={`${action.path}#${action.anchor}`}
              onClick={(e) => {
                if (!isPlainClick(e)) return;
                e.preventDefault();
                setState(clearedFilters);
                inputRef.current?.focus();
              }}
            >
              Clear Filters
            </a>
          </Button>
        </div>
      )}
    </div>
  );
}
