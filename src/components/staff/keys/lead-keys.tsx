import { useMemo, useRef } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from '@/components/ui/link';
import { ActionForm, SubmitButton } from '@/components/staff/action-form';
import type { LeadStatus } from '@/lib/staff/lead-kinds';
import type { PostedAction } from '@/lib/staff/page';
import { cn } from '@/lib/utils';
import { leadPageKeys as K, type KeyHelp } from './key-lists';
import { Kbd, ShortcutsDialog, type DialogHandle } from './shortcuts-dialog';
import { StatusMenu } from './status-menu';
import { useHydrated, useKeys, type KeyMap } from './use-keys';

export type NeighbourLink = { href: string; label: string } | null;

type Props = {
  previous: NeighbourLink;
  next: NeighbourLink;
  /** The inbox list the lead was opened from. */
  back: string;
  leadRef: string;
  status: LeadStatus;
  myId: string;
  /** The lead is the viewer's already ("Assign to me" is then not offered). */
  mine: boolean;
  /** The viewer may change its status (a member may not on a data request). */
  canChangeStatus: boolean;
  /** The page has the reply composer (its message field: #reply-message). */
  canReply: boolean;
  /** Whether the member's single-key shortcuts are on. */
  on: boolean;
  /** The shortcuts form's answer when it was just posted. */
  posted?: PostedAction;
};

/**
 * Keyboard triage on a lead's page (an island, `client:idle`: its keys listen on the whole document, which
 * `client:interaction` would wake only from inside the island). Without JavaScript it is plain HTML: the
 * previous and next links of the list, and the "Assign to me" and "Archive and next" forms, which post the
 * same actions as the Triage panel. With it, the keys of key-lists.ts; their hints and `aria-keyshortcuts`
 * appear only once the keys work, and only when the member has them on.
 */
export function LeadKeys(p: Props) {
  const help = useRef<DialogHandle>(null);
  const statusMenu = useRef<DialogHandle>(null);
  const assign = useRef<HTMLFormElement>(null);
  const archive = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const hints = hydrated && p.on;
  const keys = useMemo(() => {
    const map: KeyMap = { u: () => location.assign(p.back), '?': () => help.current?.open() };
    if (p.next) map.j = () => location.assign(p.next!.href);
    if (p.previous) map.k = () => location.assign(p.previous!.href);
    if (!p.mine) map.a = () => assign.current?.requestSubmit();
    if (p.canChangeStatus) {
      map.e = () => archive.current?.requestSubmit();
      map.s = () => statusMenu.current?.open();
    }
    if (p.canReply) map.r = () => document.getElementById('reply-message')?.focus();
    return map;
  }, [p]);
  useKeys(keys, p.on);
  const shortcut = (help: KeyHelp) => (hints ? help.keys.join(' ') : undefined);
  const hint = (help: KeyHelp) => (hints ? <span aria-hidden>{help.keys.map((k) => <Kbd key={k}>{k}</Kbd>)}</span> : null);
  const shown = [K.next, K.previous, ...(p.mine ? [] : [K.assign]), ...(p.canChangeStatus ? [K.archive, K.status] : []), ...(p.canReply ? [K.reply] : []), K.back, K.help];
  const step = 'inline-flex h-9 items-center gap-1.5 rounded-lg border border-border px-3 text-sm font-medium';

  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <nav aria-label="Leads in this list" className="flex flex-wrap items-center gap-2">
        {[
          { link: p.previous, rel: 'prev', label: 'Previous', help: K.previous, icon: <ChevronLeft aria-hidden className="size-4" /> },
          { link: p.next, rel: 'next', label: 'Next', help: K.next, icon: <ChevronRight aria-hidden className="size-4" /> },
        ].map(({ link, rel, label, help: h, icon }) =>
          link ? (
            <Link key={rel} href={link.href} rel={rel} aria-keyshortcuts={shortcut(h)} className={cn(step, 'max-w-72 bg-white hover:bg-muted')}>
              {rel === 'prev' ? icon : null}
              <span className="truncate">
                {label}
                <span className="sr-only">: {link.label}</span>
              </span>
              {rel === 'next' ? icon : null}
              {hint(h)}
            </Link>
          ) : (
            <span key={rel} className={cn(step, 'text-slate-500')} aria-disabled="true">
              {rel === 'prev' ? 'No previous lead' : 'No next lead'}
            </span>
          ),
        )}
      </nav>
      <div className="flex flex-wrap items-center gap-2">
        {p.mine ? null : (
          <ActionForm action="assignLeadOwner" aria-label="Assign to me" formRef={assign}>
            <input type="hidden" name="lead" value={p.leadRef} />
            <input type="hidden" name="owner" value={p.myId} />
            <SubmitButton size="sm" variant="secondary" aria-keyshortcuts={shortcut(K.assign)}>
              Assign to me {hint(K.assign)}
            </SubmitButton>
          </ActionForm>
        )}
        {p.canChangeStatus ? (
          <ActionForm action="updateLeadStatus" aria-label="Archive and go to the next lead" formRef={archive}>
            <input type="hidden" name="lead" value={p.leadRef} />
            <input type="hidden" name="status" value="archived" />
            <input type="hidden" name="_then" value={p.next?.href ?? p.back} />
            <SubmitButton size="sm" variant="secondary" aria-keyshortcuts={shortcut(K.archive)}>
              {p.next ? 'Archive and next' : 'Archive and back to the list'} {hint(K.archive)}
            </SubmitButton>
          </ActionForm>
        ) : null}
        <ShortcutsDialog ref={help} keys={shown} on={p.on} posted={p.posted} />
      </div>
      {p.canChangeStatus ? <StatusMenu ref={statusMenu} leadRef={p.leadRef} status={p.status} hints={hints} /> : null}
    </div>
  );
}
