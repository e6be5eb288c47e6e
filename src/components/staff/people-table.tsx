import { Link } from '@/components/ui/link';
import { kindByKind } from '@/lib/staff/lead-kinds';
import { formatDate, formatDateTime } from '@/lib/staff/format';
import type { PersonRow } from '@/lib/staff/people';
import { StatusBadge } from './status-badge';
import { UnreadMark } from './conversation-marks';

const th = 'px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase';
// Phones: each row becomes a small card (the person first, then the details), no sideways scrolling.
const td = 'px-3 py-3 align-top text-sm max-md:p-0 max-md:py-0.5';
const label = 'text-muted-foreground md:hidden';

/** The People view: one row per address across every kind of lead, their latest lead first. */
export function PeopleTable({ rows }: { rows: PersonRow[] }) {
  return (
    <div className="md:overflow-x-auto">
      <table className="w-full border-collapse md:min-w-[56rem]">
        <caption className="sr-only">People, latest lead first</caption>
        <thead className="border-b border-border bg-muted max-md:sr-only">
          <tr>
            <th scope="col" className={th}>
              Person
            </th>
            <th scope="col" className={th}>
              Came as
            </th>
            <th scope="col" className={th}>
              Leads
            </th>
            <th scope="col" className={th}>
              Latest lead
            </th>
            <th scope="col" className={th}>
              First lead
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((p) => {
            const latest = `/staff/leads/${kindByKind[p.latest.kind].slug}/${p.latest.id}`;
            const all = `/staff?${new URLSearchParams({ status: 'all', q: p.email })}`;
            return (
              <tr key={p.key} className="hover:bg-muted/60 max-md:flex max-md:flex-col max-md:px-4 max-md:py-3">
                <td className={`${td} md:max-w-72`}>
                  <Link href={latest} className="font-medium break-words text-foreground underline-offset-2 hover:text-brand-strong hover:underline">
                    {p.name || p.email}
                  </Link>
                  {p.name ? <div className="break-all text-muted-foreground">{p.email}</div> : null}
                  {p.company ? <div className="break-words text-muted-foreground">{p.company}</div> : null}
                  {p.unreadReplies ? (
                    <div className="mt-1">
                      <UnreadMark count={p.unreadReplies} />
                    </div>
                  ) : null}
                </td>
                <td className={td}>
                  <span className={label}>Came as: </span>
                  {p.kinds.map((k) => kindByKind[k].shortLabel).join(', ')}
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  <span className={label}>Leads: </span>
                  {p.leads > 1 ? (
                    <Link href={all} className="text-brand-strong underline underline-offset-2">
                      {`All ${p.leads.toLocaleString('en-US')} leads`}
                      <span className="sr-only"> of {p.name || p.email}</span>
                    </Link>
                  ) : (
                    '1 lead'
                  )}
                </td>
                <td className={td}>
                  <span className={label}>Latest: </span>
                  <span className="whitespace-nowrap text-muted-foreground">{formatDateTime(p.lastAt)}</span>
                  <div className="mt-1 flex flex-wrap items-center gap-2">
                    <span className="font-medium">{kindByKind[p.latest.kind].shortLabel}</span>
                    <StatusBadge status={p.latest.status} />
                  </div>
                  <div className="text-xs text-muted-foreground">{p.latest.ownerName ? `Owner: ${p.latest.ownerName}` : 'Unassigned'}</div>
                </td>
                <td className={`${td} whitespace-nowrap text-muted-foreground`}>
                  <span className={label}>First: </span>
                  {formatDate(p.firstAt)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
