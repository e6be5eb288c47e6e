// A client's proof of work for the lead forms' JSON posts (lib/spam/proof.ts), as the form's island makes
// it: fetch a challenge from the server and solve it (altcha-lib, here with Node's hashing).
import http from 'node:http';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { challengePath } from '../../src/lib/spam/proof-field';

// Kept-alive connections, as the form client's posts (fetch costs a load test's client too much CPU). A
// GET whose reused connection the server had just closed is sent again on a new one, as browsers do.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 4000 });
function get(url: URL, headers: Record<string, string> = {}, retried = false): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { Accept: 'application/json', ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (!retried && req.reusedSocket && err.code === 'ECONNRESET') resolve(get(url, headers, true));
      else reject(err);
    });
  });
}

/** A challenge from the server at `baseUrl` (`headers`: e.g. X-Forwarded-For, to come from another address). */
export async function fetchChallenge(baseUrl: string, headers: Record<string, string> = {}): Promise<Challenge> {
  const res = await get(new URL(challengePath, baseUrl), headers);
  if (res.status !== 200) throw new Error(`GET ${challengePath} answered ${res.status}`);
  return JSON.parse(res.body) as Challenge;
}

/** The `proof` field for a challenge, solved. */
export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } })).toString('base64');
}

/** A fresh challenge from the server at `baseUrl`, solved: what the island sends with a post. */
export const solvedProof = async (baseUrl: string, headers: Record<string, string> = {}): Promise<string> => solve(await fetchChallenge(baseUrl, headers));
