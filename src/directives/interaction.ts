import type { ClientDirective } from 'astro';

/**
 * `client:interaction`: an island hydrates when the visitor first reaches for it (pointer over it, touch,
 * focus or a key inside it), so a page loads no JavaScript until then. What the visitor does before the
 * island has hydrated is not lost: a click is held and replayed once it has (as mousedown, mouseup and
 * click, since some widgets act on mousedown), and so are navigation keys (arrows, Home, End, Page Up/Down)
 * pressed outside text fields. Typing goes to the fields as usual. `client:interaction={{ query: true }}`
 * hydrates at once when the address has a query string (an island that reads its state from the URL).
 */
const triggers = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
const navigationKeys = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

function isTextEntry(el: EventTarget | null) {
  return el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement || (el instanceof HTMLInputElement && !['button', 'submit', 'reset', 'checkbox', 'radio'].includes(el.type));
}

const interaction: ClientDirective = (load, options, el) => {
  let hydrated = false;
  let started = false;
  const held: Array<() => void> = [];

  const holdClick = (event: MouseEvent) => {
    if (hydrated || !event.isTrusted) return;
    event.preventDefault();
    event.stopPropagation();
    const target = event.target;
    if (!(target instanceof HTMLElement)) return;
    const init = { bubbles: true, cancelable: true, composed: true, button: 0, clientX: event.clientX, clientY: event.clientY };
    held.push(() => {
      if (!target.isConnected) return;
      target.dispatchEvent(new MouseEvent('mousedown', init));
      target.dispatchEvent(new MouseEvent('mouseup', init));
      target.click();
    });
    void start();
  };

  const holdKey = (event: KeyboardEvent) => {
    if (hydrated || !event.isTrusted || !navigationKeys.has(event.key) || isTextEntry(event.target)) return;
    event.preventDefault();
    event.stopPropagation();
    const target = event.target;
    if (!(target instanceof HTMLElement)) return;
    const { key, code, shiftKey, ctrlKey, altKey, metaKey } = event;
    held.push(() => {
      if (target.isConnected) target.dispatchEvent(new KeyboardEvent('keydown', { key, code, shiftKey, ctrlKey, altKey, metaKey, bubbles: true, cancelable: true, composed: true }));
    });
    void start();
  };

  async function start() {
    if (started) return;
    started = true;
    for (const type of triggers) el.removeEventListener(type, start);
    const hydrate = await load();
    await hydrate();
    hydrated = true;
    el.removeEventListener('click', holdClick, true);
    el.removeEventListener('keydown', holdKey, true);
    // Let React finish attaching to the new tree, then replay in order.
    requestAnimationFrame(() => {
      for (const replay of held.splice(0)) replay();
    });
  }

  const value = options.value as { query?: boolean } | boolean | undefined;
  if (typeof value === 'object' && value?.query && location.search.length > 1) {
    void start();
    return;
  }
  el.addEventListener('click', holdClick, true);
  el.addEventListener('keydown', holdKey, true);
  for (const type of triggers) el.addEventListener(type, start, { passive: true });
};

export default interaction;
