import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser } from '@/lib/staff/create-user';
import { hashPassword, verifyPassword } from '@/lib/staff/password';
import { createSession, deleteSession, findActiveUserByEmail, hashToken, sessionPolicy, validateSession } from '@/lib/staff/sessions';
import { createThrottle, recordFailure, recordSuccess, retryAfter } from '@/lib/staff/throttle';
import { changeRole, LastAdminError, removeStaff, setDisabled } from '@/lib/staff/users';
import { databaseKinds, query, type TestDb } from '../support/vitest-databases';

const minutes = (n: number) => n * 60 * 1000;
const hours = (n: number) => minutes(n * 60);

describe('staff passwords', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const h = await hashPassword('correct horse battery staple');
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(h, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(h, 'correct horse battery stapler')).toBe(false);
    expect(await verifyPassword(null, 'whatever it is here')).toBe(false);
    expect(await verifyPassword(h, 'x'.repeat(100_000))).toBe(false);
  });
});

for (const kind of databaseKinds) {
  describe(`staff sessions and accounts on ${kind.name}`, () => {
    let t: TestDb | undefined;
    let adminId = '';
    let memberId = '';
    beforeAll(async () => {
      t = await kind.open();
      if (!t) return;
      adminId = (await createStaffUser(t.handle, { email: 'Admin@Example.com', name: 'Ada', role: 'admin', password: 'correct horse battery' })).id;
      memberId = (await createStaffUser(t.handle, { email: 'member@example.com', name: 'Max', role: 'member', password: 'member horse battery' })).id;
    });
    afterAll(async () => {
      await t?.cleanup();
    });

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)('stores only the SHA-256 of the session token', async () => {
      const { token } = await createSession(t!.db, adminId);
      const rows = await query<{ token_hash: string }>(t!.handle, 'select token_hash from staff_sessions');
      expect(rows.map((r) => r.token_hash)).toContain(hashToken(token));
      expect(JSON.stringify(rows)).not.toContain(token);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    });

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)('ends a session idle for 12 hours', async () => {
      const t0 = new Date('2026-01-01T08:00:00Z');
      const { token } = await createSession(t!.db, adminId, t0);
      expect((await validateSession(t!.db, token, new Date(t0.getTime() + hours(11))))?.id).toBe(adminId);
      // Activity at 11 h moved the idle clock: 11 h later it is still valid...
      expect(await validateSession(t!.db, token, new Date(t0.getTime() + hours(22)))).not.toBeNull();
      // ...but 12 h without a request ends it, and the row is gone.
      expect(await validateSession(t!.db, token, new Date(t0.getTime() + hours(34)))).toBeNull();
      expect(await query(t!.handle, 'select 1 from staff_sessions where token_hash = $1', [hashToken(token)])).toHaveLength(0);
    });

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)('ends any session after 7 days, however active', async () => {
      const t0 = new Date('2026-02-01T08:00:00Z');
      const { token, expiresAt } = await createSession(t!.db, adminId, t0);
      expect(expiresAt.getTime() - t0.getTime()).toBe(sessionPolicy.absoluteMs);
      let now = t0.getTime();
      while (now + hours(6) < expiresAt.getTime()) {
        now += hours(6);
        expect(await validateSession(t!.db, token, new Date(now))).not.toBeNull();
      }
      expect(await validateSession(t!.db, token, expiresAt)).toBeNull();
    });

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)('sign-out deletes the session; unknown and malformed tokens are refused', async () => {
      const { token } = await createSession(t!.db, memberId);
      expect((await validateSession(t!.db, token))?.role).toBe('member');
      await deleteSession(t!.db, token);
      expect(await validateSession(t!.db, token)).toBeNull();
      expect(await validateSession(t!.db, 'A'.repeat(43))).toBeNull();
      expect(await validateSession(t!.db, "' or 1=1 --")).toBeNull();
      expect(await validateSession(t!.db, undefined)).toBeNull();
    });

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)('finds accounts by email whatever the case, never disabled ones', async () => {
      expect((await findActiveUserByEmail(t!.db, 'admin@EXAMPLE.com'))?.id).toBe(adminId);
      const { token } = await createSession(t!.db, memberId);
      await setDisabled(t!.db, memberId, true);
      expect(await findActiveUserByEmail(t!.db, 'member@example.com')).toBeNull();
      expect(await validateSession(t!.db, token)).toBeNull(); // disabling signs out everywhere
      await setDisabled(t!.db, memberId, false);
    });

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)('never leaves the team without an active admin', async () => {
      await expect(changeRole(t!.db, adminId, 'member')).rejects.toBeInstanceOf(LastAdminError);
      await expect(setDisabled(t!.db, adminId, true)).rejects.toBeInstanceOf(LastAdminError);
      await expect(removeStaff(t!.db, adminId)).rejects.toBeInstanceOf(LastAdminError);
      await changeRole(t!.db, memberId, 'admin');
      await changeRole(t!.db, adminId, 'member'); // another admin exists now
      await expect(changeRole(t!.db, memberId, 'member')).rejects.toBeInstanceOf(LastAdminError);
      await changeRole(t!.db, adminId, 'admin');
      await changeRole(t!.db, memberId, 'member');
    });

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)('throttles guessing per account+IP and per IP without locking the real user out', async () => {
      const throttle = createThrottle({ pairMax: 3, pairWindowSeconds: 60, ipMax: 6, ipWindowSeconds: 60 }, t!.handle);
      const victim = `victim-${kind.name}@example.com`;
      for (let i = 0; i < 3; i++) {
        expect(await retryAfter(throttle, victim, '203.0.113.9')).toBe(0);
        await recordFailure(throttle, victim, '203.0.113.9');
      }
      // The attacker's address is blocked for this account...
      expect(await retryAfter(throttle, victim, '203.0.113.9')).toBeGreaterThan(0);
      expect(await retryAfter(throttle, victim.toUpperCase(), '203.0.113.9')).toBeGreaterThan(0);
      // ...the real user, elsewhere, is not.
      expect(await retryAfter(throttle, victim, '198.51.100.7')).toBe(0);
      // A success clears the pair's count.
      await recordFailure(throttle, victim, '198.51.100.7');
      await recordSuccess(throttle, victim, '198.51.100.7');
      for (let i = 0; i < 2; i++) await recordFailure(throttle, victim, '198.51.100.7');
      expect(await retryAfter(throttle, victim, '198.51.100.7')).toBe(0);
      // Guessing many accounts from one address trips the (looser) per-IP limit.
      for (let i = 0; i < 6; i++) await recordFailure(throttle, `someone-${i}@example.com`, '192.0.2.44');
      expect(await retryAfter(throttle, 'fresh-account@example.com', '192.0.2.44')).toBeGreaterThan(0);
      expect(await retryAfter(throttle, 'fresh-account@example.com', '192.0.2.45')).toBe(0);
    });
  });
}
