// The retry schedule: exponential backoff with full jitter. After attempt n fails, the next attempt
// waits a random time between 1 s and the n-th cap below; after the last attempt the delivery is
// marked `failed`. The caps add up to about 46 hours, so with full jitter the 9 attempts are spread
// over about a day on average (at most about two).
export const retryCapsMs: readonly number[] = [1, 5, 15, 60, 180, 360, 720, 1440].map((minutes) => minutes * 60_000);

/** Attempts in all: the first one plus one per cap. */
export const maxAttempts: number = retryCapsMs.length + 1;

/** The wait before the next attempt, after `attempts` attempts have failed. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const cap = retryCapsMs[Math.min(Math.max(attempts, 1), retryCapsMs.length) - 1];
  return Math.max(1000, Math.floor(random() * cap));
}
