import { Link } from '@/components/ui/link';
import { Download, Trash2 } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import type { AuditEntry } from '@/lib/staff/data-requests';
import { formatDateTime } from '@/lib/staff/format';
import { cn } from '@/lib/utils';
import { ActionForm, ActionMessage, SubmitButton } from './action-form';

const actionLabel: Record<string, string> = { export: 'Data export downloaded', completed: 'Marked as done', erasure: 'Data erased' };

/** Admin tools of a data request: the person's data as JSON, mark done, erase everything. */
export function DataRequestPanel({ requestId, email, audit }: { requestId: string; email: string; audit: AuditEntry[] }) {
  const done = audit.some((a) => a.action === 'completed');
  return (
    <div className="space-y-5 text-sm">
      <div>
        <p className="text-muted-foreground">Every row stored with {email}, across all lead tables, as JSON.</p>
        <a href={`/staff/data-requests/${requestId}/export`} download className={cn(buttonVariants({ variant: 'secondary', size: 'sm' }), 'mt-2')}>
          <Download aria-hidden />
          Download data export
        </a>
      </div>
      <ActionForm action="markDataRequestDone" aria-label="Mark request done">
        <input type="hidden" name="request" value={requestId} />
        {done ? <p className="mb-2 font-medium text-success">This request is marked as done.</p> : null}
        <SubmitButton size="sm" variant="secondary">
          {done ? 'Mark done again' : 'Mark request as done'}
        </SubmitButton>
        <ActionMessage className="mt-1.5" />
      </ActionForm>
      <ActionForm action="eraseDataRequest" aria-label="Erase this person's data" className="rounded-xl border border-red-200 bg-danger-soft p-4">
        <input type="hidden" name="request" value={requestId} />
        <h3 className="font-semibold text-red-900">Erase this person&apos;s data</h3>
        <p className="mt-1 text-red-900">
          Deletes every lead with {email} (this request included), with their notes and history, at once and for good. An audit entry
          without personal data is kept.
        </p>
        <label className="mt-3 flex items-start gap-2 text-red-900">
          <input type="checkbox" name="confirm" value="yes" required className="mt-1 size-4 accent-red-700" />
          <span>I understand that this cannot be undone.</span>
        </label>
        <SubmitButton size="sm" className="mt-3 bg-none bg-red-700 hover:bg-red-800" pendingLabel="Erasing...">
          <Trash2 aria-hidden />
          Erase all data
        </SubmitButton>
        <ActionMessage className="mt-1.5" />
      </ActionForm>
      {audit.length ? (
        <div>
          <h3 className="font-semibold">Audit trail</h3>
          <ul className="mt-2 space-y-1 text-muted-foreground">
            {audit.map((a) => (
              <li key={a.id}>
                {actionLabel[a.action] ?? a.action} by {a.by ?? 'a former staff member'}, {formatDateTime(a.at)}
              </li>
            ))}
          </ul>
          <Link href={`/staff/data-requests/${requestId}`} className="mt-1 inline-block text-brand-strong underline underline-offset-2">
            Audit page
          </Link>
        </div>
      ) : null}
    </div>
  );
}
