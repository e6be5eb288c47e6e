import { Check, X } from 'lucide-react';
import { Section } from '@/components/site/section';
import { comparisonColumns, comparisonRows, type ComparisonValue } from '@/content/home';
import { cn } from '@/lib/utils';

function Cell({ value, highlight }: { value: ComparisonValue; highlight?: boolean }) {
  if (value === true)
    return (
      <>
        <Check aria-hidden className={cn('mx-auto size-5', highlight ? 'text-brand-strong' : 'text-success')} strokeWidth={2.5} />
        <span className="sr-only">Yes</span>
      </>
    );
  if (value === false)
    return (
      <>
        <X aria-hidden className="mx-auto size-5 text-slate-400" strokeWidth={2.5} />
        <span className="sr-only">No</span>
      </>
    );
  return <span className={cn('block text-xs leading-snug sm:text-sm', highlight ? 'font-semibold text-brand-strong' : 'text-slate-700')}>{value}</span>;
}

/** Feature vs this product vs manual work vs competitors, as a real table. */
export function ComparisonTable() {
  return (
    <Section id="compare" title="Why creators switch" intro="The same design, published everywhere, without the busywork.">
      <div className="relative overflow-x-auto rounded-2xl border border-border bg-white shadow-sm" tabIndex={0} role="region" aria-labelledby="compare-caption">
        <table className="w-full border-collapse text-left">
          <caption id="compare-caption" className="sr-only">
            {comparisonColumns.product} compared with manual work and competitors
          </caption>
          <thead>
            <tr className="border-b border-border bg-slate-50 text-xs sm:text-sm">
              <th scope="col" className="w-[38%] px-2.5 py-3 font-semibold sm:w-auto sm:px-5 sm:py-4">{comparisonColumns.feature}</th>
              <th scope="col" className="bg-brand-soft px-2.5 py-3 sm:px-5 sm:py-4 text-center font-semibold text-brand-strong">{comparisonColumns.product}</th>
              <th scope="col" className="px-2.5 py-3 sm:px-5 sm:py-4 text-center font-semibold">{comparisonColumns.manual}</th>
              <th scope="col" className="px-2.5 py-3 sm:px-5 sm:py-4 text-center font-semibold">{comparisonColumns.competitors}</th>
            </tr>
          </thead>
          <tbody>
            {comparisonRows.map((row) => (
              <tr key={row.feature} className="border-b border-border last:border-0">
                <th scope="row" className="px-2.5 py-3 text-xs font-medium text-foreground sm:px-5 sm:py-4 sm:text-sm">{row.feature}</th>
                <td className="bg-brand-soft/60 px-2.5 py-3 sm:px-5 sm:py-4 text-center"><Cell value={row.product} highlight /></td>
                <td className="px-2.5 py-3 sm:px-5 sm:py-4 text-center"><Cell value={row.manual} /></td>
                <td className="px-2.5 py-3 sm:px-5 sm:py-4 text-center"><Cell value={row.competitors} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}
