import type * as React from 'react';
import { Check } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** The card of one plan (home, pricing and API pages): the popular one is outlined and badged. */
export function PlanCard({
  popular,
  badge,
  badgeVariant = 'gradient',
  className,
  children,
}: {
  popular: boolean;
  badge?: string;
  badgeVariant?: 'gradient' | 'success';
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <li
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-7 shadow-sm',
        popular ? 'border-brand shadow-lg shadow-violet-200/60 ring-1 ring-brand' : 'border-border',
        className,
      )}
    >
      {badge ? (
        <Badge variant={badgeVariant} className="absolute -top-3 left-7">
          {badge}
        </Badge>
      ) : null}
      {children}
    </li>
  );
}

/** A plan's features, each with a check mark. */
export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cn('space-y-3 text-sm', className)}>
      {items.map((f) => (
        <li key={f} className="flex gap-2.5">
          <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-success" strokeWidth={2.5} />
          <span>{f}</span>
        </li>
      ))}
    </ul>
  );
}
