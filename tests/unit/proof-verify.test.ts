import { describe, expect, it } from 'vitest';
import { solveChallenge, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { checkProof, newChallenge, proofKeys } from '@/lib/spam/proof';

// The server checks a proof of work with Node's HMAC (lib/spam/proof.ts `signedAndSolved`) instead of
// altcha-lib's verifySolution, which does the same through WebCrypto at about a quarter of a lead post's
// CPU. Both must give the same verdict on every proof, the library being the reference: an upgrade of
// altcha-lib that changes how challenges are signed fails here.

const keys = proofKeys(Buffer.from('a link key of the test, long enough to sign things'));
const otherKeys = proofKeys(Buffer.from('another key altogether, also long enough'));
const settings = { work: 2000, minFillSeconds: 0 };

type Solution = { counter: unknown; derivedKey: unknown };
const encode = (challenge: unknown, solution: unknown) => Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');

async function library(challenge: Challenge, solution: Solution): Promise<boolean> {
  try {
    const r = await verifySolution({ challenge: structuredClone(challenge), solution: solution as never, deriveKey, hmacSignatureSecret: keys.signature, hmacKeySignatureSecret: keys.key });
    return r.verified;
  } catch {
    return false;
  }
}
async function ours(challenge: unknown, solution: unknown): Promise<boolean> {
  return (await checkProof(encode(challenge, solution), keys, settings)).ok;
}

describe('the proof of work check', () => {
  it('agrees with altcha-lib on solved, tampered and malformed proofs', async () => {
    const challenge = await newChallenge(keys, settings);
    const solved = await solveChallenge({ challenge, deriveKey });
    expect(solved).toBeTruthy();
    const good: Solution = { counter: solved!.counter, derivedKey: solved!.derivedKey };
    const foreign = await newChallenge(otherKeys, settings);
    const foreignSolved = await solveChallenge({ challenge: foreign, deriveKey });
    const reordered = { ...challenge, parameters: Object.fromEntries(Object.entries(challenge.parameters).reverse()) } as Challenge;

    const cases: [string, Challenge, Solution][] = [
      ['solved', challenge, good],
      ['solved, parameters in another key order', reordered, good],
      ['another derived key', challenge, { ...good, derivedKey: (good.derivedKey as string).replace(/^./, (c) => (c === '0' ? '1' : '0')) }],
      ['the derived key in capitals', challenge, { ...good, derivedKey: (good.derivedKey as string).toUpperCase() }],
      ['a derived key of odd length', challenge, { ...good, derivedKey: `${good.derivedKey}0` }],
      ['a counter that is not a whole number', challenge, { ...good, counter: 1.5 }],
      ['a counter as text', challenge, { ...good, counter: String(good.counter) }],
      ['a negative counter', challenge, { ...good, counter: -1 }],
      ['no derived key', challenge, { counter: good.counter, derivedKey: undefined }],
      ['a changed expiry', { ...challenge, parameters: { ...challenge.parameters, expiresAt: (challenge.parameters.expiresAt as number) + 60 } } as Challenge, good],
      ['a changed issue time', { ...challenge, parameters: { ...challenge.parameters, data: { issuedMs: 1 } } } as Challenge, good],
      ['a changed key signature', { ...challenge, parameters: { ...challenge.parameters, keySignature: 'ab'.repeat(32) } } as Challenge, good],
      ['a changed signature', { ...challenge, signature: 'cd'.repeat(32) }, good],
      ['an empty signature', { ...challenge, signature: '' }, good],
      ['another server\'s challenge, solved', foreign, { counter: foreignSolved!.counter, derivedKey: foreignSolved!.derivedKey }],
    ];
    const verdicts = await Promise.all(cases.map(async ([name, c, s]) => [name, await library(c, s), await ours(c, s)] as const));
    for (const [name, lib, own] of verdicts) expect(own, name).toBe(lib);
    expect(verdicts.filter(([, lib]) => lib).map(([name]) => name)).toEqual(['solved', 'solved, parameters in another key order']);
  });

  it('refuses a proof without the key signature our challenges carry, and a malformed payload', async () => {
    const challenge = await newChallenge(keys, settings);
    const solved = (await solveChallenge({ challenge, deriveKey }))!;
    const { keySignature: _dropped, ...rest } = challenge.parameters as unknown as Record<string, unknown>;
    expect(await ours({ ...challenge, parameters: rest }, solved)).toBe(false);
    expect((await checkProof('not base64 json', keys, settings)).ok).toBe(false);
    expect((await checkProof(encode(challenge, null), keys, settings)).ok).toBe(false);
  });
});
