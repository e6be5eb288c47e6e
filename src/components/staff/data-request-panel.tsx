import { Link } from '@/components/ui/link';
import { CalendarClock, Download, ShieldAlert, ShieldCheck, Trash2 } from 'lucide-react';
import { Label } from '@/components/ui/label';
import { buttonVariants } from '@/components/ui/button';
import type { AuditEntry, DataRequest } from '@/lib/staff/data-requests';
import type { Delivery } from '@/lib/notify/deliveries';
import { formatDate, formatDateTime } from '@/lib/staff/format';
import { cn } from '@/lib/utils';
import { ActionForm, ActionMessage, KeptTextarea, SubmitButton } from './action-form';

/** What each audit entry says (the panel and the audit page). */
export const auditActionLabel: Record<string, string> = {
  export: 'Data export downloaded',
  completed: 'Marked as done',
  erasure: 'Data erased',
  verified: 'Confirmed by the requester (emailed link)',
  'identity-check': 'Identity check recorded',
  extension: 'Deadline extended',
};

/** Where the email with the verification link stands: sent (once is enough), else its latest delivery (the acknowledgement), or none. */
export type LinkEmail = Delivery['status'] | 'none';

export function linkEmailOf(deliveries: Delivery[]): LinkEmail {
  const emails = deliveries.filter((d) => d.channel === 'ack');
  return emails.some((d) => d.status === 'sent') ? 'sent' : (emails[0]?.status ?? 'none');
}

/** What the "not verified" notice says of the link, true to what was sent. */
const linkSays: Record<LinkEmail, string> = {
  sent: 'from the link we emailed.',
  pending: 'yet: the email with the link is waiting to be sent.',
  limited: 'yet: the email with the link was not sent, as a limit on emails to visitors kept it back; send it again under Notifications.',
  failed: 'yet: the email with the link could not be delivered.',
  cancelled: 'yet: the email with the link was cancelled before it was sent.',
  none: 'yet: no email with a link was sent for it.',
};

/** Whether the requester is verified, and by when the reply is due (overdue stands out). */
function CheckAndDeadline({ request, done, link }: { request: DataRequest; done: boolean; link: LinkEmail }) {
  const { overdueDays } = request;
  return (
    <div className="space-y-3">
      {request.verified ? (
        <p className="flex items-start gap-2 text-success">
          <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            {request.verified.via === 'link'
              ? `Verified: the requester confirmed it from the emailed link, ${formatDateTime(request.verified.at)}.`
              : `Verified by an identity check ${request.verified.by ? `that ${request.verified.by} recorded` : 'recorded'}, ${formatDateTime(request.verified.at)}: ${request.verified.note ?? ''}`}
          </span>
        </p>
      ) : (
        <p role="status" className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
          <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            Not verified: the requester has not confirmed the request {linkSays[link]} Export, erasure and completion are refused until
            then, or until you record an identity check made another way.
          </span>
        </p>
      )}
      <p className={cn('flex items-start gap-2', !done && overdueDays > 0 ? 'font-semibold text-danger' : 'text-muted-foreground')}>
        <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          Reply due by {formatDate(request.dueBy)}
          {request.extension ? ` (extended: ${request.extension.reason})` : ''}
          {!done && overdueDays > 0 ? ` · Overdue by ${overdueDays} day${overdueDays === 1 ? '' : 's'}` : ''}
        </span>
      </p>
    </div>
  );
}

/** Admin tools of a data request: its check and deadline, the person's data as JSON, mark done, erase everything. */
export function DataRequestPanel({
  requestId,
  email,
  audit,
  request,
  link = 'sent',
}: {
  requestId: string;
  email: string;
  audit: AuditEntry[];
  request: DataRequest | null;
  /** Where the email with the verification link stands (linkEmailOf the lead's deliveries). */
  link?: LinkEmail;
}) {
  const done = audit.some((a) => a.action === 'completed');
  return (
    <div className="space-y-5 text-sm">
      {request ? <CheckAndDeadline request={request} done={done} link={link} /> : null}
      {request && !request.verified ? (
        <ActionForm action="recordDataRequestCheck" aria-label="Record an identity check">
          <input type="hidden" name="request" value={requestId} />
          <Label htmlFor="identity-check-note">Identity checked another way</Label>
          <KeptTextarea id="identity-check-note" name="note" rows={2} maxLength={1000} placeholder="How you checked, e.g. a reply from the address to our email of 3 March" className="min-h-16 text-sm" />
          <SubmitButton size="sm" variant="secondary" className="mt-2">
            Record identity check
          </SubmitButton>
          <ActionMessage className="mt-1.5" />
        </ActionForm>
      ) : null}
      {request && !request.extension && !done ? (
        <ActionForm action="extendDataRequest" aria-label="Extend the deadline">
          <input type="hidden" name="request" value={requestId} />
          <Label htmlFor="extension-reason">Extend the deadline by two months</Label>
          <KeptTextarea id="extension-reason" name="reason" rows={2} maxLength={1000} placeholder="The reason, as you tell the requester (complex or many requests)" className="min-h-16 text-sm" />
          <SubmitButton size="sm" variant="secondary" className="mt-2">
            Extend deadline
          </SubmitButton>
          <ActionMessage className="mt-1.5" />
        </ActionForm>
      ) : null}
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
          Deletes every lead with {email} (this request included), with their notes, history and emails, and the emails from that
          address that matched no lead, at once and for good. An audit entry
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
                {auditActionLabel[a.action] ?? a.action}
                {a.action === 'verified' ? '' : ` by ${a.by ?? 'a former staff member'}`}, {formatDateTime(a.at)}
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
