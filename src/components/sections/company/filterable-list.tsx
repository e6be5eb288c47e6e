import * as React from 'react';
import { Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useUrlFilters } from '@/components/site/use-url-filters';
import { ALL, clearedFilters, filterItems } from '@/lib/filters';
import { cn } from '@/lib/utils';

export type FilterItem = { id: string; category: string; text: string[] };

/**
 * Search + category chips over a list whose cards are rendered on the server (`cards`, keyed by id).
 * Without JavaScript every card shows; with it, the list follows the URL.
 */
export function FilterableList({
  items,
  cards,
  categories,
  categoryLabel,
  searchLabel,
  searchPlaceholder,
  noun,
  emptyText,
  listClassName,
}: {
  items: FilterItem[];
  cards: Record<string, React.ReactNode>;
  categories: readonly string[];
  categoryLabel: string;
  searchLabel: string;
  searchPlaceholder: string;
  noun: [singular: string, plural: string];
  emptyText: string;
  listClassName?: string;
}) {
  const inputRef = React.useRef<HTMLInputElement>(null);
  const [state, setState] = useUrlFilters(categories, inputRef);
  const id = React.useId();

  const shown = filterItems(items, state, { text: (i) => i.text, category: (i) => i.category });
  const filtered = state.q.trim() !== '' || state.category !== ALL;

  return (
    <div>
      <form role="search" aria-label={searchLabel} onSubmit={(e) => e.preventDefault()} className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <div className="relative w-full lg:max-w-sm">
          <label htmlFor={`${id}-q`} className="sr-only">
            {searchLabel}
          </label>
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-slate-500" />
          <Input
            ref={inputRef}
            id={`${id}-q`}
            type="search"
            name="q"
            value={state.q}
            onChange={(e) => setState({ ...state, q: e.target.value })}
            placeholder={searchPlaceholder}
            autoComplete="off"
            className="pl-10"
          />
        </div>
        <div role="group" aria-label={categoryLabel} className="flex flex-wrap gap-2">
          {categories.map((c) => {
            const active = state.category === c;
            return (
              <button
                key={c}
                type="button"
                aria-pressed={active}
                onClick={() => setState({ ...state, category: c })}
                className={cn(
                  'h-9 rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  active ? 'border-transparent bg-gradient-brand text-white shadow-sm' : 'border-border bg-white text-slate-700 hover:border-brand hover:text-brand-strong',
                )}
              >
                {c}
              </button>
            );
          })}
        </div>
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
          <Button
            type="button"
            variant="secondary"
            className="mt-5"
            onClick={() => {
              setState(clearedFilters);
              inputRef.current?.focus();
            }}
          >
            Clear Filters
          </Button>
        </div>
      )}
    </div>
  );
}
