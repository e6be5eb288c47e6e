import { Inbox, Info, Paperclip, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import type { InMessage, OutMessage } from '@/lib/conversations/timeline';
import { formatDateTime } from '@/lib/staff/format';
import { cn } from '@/lib/utils';
import type { ActionResult } from '@/lib/staff/action-state';
import { ActionForm, SubmitButton, usePostedAction } from './action-form';
import { DeliveryBadge } from './deliveries-panel';

export const Time = ({ at }: { at: Date }) => (
  <time dateTime={at.toISOString()} className="text-xs whitespace-nowrap text-muted-foreground">
    {formatDateTime(at)}
  </time>
);

/** An event's icon on the timeline's line. */
export const Dot = ({ tone, children }: { tone: string; children: ReactNode }) => (
  <span aria-hidden className={cn('relative z-10 flex size-7 shrink-0 items-center justify-center rounded-full ring-4 ring-white [&>svg]:size-3.5', tone)}>
    {children}
  </span>
);

const pill = 'rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset';
const anywhere = '[overflow-wrap:anywhere]';

export const formatBytes = (n: number) => (n < 1024 ? `${n} bytes` : n < 1024 * 1024 ? `${Math.round(n / 1024)} kB` : `${(n / (1024 * 1024)).toFixed(1)} MB`);

/** An email's card: who and when in its band, then its subject and text. */
function Card({ tone, title, marks, at, children }: { tone: 'in' | 'out'; title: ReactNode; marks?: ReactNode; at: Date; children: ReactNode }) {
  return (
    <article className={cn('min-w-0 flex-1 overflow-hidden rounded-xl border bg-white', tone === 'in' ? 'border-sky-200' : 'border-violet-200')}>
      <header className={cn('flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 border-b px-3 py-2', tone === 'in' ? 'border-sky-100 bg-sky-50' : 'border-violet-100 bg-brand-soft')}>
        <h3 className={cn('min-w-0 text-sm', anywhere)}>{title}</h3>
        <span className="flex flex-wrap items-center gap-2">
          {marks}
          <Time at={at} />
        </span>
      </header>
      <div className="space-y-2.5 px-3 py-2.5">{children}</div>
    </article>
  );
}

const Subject = ({ to, subject }: { to?: string; subject: string }) => (
  <p className={cn('text-xs text-muted-foreground', anywhere)}>
    {to ? <>To {to} · </> : null}
    Subject: <span className="font-medium text-foreground">{subject || '(no subject)'}</span>
  </p>
);

const Body = ({ text }: { text: string }) => <p className={cn('text-sm whitespace-pre-wrap', anywhere)}>{text}</p>;

/** An email from the lead: the text with quoted history trimmed, the whole of it and its source on request. */
export function InMessageCard({ message: m, owner }: { message: InMessage; owner: string | null }) {
  const marks = m.fresh ? (
    <span className={cn(pill, 'bg-brand text-white ring-brand')}>New</span>
  ) : m.unread ? (
    <span className={cn(pill, 'bg-slate-100 text-slate-700 ring-slate-200')}>{owner ? `Unread by ${owner}` : 'Unread'}</span>
  ) : null;
  return (
    <>
      <Dot tone="bg-sky-100 text-sky-800">
        <Inbox />
      </Dot>
      <Card
        tone="in"
        at={m.at}
        marks={marks}
        title={
          <>
            Email from <span className="font-semibold">{m.fromName ?? m.from}</span>
            {m.fromName ? <span className="text-muted-foreground"> &lt;{m.from}&gt;</span> : null}
          </>
        }
      >
        <Subject to={m.to} subject={m.subject} />
        <Body text={m.shown} />
        {m.trimmed ? (
          <details className="rounded-lg border border-border">
            <summary className="cursor-pointer rounded-lg px-3 py-1.5 text-sm font-medium text-brand-strong">Show the whole message</summary>
            <p className={cn('border-t border-border px-3 py-2 text-sm whitespace-pre-wrap', anywhere)}>{m.whole}</p>
          </details>
        ) : null}
        {m.notices.length ? (
          <ul className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-950">
            {m.notices.map((n) => (
              <li key={n} className="flex gap-1.5">
                <Info aria-hidden className="mt-px size-3.5 shrink-0" />
                {n}
              </li>
            ))}
          </ul>
        ) : null}
        {m.attachments.length ? (
          <div className="text-xs">
            <p className="text-muted-foreground">Attachments (listed only, not kept):</p>
            <ul className="mt-1 space-y-0.5">
              {m.attachments.map((a, i) => (
                <li key={i} className={cn('flex gap-1.5', anywhere)}>
                  <Paperclip aria-hidden className="mt-px size-3.5 shrink-0 text-muted-foreground" />
                  <span>
                    <span className="font-medium">{a.filename ?? 'Unnamed attachment'}</span> · {a.contentType} · {formatBytes(a.size)}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {m.hasOriginal ? (
          <a href={`/staff/messages/${m.id}/original`} className="inline-block text-xs font-medium text-brand-strong underline underline-offset-2">
            View the original<span className="sr-only"> of the email of {formatDateTime(m.at)}</span>
          </a>
        ) : null}
      </Card>
    </>
  );
}

/** Where a reply stands, in words (next to its pill). */
function deliveryText({ delivery: d, at }: OutMessage): { text: string; failed?: boolean } | null {
  if (!d) return { text: 'Its delivery record is no longer kept.' };
  const attempts = `${d.attempts} ${d.attempts === 1 ? 'attempt' : 'attempts'}`;
  switch (d.status) {
    case 'sent':
      // Said only when it went out later than it was written (after retries): the pill says the rest.
      return d.sentAt && d.sentAt.getTime() - at.getTime() > 60_000 ? { text: `Sent ${formatDateTime(d.sentAt)}, after ${attempts}.` } : null;
    case 'pending':
      return { text: `Waiting to be sent (${attempts} so far; next try ${formatDateTime(d.nextAttemptAt)})${d.lastError ? `. Last error: ${d.lastError}` : '.'}` };
    case 'failed':
      return { text: `Not delivered after ${attempts}: ${d.lastError ?? 'no reason was recorded.'}`, failed: true };
    case 'cancelled':
      return { text: `Cancelled before it was sent${d.lastError ? `: ${d.lastError}` : '.'}` };
    case 'limited':
      return { text: d.lastError ?? 'Not sent: a limit on emails kept it back.', failed: true };
  }
}

/** A reply staff sent from the lead's page, with where it stands in the outbox. */
export function OutMessageCard({ message: m }: { message: OutMessage }) {
  const state = deliveryText(m);
  return (
    <>
      <Dot tone="bg-brand-soft text-brand-strong">
        <Send />
      </Dot>
      <Card
        tone="out"
        at={m.at}
        marks={m.delivery ? <DeliveryBadge status={m.delivery.status} /> : null}
        title={
          <>
            Reply by <span className="font-semibold">{m.author ?? 'a former staff member'}</span>
            <span className="text-muted-foreground"> to {m.to}</span>
          </>
        }
      >
        <Subject subject={m.subject} />
        <Body text={m.text} />
        {state ? <p className={cn('text-xs', state.failed ? 'font-medium text-red-800' : 'text-muted-foreground', anywhere)}>{state.text}</p> : null}
        {m.delivery && (m.delivery.status === 'failed' || m.delivery.status === 'cancelled') ? <SendAgain message={m} delivery={m.delivery.id} /> : null}
      </Card>
    </>
  );
}

/** "Send again" for a reply that did not go: the same message, with the same Message-ID (lib/notify/deliveries.ts). */
function SendAgain({ message: m, delivery }: { message: OutMessage; delivery: string }) {
  const key = `reply-${m.id}`;
  const answer = usePostedAction('resendNotification', key)?.result as ActionResult | undefined;
  return (
    <ActionForm action="resendNotification" resultKey={key} aria-label={`Send again: the reply of ${formatDateTime(m.at)}`} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="delivery" value={delivery} />
      <SubmitButton size="sm" variant="secondary" className="h-8" pendingLabel="Queueing...">
        Send again<span className="sr-only">: the reply of {formatDateTime(m.at)}</span>
      </SubmitButton>
      <p role="status" className={cn('text-xs font-medium empty:hidden', answer?.status === 'error' ? 'text-danger' : 'text-success')}>
        {answer?.message ? <span key={answer.at}>{answer.message}</span> : null}
      </p>
    </ActionForm>
  );
}
