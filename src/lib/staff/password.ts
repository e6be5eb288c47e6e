// Staff passwords: argon2id with OWASP's parameters (19 MiB, 2 iterations, 1 lane), at least 12 characters,
// no composition rules (NIST SP 800-63B). Shared by the staff area and `npm run staff:create`.
import { hash, verify, type Algorithm } from '@node-rs/argon2';

export const passwordMin = 12;
/** argon2 works on bytes; a cap keeps a 1 MB "password" from costing anything more than a refusal. */
export const passwordMax = 256;

// Algorithm is an ambient const enum (not importable as a value under isolatedModules): 2 is Argon2id.
const options = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** Why a new password is not acceptable, or null. */
export function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string' || password.length < passwordMin) return `Password must be at least ${passwordMin} characters`;
  if (password.length > passwordMax) return `Password must be at most ${passwordMax} characters`;
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

// A hash of a random password, verified against when the account does not exist, so that an unknown
// address costs the same time as a wrong password.
let dummy: Promise<string> | undefined;
export async function verifyPassword(passwordHash: string | null | undefined, password: unknown): Promise<boolean> {
  if (typeof password !== 'string' || password.length > passwordMax) return false;
  if (!passwordHash) {
    dummy ??= hash(`no such account ${Math.random()}`, options);
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
