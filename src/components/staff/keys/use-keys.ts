import { useEffect, useSyncExternalStore } from 'react';

/**
 * Keyboard triage's keys (docs/speed-to-lead.md): single-key shortcuts with the platform's own `keydown`
 * (no library: neither tinykeys nor react-hotkeys-hook is a dependency, and a map from a key to a function
 * is all this needs). A key does nothing while someone types in a field (input, textarea, select,
 * contenteditable), while a modal dialog other than the caller's own is open, during an IME composition,
 * or with Ctrl, Alt or Meta held (those combinations belong to the browser and the system). Shift is let
 * through only for keys that need it on common layouts (`?`).
 */
export type KeyMap = Record<string, () => void>;

/** Whether a key press happened inside a field that takes typing. */
export function inField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  // Boxes and buttons take no typing: j on a ticked checkbox still moves on.
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
}

/** The key a keydown stands for in `keys`, or null when no single-key shortcut may fire. */
export function shortcutOf(event: KeyboardEvent, keys: KeyMap): string | null {
  if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.altKey || event.metaKey) return null;
  if (inField(event.target)) return null;
  const key = event.key;
  if (!Object.hasOwn(keys, key)) return null;
  if (event.shiftKey && /^[a-z]$/i.test(key)) return null;
  return key;
}

/** Listens to `keys` on the document while `on` (and no modal dialog is open). */
export function useKeys(keys: KeyMap, on: boolean) {
  useEffect(() => {
    if (!on) return;
    const listener = (event: KeyboardEvent) => {
      // An open modal dialog (the shortcuts list, the status menu) has its own keys.
      if (document.querySelector('dialog[open]')) return;
      const key = shortcutOf(event, keys);
      if (!key) return;
      event.preventDefault();
      keys[key]();
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [keys, on]);
}

/** False while the page is server HTML, true once the island runs: key hints and `aria-keyshortcuts` are shown only when the keys work. */
export function useHydrated() {
  // The server's snapshot is false (also while hydrating); the browser's true once hydrated.
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
const noSubscription = () => () => {};
