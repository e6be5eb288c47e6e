import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { staffSessions, staffUsers, type StaffRole } from '@/lib/db/staff-schema';
import { staffEmailIs } from './staff-email';

/**
 * Server-side staff sessions (OWASP Session Management): a 256-bit random token in the cookie, only its
 * SHA-256 in the database; idle timeout 12 h, absolute lifetime 7 days; a new token at every sign-in;
 * sign-out deletes the row (docs/security.md). No framework imports here, so tests drive it with their
 * own clock.
 */
export const sessionPolicy = {
  idleMs: 12 * 60 * 60 * 1000,
  absoluteMs: 7 * 24 * 60 * 60 * 1000,
  /** last_seen_at is written at most this often (one write per minute of activity, not per request). */
  touchEveryMs: 60 * 1000,
} as const;

/** `awaySince`: since when the member marked themselves away (the assignment rules pass them over), null when available. */
export type StaffUser = { id: string; email: string; name: string; role: StaffRole; awaySince?: Date | null };

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

export async function createSession(db: Db, userId: string, now = new Date()) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + sessionPolicy.absoluteMs);
  await db.insert(staffSessions).values({ tokenHash: hashToken(token), userId, createdAt: now, lastSeenAt: now, expiresAt });
  return { token, expiresAt };
}

/** The signed-in user of a token, or null (unknown, expired, idle too long, or account disabled). */
export async function validateSession(db: Db, token: string | undefined, now = new Date()): Promise<StaffUser | null> {
  if (!token || !tokenShape.test(token)) return null;
  const tokenHash = hashToken(token);
  const rows = await db
    .select({
      id: staffUsers.id,
      email: staffUsers.email,
      name: staffUsers.name,
      role: staffUsers.role,
      disabledAt: staffUsers.disabledAt,
      awaySince: staffUsers.awaySince,
      lastSeenAt: staffSessions.lastSeenAt,
      expiresAt: staffSessions.expiresAt,
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.userId))
    .where(eq(staffSessions.tokenHash, tokenHash))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const idleFor = now.getTime() - row.lastSeenAt.getTime();
  if (row.disabledAt || now >= row.expiresAt || idleFor >= sessionPolicy.idleMs) {
    await db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
    return null;
  }
  if (idleFor >= sessionPolicy.touchEveryMs) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.tokenHash, tokenHash));
  }
  return { id: row.id, email: row.email, name: row.name, role: row.role as StaffRole, awaySince: row.awaySince };
}

export async function deleteSession(db: Db, token: string | undefined) {
  if (!token || !tokenShape.test(token)) return;
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, hashToken(token)));
}

/** Removes sessions that can no longer be used (run at each sign-in; cheap with few staff). */
export async function pruneSessions(db: Db, now = new Date()) {
  await db
    .delete(staffSessions)
    .where(or(lt(staffSessions.expiresAt, now), lt(staffSessions.lastSeenAt, new Date(now.getTime() - sessionPolicy.idleMs))));
}

/** The account behind an email, for signing in (null when unknown or disabled); the sign-in throttle counts by what it finds. */
export async function findActiveUserByEmail(db: Db, email: string) {
  const rows = await db
    .select({ id: staffUsers.id, passwordHash: staffUsers.passwordHash })
    .from(staffUsers)
    .where(and(staffEmailIs(email), isNull(staffUsers.disabledAt)))
    .limit(1);
  return rows[0] ?? null;
}
