import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { Keyboard, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ActionForm, ActionMessage, PostedActionProvider, SubmitButton } from '@/components/staff/action-form';
import type { PostedAction } from '@/lib/staff/page';
import type { KeyHelp } from './key-lists';

export type DialogHandle = { open: () => void };

type Props = {
  /** The keys of this page (key-lists.ts). */
  keys: KeyHelp[];
  /** Whether the member's single-key shortcuts are on (staff_users.shortcuts). */
  on: boolean;
  /** The answer of the shortcuts form when it was just posted: the dialog opens again to show it. */
  posted?: PostedAction;
};

export const Kbd = ({ children }: { children: string }) => (
  <kbd className="inline-flex min-w-6 items-center justify-center rounded border border-input bg-muted px-1.5 font-mono text-xs font-semibold text-foreground">{children}</kbd>
);

/**
 * The `?` dialog: this page's keys, and the member's switch for single-key shortcuts (WCAG 2.1.4), a plain
 * form posted to the page. A native modal <dialog>: Escape closes it, the page behind is inert, and the
 * focus goes back where it was.
 */
export const ShortcutsDialog = forwardRef<DialogHandle, Props>(function ShortcutsDialog({ keys, on, posted }, ref) {
  const dialog = useRef<HTMLDialogElement>(null);
  useImperativeHandle(ref, () => ({ open: () => dialog.current?.showModal() }), []);
  useEffect(() => {
    if (posted) dialog.current?.showModal();
  }, [posted]);
  return (
    <>
      <Button type="button" variant="secondary" size="sm" onClick={() => dialog.current?.showModal()} aria-haspopup="dialog">
        <Keyboard aria-hidden />
        Keyboard shortcuts
      </Button>
      <dialog ref={dialog} aria-labelledby="keys-title" className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl border border-border bg-white p-0 shadow-xl backdrop:bg-slate-900/40">
        <div className="flex items-center justify-between gap-3 border-b border-border px-5 py-3.5">
          <h2 id="keys-title" className="text-base font-semibold tracking-tight">
            Keyboard shortcuts
          </h2>
          <form method="dialog">
            <Button variant="ghost" size="icon" aria-label="Close">
              <X aria-hidden />
            </Button>
          </form>
        </div>
        <div className="space-y-4 px-5 py-4">
          <p className="text-sm text-muted-foreground">
            {on ? 'Single keys, pressed outside a text field:' : 'Single-key shortcuts are off. When on, these keys work outside text fields:'}
          </p>
          <table className="w-full text-sm">
            <caption className="sr-only">Keys of this page</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {keys.map((k) => (
                <tr key={k.label}>
                  <td className="w-24 py-1.5 pr-3 whitespace-nowrap">
                    {k.keys.map((key, i) => (
                      <span key={key}>
                        {i ? <span className="px-1 text-muted-foreground">or</span> : null}
                        <Kbd>{key}</Kbd>
                      </span>
                    ))}
                  </td>
                  <td className="py-1.5">{k.label}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <PostedActionProvider posted={posted}>
            <ActionForm action="setKeyboardShortcuts" aria-label="Single-key shortcuts" className="space-y-2 border-t border-border pt-4">
              <div className="flex items-center gap-2">
                <input id="keys-on" type="checkbox" name="shortcuts" defaultChecked={on} className="size-4 accent-violet-700" />
                <label htmlFor="keys-on" className="text-sm font-medium">
                  Use single-key shortcuts
                </label>
              </div>
              <p className="text-xs text-muted-foreground">Turn them off if they get in the way of your speech input or other keys you use.</p>
              <SubmitButton size="sm" variant="secondary" pendingLabel="Saving…">
                Save
              </SubmitButton>
              <ActionMessage />
            </ActionForm>
          </PostedActionProvider>
        </div>
      </dialog>
    </>
  );
});
