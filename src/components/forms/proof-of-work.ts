// The browser's half of the lead forms' proof of work (lib/spam/proof.ts): fetch a challenge and solve it
// in the background, yielding to the page as it goes. Loaded when a visitor first uses a form.
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { challengePath } from '@/lib/spam/proof-field';

/** The solved challenge as the `proof` field carries it, or '' when none could be had (the post is then held for review). */
export async function solveProof(): Promise<string> {
  try {
    const res = await fetch(challengePath, { headers: { Accept: 'application/json' }, credentials: 'same-origin', cache: 'no-store' });
    if (!res.ok) return '';
    const challenge = (await res.json()) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
    return solution ? btoa(JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } })) : '';
  } catch {
    return '';
  }
}
