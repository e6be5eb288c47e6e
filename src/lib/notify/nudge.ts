/**
 * The delivery loop running in this process (server/background.ts) registers its `nudge` here, so a
 * new lead is delivered at once instead of at the next poll. Called after the lead's statement has
 * had time to commit; if it is early, the regular poll (every 2 s) picks the row up.
 */
let nudge: (() => void) | undefined;

/** Registers the loop's nudge; returns the function that removes it again. */
export function registerDeliveryNudge(fn: () => void): () => void {
  nudge = fn;
  return () => {
    if (nudge === fn) nudge = undefined;
  };
}

export function nudgeDeliveryLoop(delayMs = 25): void {
  const fn = nudge;
  if (!fn) return;
  const t = setTimeout(fn, delayMs);
  t.unref?.();
}
