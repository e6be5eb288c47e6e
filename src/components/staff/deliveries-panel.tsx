import { Hash, Mail, MailCheck, MailPlus, Reply, Webhook } from 'lucide-react';
import { formatDateTime } from '@/lib/staff/format';
import type { Delivery } from '@/lib/notify/deliveries';
import { cn } from '@/lib/utils';
import { ActionForm, SubmitButton, usePostedAction } from './action-form';
import type { ActionResult } from '@/lib/staff/action-state';

const tone: Record<Delivery['status'], string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-200',
  sent: 'bg-success-soft text-green-800 ring-green-200',
  failed: 'bg-danger-soft text-red-800 ring-red-200',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-200',
  limited: 'bg-orange-50 text-orange-900 ring-orange-300',
};
const label: Record<Delivery['status'], string> = { pending: 'Pending', sent: 'Sent', failed: 'Failed', cancelled: 'Cancelled', limited: 'Not sent' };
/** Each channel's name and icon (this panel and the lead's timeline). */
export const deliveryChannels: Record<Delivery['channel'], { name: string; Icon: typeof Mail }> = {
  email: { name: 'Email to staff', Icon: Mail },
  webhook: { name: 'Webhook', Icon: Webhook },
  ack: { name: 'Acknowledgement to the sender', Icon: MailCheck },
  confirm: { name: 'Confirmation link to the subscriber', Icon: MailPlus },
  reply: { name: 'Reply to the lead', Icon: Reply },
  slack: { name: 'Slack message', Icon: Hash },
};

/** A delivery's state as a small coloured label (Pending, Sent, Failed, Cancelled, Not sent). */
export function DeliveryBadge({ status }: { status: Delivery['status'] }) {
  return <span className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset', tone[status])}>{label[status]}</span>;
}

/** How far a delivery got: its attempts, when it was sent or is tried next, and its last error. */
export function DeliveryProgress({ delivery: d }: { delivery: Pick<Delivery, 'status' | 'attempts' | 'sentAt' | 'nextAttemptAt' | 'lastError'> }) {
  return (
    <>
      <p className="mt-1 text-xs text-muted-foreground">
        {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'}
        {d.sentAt ? ` · sent ${formatDateTime(d.sentAt)}` : d.status === 'pending' ? ` · next try ${formatDateTime(d.nextAttemptAt)}` : ''}
      </p>
      {d.lastError && d.status !== 'sent' ? <p className="mt-1 text-xs break-words text-red-800">Last error: {d.lastError}</p> : null}
    </>
  );
}

/**
 * The answer of a re-send of delivery `id`: a success is a polite status; a refusal an alert that takes the
 * focus when the page comes back with it (a full page load), so that it is read out and seen at once.
 */
function ResendMessage({ id }: { id: string }) {
  const posted = usePostedAction('resendNotification', id);
  const state = posted?.result as ActionResult | undefined;
  if (state?.status === 'error' && state.message) {
    return (
      <p role="alert" tabIndex={-1} autoFocus className="basis-full text-xs font-medium text-danger focus:outline-2 focus:outline-offset-2 focus:outline-danger">
        {state.message}
      </p>
    );
  }
  return (
    <p role="status" className="text-xs font-medium text-success empty:hidden">
      {state?.message ? <span key={state.at}>{state.message}</span> : null}
    </p>
  );
}

/**
 * The lead's notifications (to staff by email, webhook or Slack, to the sender) with their outcome, and a re-send
 * for each. An email a limit kept back says so ("Not sent", with the limit) and offers to send it again.
 */
export function DeliveriesPanel({ deliveries, back }: { deliveries: Delivery[]; back: string }) {
  if (!deliveries.length) return <p className="text-sm text-muted-foreground">No notifications for this lead (none configured when it arrived, or it was caught as spam).</p>;
  return (
    <ul className="space-y-3">
      {deliveries.map((d) => {
        const { name, Icon } = deliveryChannels[d.channel];
        const limited = d.status === 'limited';
        const action = limited ? 'Send again' : 'Re-send';
        return (
          <li key={d.id} className={cn('rounded-xl border p-3 text-sm', limited ? 'border-orange-300 bg-orange-50/40' : 'border-border')}>
            <div className="flex items-center justify-between gap-2">
              <span className="inline-flex items-center gap-1.5 font-medium">
                <Icon aria-hidden className="size-4 text-muted-foreground" />
                {name}
              </span>
              <DeliveryBadge status={d.status} />
            </div>
            {limited ? (
              <>
                <p className="mt-1 text-xs break-words text-orange-950">{d.lastError ?? 'Not sent: a limit on emails to visitors kept it back.'} Nobody was emailed.</p>
                <p className="mt-0.5 text-xs text-muted-foreground">Recorded {formatDateTime(d.createdAt)}</p>
              </>
            ) : (
              <DeliveryProgress delivery={d} />
            )}
            <ActionForm action="resendNotification" resultKey={d.id} aria-label={`${action}: ${name}`} className="mt-2 flex flex-wrap items-center gap-2">
              <input type="hidden" name="delivery" value={d.id} />
              <input type="hidden" name="back" value={back} />
              <SubmitButton size="sm" variant={limited ? 'primary' : 'secondary'} className="h-8" pendingLabel="Queueing...">
                {action}
                <span className="sr-only">: {name}</span>
              </SubmitButton>
              <ResendMessage id={d.id} />
            </ActionForm>
          </li>
        );
      })}
    </ul>
  );
}
