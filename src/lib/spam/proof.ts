// The invisible proof of work of the lead forms (ALTCHA, altcha-lib; docs/spam.md). When a visitor starts
// using a form, its island fetches a challenge (`GET /api/challenge`) and solves it in the background:
// tens of thousands of SHA-256 hashes, a fraction of a second in a browser, a real cost for a flood of
// posts. The answer goes with the post in the `proof` field. The server checks it with one HMAC: signed
// by us, not expired, solved, and used once (the store keeps the signature of every used challenge until
// it expires, in the lead's own statement). The challenge also carries when it was issued: a post sooner
// than the form's minimum time to fill (lib/spam/fill-time.ts) after the visitor started is too fast for a
// person.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createChallenge, randomInt, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

export { challengePath, proofField } from './proof-field';

/** Hours a challenge can be used: a visitor may leave a half-filled form open for a while. */
export const challengeHours = 12;

export type ProofSettings = { work: number; minFillSeconds: number };

const whole = (raw: string | undefined, fallback: number, min: number, max: number) => {
  const n = Number(raw);
  return raw !== undefined && raw.trim() !== '' && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};

/**
 * SPAM_PROOF_WORK: the most hashes a challenge takes (the answer is a random number between half of it
 * and it; default 20,000). SPAM_MIN_FILL_SECONDS: the least time from a form's first use to its post,
 * for a form a person must type in (default 1; lib/spam/fill-time.ts). Out-of-range values fall back to
 * the defaults.
 */
export function proofSettings(env: Record<string, string | undefined> = process.env): ProofSettings {
  return { work: whole(env.SPAM_PROOF_WORK, 20_000, 100, 10_000_000), minFillSeconds: whole(env.SPAM_MIN_FILL_SECONDS, 1, 0, 600) };
}

/** The two HMAC secrets of the challenges, derived from the link signing key (LINK_SECRET or the database's). */
export type ProofKeys = { signature: string; key: string };
export function proofKeys(linkKey: Buffer): ProofKeys {
  const derive = (label: string) => createHmac('sha256', linkKey).update(`altcha:${label}`).digest('hex');
  return { signature: derive('signature'), key: derive('key') };
}

/** A new challenge, signed, expiring in `challengeHours`, carrying its issue time. */
export async function newChallenge(keys: ProofKeys, settings: ProofSettings, now = Date.now()): Promise<Challenge> {
  const max = settings.work;
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(max, Math.max(1, Math.floor(max / 2))),
    deriveKey,
    // When it was issued, in milliseconds (a minimum of one second needs better than whole seconds).
    data: { issuedMs: Math.floor(now) },
    expiresAt: Math.floor(now / 1000) + challengeHours * 3600,
    hmacSignatureSecret: keys.signature,
    hmacKeySignatureSecret: keys.key,
  });
}

/** A JSON value with the keys of every object sorted, undefined values left out (arrays as they are): what altcha-lib signs. */
function sortedKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .flatMap((k) => ((value as Record<string, unknown>)[k] === undefined ? [] : [[k, sortedKeys((value as Record<string, unknown>)[k])]])),
  );
}

const hmacHex = (secret: string, data: string | Buffer) => createHmac('sha256', secret).update(data).digest('hex');
const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * altcha-lib's `verifySolution` for our challenges (HMAC-SHA-256, with a key signature), with Node's own
 * HMAC: the parameters are ours (their signature), and the solution's derived key is the one we signed
 * (its key signature). The library computes the same two HMACs through WebCrypto, importing each key
 * again per call, which cost about a quarter of the server's CPU per JSON lead post (bench:submit's
 * profile, issue 33); tests/unit/proof-verify.test.ts checks that both give the same verdict, so an
 * upgrade that changes the protocol fails there.
 */
function signedAndSolved(challenge: Challenge, solution: unknown, keys: ProofKeys): boolean {
  const signature = challenge.signature;
  const keySignature = (challenge.parameters as { keySignature?: unknown }).keySignature;
  if (typeof signature !== 'string' || !signature || typeof keySignature !== 'string' || !keySignature) return false;
  if (!sameText(signature, hmacHex(keys.signature, JSON.stringify(sortedKeys(challenge.parameters))))) return false;
  const s = solution as { counter?: unknown; derivedKey?: unknown } | null | undefined;
  if (typeof s?.derivedKey !== 'string' || !/^(?:[0-9a-f]{2})+$/.test(s.derivedKey)) return false;
  if (!Number.isInteger(s.counter) || (s.counter as number) < 0 || (s.counter as number) > 0xffffffff) return false;
  return sameText(keySignature, hmacHex(keys.key, Buffer.from(s.derivedKey, 'hex')));
}

/** Why a post's proof failed, in the words of the screening's reasons (lib/spam/screen.ts). */
export type ProofFailure = 'no-proof' | 'bad-proof' | 'expired-proof' | 'too-fast';
export type ProofCheck = { ok: true; signature: string; expiresAt: Date } | { ok: false; reason: ProofFailure };

/** Checks the `proof` field of a post: well formed, signed by us, solved, not expired, not too soon after it was issued. */
export async function checkProof(raw: unknown, keys: ProofKeys, settings: ProofSettings, now = Date.now()): Promise<ProofCheck> {
  if (typeof raw !== 'string' || raw === '') return { ok: false, reason: 'no-proof' };
  if (raw.length > 4000) return { ok: false, reason: 'bad-proof' };
  let payload: { challenge?: Challenge; solution?: { counter: number; derivedKey: string } };
  try {
    payload = JSON.parse(Buffer.from(raw, 'base64').toString('utf8'));
  } catch {
    return { ok: false, reason: 'bad-proof' };
  }
  const challenge = payload?.challenge;
  if (!challenge || typeof challenge !== 'object' || typeof challenge.parameters !== 'object' || !challenge.parameters || typeof challenge.signature !== 'string') {
    return { ok: false, reason: 'bad-proof' };
  }
  const expiresAt = Number(challenge.parameters.expiresAt);
  if (!Number.isFinite(expiresAt)) return { ok: false, reason: 'bad-proof' };
  // Expiry against our clock, which tests may set.
  if (expiresAt * 1000 < now) return { ok: false, reason: 'expired-proof' };
  const verified = signedAndSolved(challenge, payload.solution, keys);
  if (!verified) return { ok: false, reason: 'bad-proof' };
  // `issued` (whole seconds) is what challenges carried before `issuedMs`; one issued then may still be in use.
  const data = challenge.parameters.data;
  const issuedAt = data?.issuedMs !== undefined ? Number(data.issuedMs) : Number(data?.issued) * 1000;
  if (!Number.isFinite(issuedAt) || now - issuedAt < settings.minFillSeconds * 1000) return { ok: false, reason: 'too-fast' };
  return { ok: true, signature: challenge.signature, expiresAt: new Date(expiresAt * 1000) };
}
