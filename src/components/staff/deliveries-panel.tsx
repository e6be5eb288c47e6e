import { Mail, MailCheck, MailPlus, Webhook } from 'lucide-react';
import { formatDateTime } from '@/lib/staff/format';
import type { Delivery } from '@/lib/notify/deliveries';
import { cn } from '@/lib/utils';
import { ActionForm, ActionMessage, SubmitButton } from './action-form';

const tone: Record<Delivery['status'], string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-200',
  sent: 'bg-success-soft text-green-800 ring-green-200',
  failed: 'bg-danger-soft text-red-800 ring-red-200',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-200',
};
const label: Record<Delivery['status'], string> = { pending: 'Pending', sent: 'Sent', failed: 'Failed', cancelled: 'Cancelled' };
const channels: Record<Delivery['channel'], { name: string; Icon: typeof Mail }> = {
  email: { name: 'Email to staff', Icon: Mail },
  webhook: { name: 'Webhook', Icon: Webhook },
  ack: { name: 'Acknowledgement to the sender', Icon: MailCheck },
  confirm: { name: 'Confirmation link to the subscriber', Icon: MailPlus },
};

/** The lead's notifications (to staff by email or webhook, to the sender) with their outcome, and a re-send for each. */
export function DeliveriesPanel({ deliveries, back }: { deliveries: Delivery[]; back: string }) {
  if (!deliveries.length) return <p className="text-sm text-muted-foreground">No notifications for this lead (none configured when it arrived, or it was caught as spam).</p>;
  return (
    <ul className="space-y-3">
      {deliveries.map((d) => {
        const { name, Icon } = channels[d.channel];
        return (
          <li key={d.id} className="rounded-xl border border-border p-3 text-sm">
            <div className="flex items-center justify-between gap-2">
              <span className="inline-flex items-center gap-1.5 font-medium">
                <Icon aria-hidden className="size-4 text-muted-foreground" />
                {name}
              </span>
              <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset', tone[d.status])}>{label[d.status]}</span>
            </div>
            <p className="mt-1 text-xs text-muted-foreground">
              {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'}
              {d.sentAt ? ` · sent ${formatDateTime(d.sentAt)}` : d.status === 'pending' ? ` · next try ${formatDateTime(d.nextAttemptAt)}` : ''}
            </p>
            {d.lastError && d.status !== 'sent' ? <p className="mt-1 text-xs break-words text-red-800">Last error: {d.lastError}</p> : null}
            <ActionForm action="resendNotification" resultKey={d.id} aria-label={`Re-send: ${name}`} className="mt-2 flex flex-wrap items-center gap-2">
              <input type="hidden" name="delivery" value={d.id} />
              <input type="hidden" name="back" value={back} />
              <SubmitButton size="sm" variant="secondary" className="h-8" pendingLabel="Queueing...">
                Re-send<span className="sr-only">: {name}</span>
              </SubmitButton>
              <ActionMessage className="text-xs" />
            </ActionForm>
          </li>
        );
      })}
    </ul>
  );
}
