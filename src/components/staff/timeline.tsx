import { ArrowRightLeft, Ellipsis, FileInput, ShieldAlert, ShieldCheck, StickyNote, UserCog, ClipboardList } from 'lucide-react';
import type { ReactNode } from 'react';
import { timelineShown, type TimelineEvent } from '@/lib/conversations/timeline';
import { spamReasonText } from '@/lib/spam/reasons';
import { formatDateTime } from '@/lib/staff/format';
import { statusLabel } from '@/lib/staff/lead-kinds';
import { cn } from '@/lib/utils';
import { auditActionLabel } from './data-request-panel';
import { DeliveryBadge, deliveryChannels } from './deliveries-panel';
import { Dot, InMessageCard, OutMessageCard, Time } from './timeline-message';

const former = 'A former staff member';

/** A small event: an icon on the line, a sentence, its time. */
function Line({ icon, tone = 'bg-slate-100 text-slate-600', children, at, more }: { icon: ReactNode; tone?: string; children: ReactNode; at: Date; more?: ReactNode }) {
  return (
    <>
      <Dot tone={tone}>{icon}</Dot>
      <div className="min-w-0 flex-1 pt-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
          <p className="text-sm break-words">{children}</p>
          <Time at={at} />
        </div>
        {more}
      </div>
    </>
  );
}

const Who = ({ name }: { name: string | null }) => <span className="font-medium">{name ?? former}</span>;

function Event({ event, owner }: { event: TimelineEvent; owner: string | null }) {
  switch (event.type) {
    case 'received':
      return (
        <>
          <Dot tone="bg-brand-soft text-brand-strong">
            <FileInput />
          </Dot>
          <div className="min-w-0 flex-1 pt-1">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
              <h3 className="text-sm font-semibold">{event.label} received</h3>
              <Time at={event.at} />
            </div>
            {event.texts.map((t) => (
              <div key={t.label} className="mt-2 rounded-xl border border-border bg-muted p-3">
                <p className="text-xs font-medium text-muted-foreground">{t.label}</p>
                <p className="mt-1 text-sm break-words whitespace-pre-wrap">{t.text}</p>
              </div>
            ))}
          </div>
        </>
      );
    case 'message':
      return event.message.direction === 'in' ? <InMessageCard message={event.message} owner={owner} /> : <OutMessageCard message={event.message} />;
    case 'status':
      return (
        <Line icon={<ArrowRightLeft />} at={event.at}>
          {event.from === event.to ? (
            <>
              <Who name={event.by} /> answered the lead elsewhere (phone, own mailbox)
            </>
          ) : (
            <>
              <Who name={event.by} /> changed the status: {statusLabel[event.from]} → <span className="font-semibold">{statusLabel[event.to]}</span>
              {event.answered ? ', answered elsewhere (phone, own mailbox)' : null}
            </>
          )}
        </Line>
      );
    case 'owner':
      return (
        <Line icon={<UserCog />} at={event.at}>
          {event.to ? (
            <>
              Assigned to <span className="font-semibold">{event.to}</span> by {event.byRule ? 'the assignment rule' : <Who name={event.by} />}
            </>
          ) : (
            <>
              <Who name={event.by} /> removed the owner{event.from ? ` (${event.from})` : ''}
            </>
          )}
        </Line>
      );
    case 'note':
      return (
        <>
          <Dot tone="bg-amber-100 text-amber-800">
            <StickyNote />
          </Dot>
          <div className="min-w-0 flex-1 rounded-xl border border-amber-200 bg-amber-50/60 p-3">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
              <p className="text-sm">
                Note by <Who name={event.by} />
              </p>
              <Time at={event.at} />
            </div>
            <p className="mt-1.5 text-sm break-words whitespace-pre-wrap">{event.body}</p>
          </div>
        </>
      );
    case 'delivery': {
      const { name, Icon } = deliveryChannels[event.channel];
      return (
        <Line
          icon={<Icon />}
          at={event.at}
          more={
            event.status !== 'sent' && event.lastError ? <p className={cn('mt-0.5 text-xs break-words', event.status === 'failed' ? 'text-red-800' : 'text-muted-foreground')}>{event.lastError}</p> : null
          }
        >
          {name}{' '}
          <DeliveryBadge status={event.status} />
          {event.sentAt && event.sentAt.getTime() - event.at.getTime() > 60_000 ? <span className="text-muted-foreground"> · sent {formatDateTime(event.sentAt)}</span> : null}
        </Line>
      );
    }
    case 'screening':
      return (
        <Line
          icon={<ShieldAlert />}
          tone="bg-danger-soft text-red-800"
          at={event.at}
          more={
            <ul className="mt-1 list-disc pl-5 text-xs text-muted-foreground">
              {event.reasons.map((r) => (
                <li key={r}>{spamReasonText[r]}</li>
              ))}
            </ul>
          }
        >
          {event.verdict === 'held' ? 'Held for review by the spam screening' : 'Held as spam by the spam screening'}: nothing was sent about it.
        </Line>
      );
    case 'released':
      return (
        <Line icon={<ShieldCheck />} tone="bg-success-soft text-green-800" at={event.at}>
          Marked not spam by <Who name={event.by} />; what was held was sent.
        </Line>
      );
    case 'audit':
      return (
        <Line icon={<ClipboardList />} at={event.at}>
          {auditActionLabel[event.action] ?? event.action} by <Who name={event.by} />
        </Line>
      );
  }
}

const link = 'font-medium text-brand-strong underline underline-offset-2';

/**
 * Everything that happened to a lead, oldest first, as a mail client reads a thread: the form post at the
 * top, the latest event last, right above the forms that answer it (reply, note). A long one shows the form
 * post and the newest events, with a link to the `earlier` ones (`?timeline=all`). `owner`: the lead's owner,
 * for a reply they have not read yet; `path`: the lead page's address.
 */
export function Timeline({ events, earlier, fresh, owner, path }: { events: TimelineEvent[]; earlier: number; fresh: number; owner: string | null; path: string }) {
  const firstFresh = events.find((e) => e.type === 'message' && e.message.direction === 'in' && e.message.fresh);
  const last = events[events.length - 1];
  const [first, ...rest] = events;
  const all = `${path}?timeline=all#panel-timeline`;
  const item = (e: TimelineEvent) => (
    <li key={`${e.type}-${e.id}`} id={`event-${e.id}`} className="relative flex scroll-mt-4 gap-3">
      <Event event={e} owner={owner} />
    </li>
  );
  return (
    <div className="space-y-4">
      {fresh || events.length > 6 ? (
        <p className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 text-sm', fresh ? 'rounded-lg bg-brand-soft px-3 py-2' : '')}>
          {fresh ? (
            <span>
              <span className="font-semibold">{fresh === 1 ? '1 new email' : `${fresh} new emails`}</span> from the lead since it was last opened, marked New.{' '}
              {firstFresh ? (
                <a href={`#event-${firstFresh.id}`} className={link}>
                  Go to the first
                </a>
              ) : null}
            </span>
          ) : null}
          {events.length > 6 && last ? (
            <a href={`#event-${last.id}`} className={link}>
              Go to the latest
            </a>
          ) : null}
        </p>
      ) : null}
      <ol className="relative space-y-5 before:absolute before:top-3 before:bottom-3 before:left-3.5 before:w-px before:-translate-x-1/2 before:bg-border">
        {first ? item(first) : null}
        {earlier > 0 ? (
          <li className="relative flex gap-3">
            <Dot tone="bg-slate-100 text-slate-600">
              <Ellipsis />
            </Dot>
            <p className="pt-1 text-sm">
              <a href={all} className={link}>
                {earlier === 1 ? 'Show the earlier event' : `Show the ${earlier.toLocaleString('en-GB')} earlier events`}
              </a>{' '}
              <span className="text-muted-foreground">{`(the newest ${rest.length.toLocaleString('en-GB')} are below)`}</span>
            </p>
          </li>
        ) : null}
        {rest.map(item)}
      </ol>
      {earlier === 0 && rest.length > timelineShown ? (
        <p className="text-sm">
          <a href={`${path}#panel-timeline`} className={link}>
            {`Show only the newest ${timelineShown}`}
          </a>
        </p>
      ) : null}
    </div>
  );
}
