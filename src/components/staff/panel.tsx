import { cn } from '@/lib/utils';

/** A titled card of the staff pages (its title is an h2 that names the region). */
export function Panel({ title, children, className, actions }: { title: string; children: React.ReactNode; className?: string; actions?: React.ReactNode }) {
  const id = `panel-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className={cn('rounded-2xl border border-border bg-white shadow-sm', className)}>
      <div className="flex items-center justify-between gap-3 border-b border-border px-5 py-3.5">
        <h2 id={id} className="text-base font-semibold tracking-tight">
          {title}
        </h2>
        {actions}
      </div>
      <div className="px-5 py-4">{children}</div>
    </section>
  );
}
