import { cva } from 'class-variance-authority';

const groupVariants = cva('flex gap-2', {
  variants: {
    variant: {
      /** In a row beside the search box (/blog, /careers). */
      toolbar: 'flex-wrap',
      /** Centred under a large search box; one row that scrolls sideways on phones (/templates). */
      gallery: '-mx-5 overflow-x-auto px-5 pb-1 sm:mx-0 sm:flex-wrap sm:justify-center sm:gap-1.5 sm:px-0',
    },
  },
});

const chipVariants = cva('rounded-full border px-4 text-sm transition-colors', {
  variants: {
    variant: {
      toolbar: 'h-9 font-medium',
      gallery: 'shrink-0 py-2 font-semibold whitespace-nowrap sm:px-3.5',
    },
    active: { true: 'border-transparent bg-gradient-brand text-white shadow-sm', false: 'border-border bg-white text-slate-700 hover:text-brand-strong' },
  },
  compoundVariants: [
    { variant: 'toolbar', active: false, className: 'hover:border-brand' },
    { variant: 'gallery', active: false, className: 'hover:border-violet-300' },
  ],
});

/**
 * The category chips of a filter form (`<form method="get">`): each chip is a submit button
 * `name="category"`, so without JavaScript a click loads the page with `?category=`; the chosen one is
 * pressed. With JavaScript the form's submit handler picks the category of the chip that submitted it
 * (`data-chip` tells a chip from the Search button).
 */
export function FilterChips({
  label,
  categories,
  selected,
  variant,
}: {
  /** The group's accessible name. */
  label: string;
  categories: readonly string[];
  selected: string;
  variant: 'toolbar' | 'gallery';
}) {
  return (
    <div role="group" aria-label={label} className={groupVariants({ variant })}>
      {categories.map((c) => {
        const active = selected === c;
        return (
          <button key={c} type="submit" name="category" value={c} data-chip="" aria-pressed={active} className={chipVariants({ variant, active })}>
            {c}
          </button>
        );
      })}
    </div>
  );
}
