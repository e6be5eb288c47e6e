import { Link } from '@/components/ui/link';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { Panel } from '@/components/staff/panel';
import type { auditOf, getDataRequest } from '@/lib/staff/data-requests';
import { formatDateTime } from '@/lib/staff/format';

import { auditActionLabel as actionLabel } from '@/components/staff/data-request-panel';
const tableLabel: Record<string, string> = {
  partner_applications: 'Partner applications',
  affiliate_applications: 'Affiliate applications',
  agency_enquiries: 'Agency enquiries',
  contact_messages: 'Contact messages',
  newsletter_subscriptions: 'Newsletter subscriptions',
  data_requests: 'Data requests',
  lead_notes: 'Staff notes',
  lead_triage: 'Triage records',
  lead_messages: 'Emails of their threads',
  unmatched_messages: 'Unmatched emails from the address',
};

/** The audit trail of one data request: what was done, by whom, when; no personal data (the route has checked the role and the id). */
export function DataRequestAuditPage({
  id,
  audit,
  request,
}: {
  id: string;
  audit: Awaited<ReturnType<typeof auditOf>>;
  request: Awaited<ReturnType<typeof getDataRequest>>;
}) {
  const erasure = audit.find((a) => a.action === 'erasure');
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link href="/staff" className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-muted-foreground hover:text-foreground">
        <ArrowLeft aria-hidden className="size-4" />
        Back to the inbox
      </Link>
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Data request audit</h1>
        <p className="mt-1 font-mono text-xs break-all text-muted-foreground">Request {id}</p>
      </div>
      {erasure ? (
        <div role="status" className="flex gap-3 rounded-2xl border border-green-200 bg-success-soft p-5 text-green-900">
          <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
          <div>
            <p className="font-semibold">Erasure complete: the request is done</p>
            <p className="mt-1 text-sm">
              {Object.entries(erasure.rowCounts ?? {}).reduce((n, [, c]) => n + c, 0)} rows deleted by {erasure.by ?? 'a former staff member'} on{' '}
              {formatDateTime(erasure.at)}.
            </p>
            <ul className="mt-2 grid gap-x-6 text-sm sm:grid-cols-2">
              {Object.entries(erasure.rowCounts ?? {}).map(([table, count]) => (
                <li key={table}>
                  {tableLabel[table] ?? table}: {count}
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : request ? (
        <p className="text-sm">
          This request is open.{' '}
          <Link href={`/staff/leads/data_request/${id}`} className="font-medium text-brand-strong underline underline-offset-2">
            Open the request
          </Link>
        </p>
      ) : null}
      <Panel title="Audit trail">
        {audit.length ? (
          <ol className="space-y-2 text-sm">
            {audit.map((a) => (
              <li key={a.id}>
                <span className="font-medium">{actionLabel[a.action] ?? a.action}</span>
                {a.action === 'verified' ? '' : ` by ${a.by ?? 'a former staff member'}`},{' '}
                <span className="text-muted-foreground">{formatDateTime(a.at)}</span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted-foreground">Nothing done yet.</p>
        )}
      </Panel>
    </div>
  );
}
