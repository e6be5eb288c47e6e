import type { IconItem } from '@/content/programmes';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { IconTile } from './icons';

/** A grid of icon + title + text cards (benefits, values, services, perks). */
export function IconCards({ items, columns = 3, headingLevel = 'h3' }: { items: readonly IconItem[]; columns?: 2 | 3 | 4; headingLevel?: 'h2' | 'h3' }) {
  return (
    <ul
      className={cn(
        'grid gap-6 sm:grid-cols-2',
        columns === 3 && 'lg:grid-cols-3',
        columns === 4 && 'lg:grid-cols-4',
      )}
    >
      {items.map((item) => (
        <li key={item.title} className="flex">
          <Card className="flex-1">
            <IconTile name={item.icon} />
            <CardTitle as={headingLevel} className="mt-4">
              {item.title}
            </CardTitle>
            <CardDescription>{item.description}</CardDescription>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** Big numbers with labels, e.g. the affiliate programme's three stats. */
export function StatRow({ stats, className }: { stats: readonly { value: string; label: string }[]; className?: string }) {
  return (
    <dl className={cn('grid gap-4', stats.length === 4 ? 'grid-cols-2 lg:grid-cols-4' : 'sm:grid-cols-3', className)}>
      {stats.map((s) => (
        <div key={s.label} className="flex flex-col-reverse rounded-2xl border border-border bg-white p-6 text-center shadow-sm">
          <dt className="mt-1 text-sm font-medium text-muted-foreground">{s.label}</dt>
          <dd className="text-4xl font-bold tracking-tight text-gradient">{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A checklist with brand ticks. */
export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cn('space-y-3', className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-slate-700">
          <svg viewBox="0 0 20 20" aria-hidden className="mt-1 size-5 shrink-0 text-success">
            <circle cx="10" cy="10" r="10" fill="currentColor" opacity="0.12" />
            <path d="M6 10.5l2.5 2.5L14 7.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
