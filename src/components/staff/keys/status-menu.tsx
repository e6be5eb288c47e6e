import { forwardRef, useImperativeHandle, useRef, type KeyboardEvent } from 'react';
import { ActionForm } from '@/components/staff/action-form';
import { leadStatuses, statusLabel, type LeadStatus } from '@/lib/staff/lead-kinds';
import type { DialogHandle } from './shortcuts-dialog';
import { Kbd } from './shortcuts-dialog';

/**
 * The status menu of keyboard triage (`s` on a lead's page): one button per status in the same
 * `updateLeadStatus` form as the Triage panel's, so the change is recorded and checked as any other. The
 * current status has the focus; a digit picks a status at once, the arrows move, Enter picks, Escape closes.
 */
export const StatusMenu = forwardRef<DialogHandle, { leadRef: string; status: LeadStatus; hints: boolean }>(function StatusMenu({ leadRef, status, hints }, ref) {
  const dialog = useRef<HTMLDialogElement>(null);
  useImperativeHandle(ref, () => ({ open: () => dialog.current?.showModal() }), []);
  const buttons = () => [...(dialog.current?.querySelectorAll<HTMLButtonElement>('button[name="status"]') ?? [])];
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    const all = buttons();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const digit = Number(event.key);
    if (Number.isInteger(digit) && digit >= 1 && digit <= all.length) {
      event.preventDefault();
      all[digit - 1].click();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      all[(at + (event.key === 'ArrowDown' ? 1 : all.length - 1)) % all.length]?.focus();
    }
  };
  return (
    <dialog ref={dialog} aria-labelledby="status-menu-title" onKeyDown={onKeyDown} className="m-auto w-[min(20rem,calc(100vw-2rem))] rounded-2xl border border-border bg-white p-0 shadow-xl backdrop:bg-slate-900/40">
      <h2 id="status-menu-title" className="border-b border-border px-5 py-3.5 text-base font-semibold tracking-tight">
        Change the status
      </h2>
      <ActionForm action="updateLeadStatus" aria-label="Change the status" className="p-2">
        <input type="hidden" name="lead" value={leadRef} />
        <ul>
          {leadStatuses.map((s, i) => (
            <li key={s}>
              <button
                type="submit"
                name="status"
                value={s}
                autoFocus={s === status}
                aria-current={s === status ? 'true' : undefined}
                aria-keyshortcuts={hints ? String(i + 1) : undefined}
                className="flex w-full items-center justify-between gap-3 rounded-lg px-3 py-2 text-left text-sm hover:bg-muted focus-visible:bg-brand-soft aria-[current]:font-semibold"
              >
                <span>
                  {statusLabel[s]}
                  {s === status ? <span className="sr-only"> (current)</span> : null}
                </span>
                {hints ? (
                  <span aria-hidden>
                    <Kbd>{String(i + 1)}</Kbd>
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      </ActionForm>
      <form method="dialog" className="border-t border-border px-4 py-2 text-right">
        <button className="rounded px-2 py-1 text-sm font-medium text-muted-foreground hover:text-foreground">Cancel</button>
      </form>
    </dialog>
  );
});
