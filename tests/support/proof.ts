// A client's proof of work for the lead forms' JSON posts (lib/spam/proof.ts), as the form's island makes
// it: fetch a challenge from the server and solve it (altcha-lib, here with Node's hashing).
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { challengePath } from '../../src/lib/spam/proof-field';

export async function fetchChallenge(baseUrl: string): Promise<Challenge> {
  const res = await fetch(new URL(challengePath, baseUrl), { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET ${challengePath} answered ${res.status}`);
  return (await res.json()) as Challenge;
}

/** The `proof` field for a challenge, solved. */
export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } })).toString('base64');
}

/** A fresh challenge from the server at `baseUrl`, solved: what the island sends with a post. */
export const solvedProof = async (baseUrl: string): Promise<string> => solve(await fetchChallenge(baseUrl));
