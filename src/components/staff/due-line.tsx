import { AlarmClock } from 'lucide-react';
import { cn } from '@/lib/utils';
import { clockState, dueInZone, type ClockTone } from '@/lib/speed/due-text';
import type { LeadClock } from '@/lib/speed/lead-clock';

/** The tone's colours (text on white, AA contrast). */
const toneClass: Record<ClockTone, string> = {
  overdue: 'text-red-800 font-semibold',
  soon: 'text-amber-800 font-semibold',
  due: 'text-foreground',
  answered: 'text-emerald-800',
  late: 'text-amber-800',
  closed: 'text-muted-foreground',
};

/** "First answer due Mon 30 Nov 17:00 (Europe/Berlin) · overdue by 3 h" under a lead's title; nothing when no answer is promised. */
export function DueLine({ clock, now }: { clock: LeadClock | null | undefined; now: Date }) {
  const state = clock ? clockState(clock, now) : null;
  if (!clock?.dueAt || !state) return null;
  return (
    <p className="mt-1 flex flex-wrap items-center gap-1.5 text-sm" data-testid="lead-due">
      <AlarmClock aria-hidden className="size-4 text-muted-foreground" />
      <span>First answer due {dueInZone(clock.dueAt, clock.timeZone)}</span>
      <span aria-hidden>·</span>
      <span className={cn(toneClass[state.tone])}>{state.text}</span>
    </p>
  );
}

/** The inbox row's short form: "overdue by 3 h", "due in 2 h" (open, unanswered leads only). */
export function DueCell({ dueAt, answeredAt, createdAt, status, now }: { dueAt: Date | null; answeredAt: Date | null; createdAt: Date; status: string; now: Date }) {
  const state = clockState({ dueAt, answeredAt, createdAt, status }, now);
  if (!state || (state.tone !== 'overdue' && state.tone !== 'soon' && state.tone !== 'due')) return null;
  return <span className={cn('text-xs', toneClass[state.tone])}>{state.text}</span>;
}
