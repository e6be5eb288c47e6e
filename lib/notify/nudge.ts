/**
 * The delivery loop running in this process (server/background.mjs) registers its `nudge` here, so a
 * new lead is delivered at once instead of at the next poll. Called after the lead's transaction has
 * had time to commit; if it is early, the regular poll (every 2 s) picks the row up.
 */
const g = globalThis as typeof globalThis & { __postcraftNotifyNudge?: () => void };

export function nudgeDeliveryLoop(delayMs = 25): void {
  const nudge = g.__postcraftNotifyNudge;
  if (!nudge) return;
  const t = setTimeout(nudge, delayMs);
  t.unref?.();
}
