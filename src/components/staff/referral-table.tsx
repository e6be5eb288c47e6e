import { InlineBar } from '@/components/staff/charts';
import { referralCookieDays } from '@/lib/leads/referral';
import type { ReferralCounts } from '@/lib/staff/referrals';

const n = (v: number) => v.toLocaleString('en-US');
const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase';
const td = 'px-3 py-2 text-sm';
const num = `${td} text-right tabular-nums`;

/** The insights' leads and trial requests per affiliate code (lib/staff/referrals.ts), as a table with bars. */
export function ReferralTable({ counts }: { counts: ReferralCounts }) {
  const intro = (
    <p className="mb-3 text-sm text-muted-foreground">
      Leads sent within {referralCookieDays} days of arriving through an affiliate&apos;s link (<code>?ref=</code>), by the affiliate&apos;s code.
      {counts.codes ? ` ${n(counts.leads)} referred ${counts.leads === 1 ? 'lead' : 'leads'} from ${n(counts.codes)} ${counts.codes === 1 ? 'code' : 'codes'}${counts.codes > counts.top.length ? `; the ${counts.top.length} with the most leads are shown` : ''}.` : ''}
    </p>
  );
  if (!counts.top.length)
    return (
      <>
        {intro}
        <p className="text-sm text-muted-foreground">No leads came through an affiliate&apos;s link in this range.</p>
      </>
    );
  const max = Math.max(...counts.top.map((r) => r.leads));
  return (
    <>
      {intro}
      <div className="overflow-x-auto rounded focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring" tabIndex={0} role="region" aria-label="Leads and trials of each affiliate code">
        <table className="w-full min-w-[28rem] border-collapse">
          <caption className="sr-only">Leads and trial requests of each affiliate code</caption>
          <thead className="border-b border-border bg-muted">
            <tr>
              <th scope="col" className={th}>
                Affiliate code
              </th>
              <th scope="col" className={`${th} text-right`}>
                Leads
              </th>
              <th scope="col" className={`${th} w-1/4`}>
                <span className="sr-only">Leads, as a bar</span>
              </th>
              <th scope="col" className={`${th} text-right`}>
                Trials
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {counts.top.map((r) => (
              <tr key={r.code}>
                <th scope="row" className={`${td} text-left font-mono font-medium break-all`}>
                  {r.code}
                </th>
                <td className={num}>{n(r.leads)}</td>
                <td className={td}>
                  <InlineBar value={r.leads} max={max} />
                </td>
                <td className={num}>{n(r.trials)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
