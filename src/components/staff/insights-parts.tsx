// What the panels of /staff/insights share: number formats, the table cells' classes, a table's CSV link, and
// a table that scrolls sideways on a phone.
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import type { InsightsRange } from '@/lib/staff/insights';

export const n = (v: number) => v.toLocaleString('en-US');
export const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(v < 0.1 ? 1 : 0)} %`);
export const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase';
export const td = 'px-3 py-2 text-sm';
export const num = `${td} text-right tabular-nums`;

/** The address of the insights with `range`, and of a table's CSV. */
export const rangeQuery = (r: InsightsRange) => (r.preset ? `?days=${r.preset}` : `?from=${r.from}&to=${r.to}`);
const csvHref = (table: string, r: InsightsRange) => `/staff/insights.csv${rangeQuery(r)}&table=${table}`;

export function CsvLink({ table, range, label }: { table: string; range: InsightsRange; label: string }) {
  return (
    <Link href={csvHref(table, range)} className="inline-flex items-center gap-1 rounded text-sm font-medium text-brand-strong underline-offset-2 hover:underline" download>
      <Download aria-hidden className="size-4" />
      CSV<span className="sr-only"> of {label}</span>
    </Link>
  );
}

/** A region that scrolls sideways on a phone: focusable, so that a keyboard can scroll it too. */
export function Scroller({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={`overflow-x-auto rounded focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring ${className ?? ''}`} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
