import { cn } from '@/lib/utils';

/**
 * Away and back, for every staff member (the assignment rules pass a member over while away): a plain POST
 * to the inbox's page, which any member may open, that comes back to the page it was on. The button says
 * what it does; the state is written beside it, so it is not told by colour alone.
 */
export function AwayToggle({ away, pathname }: { away: boolean; pathname: string }) {
  return (
    <form method="post" action="/staff" className="flex items-center gap-2">
      <input type="hidden" name="_action" value="setAvailability" />
      <input type="hidden" name="intent" value={away ? 'back' : 'away'} />
      <input type="hidden" name="return" value={pathname} />
      {away ? (
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900" title="New leads are not assigned to you">
          Away
        </span>
      ) : null}
      <button
        type="submit"
        className={cn('inline-flex h-9 items-center rounded-lg border border-border px-3 text-sm font-medium hover:bg-muted', away ? 'bg-amber-50' : 'bg-white')}
      >
        {away ? "I'm back" : 'Set me away'}
      </button>
    </form>
  );
}
