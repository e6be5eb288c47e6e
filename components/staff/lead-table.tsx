import Link from 'next/link';
import type { InboxRow } from '@/lib/staff/inbox';
import { kindByKind, kindShortLabel } from '@/lib/staff/lead-kinds';
import { formatDateTime } from '@/lib/staff/format';
import { StatusBadge } from './status-badge';

const th = 'px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase';
const td = 'px-3 py-3 align-top text-sm';

export function LeadTable({ rows }: { rows: InboxRow[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[56rem] border-collapse">
        <caption className="sr-only">Leads, newest first</caption>
        <thead className="border-b border-border bg-muted">
          <tr>
            <th scope="col" className={`${th} w-10`}>
              <span className="sr-only">Select</span>
            </th>
            <th scope="col" className={th}>
              Received
            </th>
            <th scope="col" className={th}>
              Type
            </th>
            <th scope="col" className={th}>
              Name and email
            </th>
            <th scope="col" className={th}>
              Company / business
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={th}>
              Owner
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((r) => {
            const href = `/staff/leads/${kindByKind[r.kind].slug}/${r.id}`;
            const who = r.name || r.email;
            return (
              <tr key={`${r.kind}:${r.id}`} className="hover:bg-muted/60">
                <td className={td}>
                  <input
                    type="checkbox"
                    name="lead"
                    value={`${r.kind}:${r.id}`}
                    aria-label={`Select ${kindShortLabel[r.kind]} lead from ${who}`}
                    className="mt-0.5 size-4 accent-violet-700"
                  />
                </td>
                <td className={`${td} whitespace-nowrap text-muted-foreground`}>{formatDateTime(r.createdAt)}</td>
                <td className={`${td} whitespace-nowrap`}>{kindShortLabel[r.kind]}</td>
                <td className={`${td} max-w-72`}>
                  <Link href={href} className="font-medium break-words text-foreground underline-offset-2 hover:text-brand-strong hover:underline">
                    {r.name || r.email}
                  </Link>
                  {r.name ? <div className="break-all text-muted-foreground">{r.email}</div> : null}
                </td>
                <td className={`${td} max-w-56 break-words`}>{r.company ?? <span className="text-muted-foreground">—</span>}</td>
                <td className={td}>
                  <StatusBadge status={r.status} />
                </td>
                <td className={`${td} whitespace-nowrap`}>{r.ownerName ?? <span className="text-muted-foreground">Unassigned</span>}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
