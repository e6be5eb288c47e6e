import { Link } from '@/components/ui/link';
import type { InboxRow } from '@/lib/staff/inbox';
import { kindByKind, subscriptionLabel } from '@/lib/staff/lead-kinds';
import { formatDateTime } from '@/lib/staff/format';
import { StatusBadge } from './status-badge';
import { UnreadMark, WaitingMark } from './conversation-marks';
import { spamReasonText } from '@/lib/spam/reasons';
import type { InboxFilter } from '@/lib/staff/filters';
import { leadHref } from '@/lib/staff/neighbours';
import { DueCell } from './due-line';

const th = 'px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase';
// Phones: each row becomes a small card (name and status first, then the details), no sideways scrolling.
const td = 'px-3 py-3 align-top text-sm max-md:col-start-2 max-md:p-0 max-md:py-0.5';
const label = 'text-muted-foreground md:hidden';

/** `list`: the inbox list shown, carried to each lead's page (its next and previous leads follow it). */
export function LeadTable({ rows, caption = 'Leads, newest first', now = new Date(), list }: { rows: InboxRow[]; caption?: string; now?: Date; list?: InboxFilter }) {
  return (
    <div className="md:overflow-x-auto">
      <table className="w-full border-collapse md:min-w-[56rem]">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-border bg-muted max-md:sr-only">
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
            const href = list ? leadHref(r, list) : `/staff/leads/${kindByKind[r.kind].slug}/${r.id}`;
            const who = r.name || r.email;
            // Spam is never answered, and an archived lead was put away (lib/staff/inbox.ts, "Awaiting our answer").
            const waiting = r.status === 'spam' || r.status === 'archived' ? null : r.awaitingSince;
            return (
              <tr key={`${r.kind}:${r.id}`} className="hover:bg-muted/60 focus-within:bg-brand-soft max-md:grid max-md:grid-cols-[1.75rem_1fr] max-md:px-4 max-md:py-3">
                <td className="px-3 py-3 align-top text-sm max-md:col-start-1 max-md:row-span-6 max-md:p-0 max-md:pt-0.5">
                  <input
                    type="checkbox"
                    name="lead"
                    value={`${r.kind}:${r.id}`}
                    aria-label={`Select ${kindByKind[r.kind].shortLabel} lead from ${who}`}
                    className="mt-0.5 size-4 accent-violet-700"
                  />
                </td>
                <td className={`${td} whitespace-nowrap text-muted-foreground max-md:order-4`}>{formatDateTime(r.createdAt)}</td>
                <td className={`${td} whitespace-nowrap max-md:order-3 max-md:font-medium`}>
                  {kindByKind[r.kind].shortLabel}
                  {r.kind === 'newsletter' && r.summary ? <div className="text-xs font-normal text-muted-foreground">{subscriptionLabel[r.summary] ?? r.summary}</div> : null}
                  {r.attribution.source || r.attribution.campaign ? (
                    <div className="max-w-40 truncate text-xs font-normal text-muted-foreground" title={[r.attribution.source, r.attribution.campaign].filter(Boolean).join(' / ')}>
                      via {[r.attribution.source, r.attribution.campaign].filter(Boolean).join(' / ')}
                    </div>
                  ) : null}
                </td>
                <td className={`${td} max-md:order-1 md:max-w-72`}>
                  <Link href={href} data-lead-link="" className="font-medium break-words text-foreground underline-offset-2 hover:text-brand-strong hover:underline">
                    {r.name || r.email}
                  </Link>
                  {r.name ? <div className="break-all text-muted-foreground">{r.email}</div> : null}
                  {r.unreadReplies || waiting ? (
                    <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
                      <UnreadMark count={r.unreadReplies} />
                      <WaitingMark since={waiting} />
                    </div>
                  ) : null}
                </td>
                <td className={`${td} break-words max-md:order-5 md:max-w-56 ${r.company ? '' : 'max-md:hidden'}`}>
                  <span className={label}>Company: </span>
                  {r.company ?? <span className="text-muted-foreground">—</span>}
                </td>
                <td className={`${td} max-md:order-2 max-md:pb-1`}>
                  <StatusBadge status={r.status} />
                  <div className="mt-1 empty:hidden">
                    <DueCell dueAt={r.dueAt} answeredAt={r.answeredAt} createdAt={r.createdAt} status={r.status} now={now} />
                  </div>
                  {r.overdue ? <span className="ml-1.5 inline-flex rounded-full bg-danger-soft px-2 py-0.5 text-xs font-semibold text-danger">Overdue</span> : null}
                  {r.held ? (
                    <div className="mt-1 max-w-56 text-xs text-muted-foreground">
                      {r.held.verdict === 'held' ? 'Held for review: ' : 'Held: '}
                      {r.held.reasons.map((reason) => spamReasonText[reason]).join('; ')}
                    </div>
                  ) : null}
                </td>
                <td className={`${td} whitespace-nowrap max-md:order-6`}>
                  <span className={label}>Owner: </span>
                  {r.ownerName ?? <span className="text-muted-foreground">Unassigned</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
