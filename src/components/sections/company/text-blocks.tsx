import type { Block, Table } from '@/content/body-model';
import { cn } from '@/lib/utils';

/**
 * A table of a content section. Wide tables scroll sideways on a narrow screen inside a region that the
 * keyboard can reach (and so scroll), named after the heading it belongs to.
 */
function TextTable({ table, name }: { table: Table; name: string }) {
  // Three columns and more do not fit a phone: the table scrolls sideways with its first column kept in view.
  const wide = table.head.length > 2;
  const first = cn('px-4 py-3 align-top text-foreground', wide && 'sticky left-0 z-10 bg-inherit shadow-[1px_0_0_var(--color-border)] sm:static sm:shadow-none');
  return (
    <>
      <div role="region" aria-label={name} tabIndex={0} className="mt-4 overflow-x-auto rounded-xl border border-border bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
        <table className={cn('w-full border-collapse text-left text-base', wide && 'min-w-[36rem]')}>
          <thead className="bg-slate-50">
            <tr className="bg-slate-50">
              {table.head.map((cell, i) => (
                <th key={i} scope="col" className={cn(i === 0 ? first : 'px-4 py-3 text-foreground', 'border-b border-border font-semibold')}>
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => (
              <tr key={r} className={cn('border-b border-border last:border-b-0', r % 2 ? 'bg-slate-50' : 'bg-white')}>
                {row.map((cell, c) =>
                  c === 0 ? (
                    <th key={c} scope="row" className={cn(first, 'font-medium')}>
                      {cell}
                    </th>
                  ) : (
                    <td key={c} className="px-4 py-3 align-top">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {wide ? <p className="mt-2 text-sm text-muted-foreground sm:hidden">Scroll the table sideways to see every column.</p> : null}
    </>
  );
}

/**
 * The blocks of a content section (an article's, a legal document's) as text: paragraphs, bullet and
 * numbered lists, subheadings and tables. `heading` is the section's, which names its tables.
 */
export function TextBlocks({ blocks, heading, className, listClassName }: { blocks: readonly Block[]; heading: string; className?: string; listClassName?: string }) {
  let under = heading;
  return blocks.map((b, i) => {
    if (typeof b === 'string')
      return (
        <p key={i} className={cn('mt-3', className)}>
          {b}
        </p>
      );
    if ('subheading' in b) {
      under = b.subheading;
      return (
        <h3 key={i} className="mt-8 text-xl font-semibold tracking-tight text-foreground">
          {b.subheading}
        </h3>
      );
    }
    if ('table' in b) return <TextTable key={i} table={b.table} name={`Table: ${under}`} />;
    const List = b.ordered ? 'ol' : 'ul';
    return (
      <List key={i} className={cn('mt-3', b.ordered ? 'list-decimal marker:font-semibold marker:text-brand-strong' : 'list-disc marker:text-brand', className, listClassName)}>
        {b.list.map((item, j) => (
          <li key={j}>{item}</li>
        ))}
      </List>
    );
  });
}
