import { useEffect, useMemo, useRef } from 'react';
import type { PostedAction } from '@/lib/staff/page';
import { inboxKeys as K } from './key-lists';
import { ShortcutsDialog, type DialogHandle } from './shortcuts-dialog';
import { useKeys, type KeyMap } from './use-keys';

/** The leads' links in the inbox's table, in its order (lead-table.tsx marks them). */
const leadLinks = () => [...document.querySelectorAll<HTMLAnchorElement>('a[data-lead-link]')];

/** The row the keyboard is on: the one holding the focus (its link, or its checkbox), or -1. */
function currentRow(links: HTMLAnchorElement[]) {
  const row = document.activeElement?.closest('tr');
  return row ? links.findIndex((a) => a.closest('tr') === row) : -1;
}

/**
 * Keyboard triage in the inbox (an island, `client:idle`, as its keys listen on the whole document): j and
 * k move the focus from lead to lead (the row holding it is highlighted), Enter (the link's own) or o opens
 * it with its list (the lead page's next and previous follow the same filters and order), x ticks it for
 * the bulk actions, / goes to the search box, ? lists the keys and holds the switch to turn them off.
 */
export function InboxKeys({ on, posted }: { on: boolean; posted?: PostedAction }) {
  const help = useRef<DialogHandle>(null);
  const keys = useMemo<KeyMap>(() => {
    const move = (by: number) => {
      const links = leadLinks();
      if (!links.length) return;
      const at = currentRow(links);
      links[at < 0 ? 0 : Math.min(links.length - 1, Math.max(0, at + by))].focus();
    };
    const current = () => {
      const links = leadLinks();
      const at = currentRow(links);
      return at < 0 ? null : links[at];
    };
    return {
      j: () => move(1),
      k: () => move(-1),
      o: () => current()?.click(),
      x: () => current()?.closest('tr')?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.click(),
      '/': () => document.getElementById('f-q')?.focus(),
      '?': () => help.current?.open(),
    };
  }, []);
  useKeys(keys, on);
  // The search box says its key once the keys listen (not in the server's HTML, where / does nothing yet).
  useEffect(() => {
    const search = document.getElementById('f-q');
    if (!on || !search) return;
    search.setAttribute('aria-keyshortcuts', '/');
    return () => search.removeAttribute('aria-keyshortcuts');
  }, [on]);
  return <ShortcutsDialog ref={help} keys={Object.values(K)} on={on} posted={posted} />;
}
