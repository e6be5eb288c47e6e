import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signOut } from '@/lib/staff/actions/sign-in';
import { withSignedInUser } from '@/lib/staff/auth';
import { createStaffUser } from '@/lib/staff/create-user';
import { prepareStaffPage } from '@/lib/staff/page';
import { hashPassword, verifyPassword } from '@/lib/staff/password';
import { createSession, deleteSession, findActiveUserByEmail, hashToken, sessionPolicy, validateSession } from '@/lib/staff/sessions';
import { createThrottle, recordSuccess, takeAttempt, throttleConfig, throttleSubject } from '@/lib/staff/throttle';
import { changeStatus } from '@/lib/staff/triage';
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
      const throttle = createThrottle({ pairMax: 3, pairWindowSeconds: 60, ipMax: 7, ipWindowSeconds: 60 }, t!.handle);
      const victim = `victim-${kind.name}@example.com`;
      // Three tries get their password checked (0: go ahead); the fourth is refused before any check.
      for (let i = 0; i < 3; i++) expect(await takeAttempt(throttle, throttleSubject(null, victim), '203.0.113.9')).toBe(0);
      // The attacker's address is blocked for this account...
      expect(await takeAttempt(throttle, throttleSubject(null, victim), '203.0.113.9')).toBeGreaterThan(0);
      expect(await takeAttempt(throttle, throttleSubject(null, victim.toUpperCase()), '203.0.113.9')).toBeGreaterThan(0);
      // ...the real user, elsewhere, is not; a success clears the pair's count.
      expect(await takeAttempt(throttle, throttleSubject(null, victim), '198.51.100.7')).toBe(0);
      await recordSuccess(throttle, throttleSubject(null, victim), '198.51.100.7');
      for (let i = 0; i < 3; i++) expect(await takeAttempt(throttle, throttleSubject(null, victim), '198.51.100.7')).toBe(0);
      // Guessing many accounts from one address trips the (looser) per-IP limit.
      for (let i = 0; i < 7; i++) expect(await takeAttempt(throttle, throttleSubject(null, `someone-${i}@example.com`), '192.0.2.44')).toBe(0);
      expect(await takeAttempt(throttle, throttleSubject(null, 'fresh-account@example.com'), '192.0.2.44')).toBeGreaterThan(0);
      expect(await takeAttempt(throttle, throttleSubject(null, 'fresh-account@example.com'), '192.0.2.45')).toBe(0);
    });

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)('tries posted at once cannot pass the limit: each is counted before its password is checked', async () => {
      const throttle = createThrottle({ pairMax: 10, pairWindowSeconds: 60, ipMax: 100, ipWindowSeconds: 60 }, t!.handle);
      const victim = `parallel-${kind.name}@example.com`;
      const waits = await Promise.all(Array.from({ length: 25 }, () => takeAttempt(throttle, throttleSubject(null, victim), '203.0.113.50')));
      expect(waits.filter((w) => w === 0)).toHaveLength(10);
      expect(waits.filter((w) => w > 0)).toHaveLength(15);
    });
  });
}

/** A cookie jar as Astro's (get/set), kept in a Map. */
function cookieJar(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return { values, get: (name: string) => (values.has(name) ? { value: values.get(name)! } : undefined), set: (name: string, value: string) => void values.set(name, value) };
}

const post = (path: string, fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return new Request(`http://127.0.0.1${path}`, { method: 'POST', body: form });
};
const get = (path: string) => new Request(`http://127.0.0.1${path}`);

for (const kind of databaseKinds) {
  describe(`a staff page's request, passed to lib/staff as a StaffContext, on ${kind.name}`, () => {
    let t: TestDb | undefined;
    beforeAll(async () => {
      t = await kind.open();
      if (!t) return;
      await createStaffUser(t.handle, { email: 'ada@example.com', name: 'Ada', role: 'admin', password: 'correct horse battery' });
      await createStaffUser(t.handle, { email: 'max@example.com', name: 'Max', role: 'member', password: 'member horse battery' });
    });
    afterAll(async () => {
      await t?.cleanup();
    });

    /** What src/middleware.ts builds for a /staff request: the test sets up the database and the throttle itself. */
    const contextOf = (cookies: ReturnType<typeof cookieJar>) =>
      withSignedInUser({ db: t!.db, throttle: createThrottle(throttleConfig({}), t!.handle), cookies, headers: new Headers(), https: false, ip: '203.0.113.7', requestId: 'test-request' });

    async function signedIn(email: string, password: string) {
      const cookies = cookieJar();
      const outcome = await prepareStaffPage(await contextOf(cookies), post('/staff/sign-in', { _action: 'signIn', email, password, next: '/staff/users' }), { role: 'anyone' });
      expect(outcome).toEqual({ kind: 'redirect', location: '/staff/users' });
      expect(cookies.values.get('staff_session')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      return contextOf(cookies);
    }

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)('answers with outcomes, never by throwing: sign-in, 403, 404', async () => {
      const signedOut = await contextOf(cookieJar());
      expect(signedOut.user).toBeNull();
      expect(await prepareStaffPage(signedOut, get('/staff/users'), { role: 'admin', returnTo: '/staff/users' })).toEqual({ kind: 'redirect', location: '/staff/sign-in?next=%2Fstaff%2Fusers' });

      const refused = await prepareStaffPage(signedOut, post('/staff/sign-in', { _action: 'signIn', email: 'ada@example.com', password: 'not the password' }), { role: 'anyone' });
      expect(refused).toMatchObject({ kind: 'render', status: 401, posted: { action: 'signIn', result: { status: 'refused', message: 'Incorrect email or password.' } } });

      const admin = await signedIn('ada@example.com', 'correct horse battery');
      expect(admin.user).toMatchObject({ name: 'Ada', role: 'admin' });
      expect(admin.session).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await prepareStaffPage(admin, get('/staff/users'), { role: 'admin' })).toEqual({ kind: 'render', status: 200 });
      expect(await prepareStaffPage(admin, get('/staff/leads/x'), { role: 'member', exists: async () => false })).toEqual({ kind: 'not-found' });

      const member = await signedIn('max@example.com', 'member horse battery');
      expect(await prepareStaffPage(member, get('/staff/users'), { role: 'admin' })).toEqual({ kind: 'forbidden' });
      // An admin's action posted to a page a member may open: 403 with the page and the action's refusal.
      const asMember = await prepareStaffPage(member, post('/staff', { _action: 'createStaffAccount', email: 'new@example.com', name: 'New', role: 'member', password: 'a long enough passphrase' }), { role: 'member' });
      expect(asMember).toMatchObject({ kind: 'render', status: 403, posted: { action: 'createStaffAccount', result: { status: 'error', message: 'Only admins can do this.' } } });
      expect(await query(t!.handle, 'select 1 from staff_users where email = $1', ['new@example.com'])).toHaveLength(0);
      // The same post by an admin: done, and the form's values are there for a refusal only.
      const asAdmin = await prepareStaffPage(admin, post('/staff/users', { _action: 'createStaffAccount', email: 'new@example.com', name: 'New', role: 'member', password: 'a long enough passphrase' }), { role: 'admin' });
      expect(asAdmin).toMatchObject({ kind: 'render', status: 200, posted: { result: { status: 'success' }, values: { email: 'new@example.com', name: 'New', role: 'member' } } });
      expect(JSON.stringify(asAdmin)).not.toContain('a long enough passphrase');

      // Signing out ends the session: the next request with the old cookie is signed out.
      await signOut(member);
      expect(await validateSession(t!.db, member.session!)).toBeNull();
    });

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)("re-sends by role and lead state: a data request's emails only by an admin, nothing for a lead in spam or archived", async () => {
      vi.stubEnv('SMTP_URL', 'smtp://127.0.0.1:9');
      try {
        const admin = await signedIn('ada@example.com', 'correct horse battery');
        const member = await signedIn('max@example.com', 'member horse battery');
        const [{ id: requestId }] = await query<{ id: string }>(t!.handle, `insert into data_requests (email, type) values ('someone@example.net', 'export') returning id`);
        const [{ id: contactId }] = await query<{ id: string }>(t!.handle, `insert into contact_messages (name, email, subject, message) values ('Cy', 'cy@example.net', 'general', 'hello') returning id`);
        const delivery = async (leadType: string, leadId: string, channel: string) =>
          (await query<{ id: string }>(t!.handle, `insert into notification_outbox (lead_type, lead_id, channel, status, sent_at) values ($1, $2, $3, 'sent', now()) returning id`, [leadType, leadId, channel]))[0].id;
        const ack = await delivery('dataRequest', requestId, 'ack');
        const staffEmail = await delivery('contact', contactId, 'email');
        const pending = async () => (await query(t!.handle, `select 1 from notification_outbox where status = 'pending'`)).length;
        const resend = (who: typeof admin, id: string) => prepareStaffPage(who, post(`/staff/leads/x/${id}`, { _action: 'resendNotification', delivery: id }), { role: 'member' });
        const refused = (message: RegExp) => ({ posted: { action: 'resendNotification', result: { status: 'error', message: expect.stringMatching(message) } } });

        // A data request's acknowledgement (a fresh verification link): admins only, as data requests are.
        expect(await resend(member, ack)).toMatchObject(refused(/^Only admins can re-send a data request's notifications\./));
        expect(await pending()).toBe(0);
        expect(await resend(admin, ack)).toMatchObject({ posted: { result: { status: 'success' } } });
        expect(await pending()).toBe(1);

        // A lead marked spam or archived gets nothing sent again, by anyone, until its status is changed back.
        for (const status of ['spam', 'archived'] as const) {
          await changeStatus(admin.db, admin.user!.id, [{ kind: 'contact', id: contactId }], status);
          for (const who of [member, admin]) expect(await resend(who, staffEmail)).toMatchObject(refused(/^Not sent: this lead is marked (Spam|Archived)\./));
        }
        await changeStatus(admin.db, admin.user!.id, [{ kind: 'contact', id: contactId }], 'contacted');
        expect(await resend(member, staffEmail)).toMatchObject({ posted: { result: { status: 'success' } } });
        expect(await pending()).toBe(2);
      } finally {
        vi.unstubAllEnvs();
      }
    });

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)('counts every spelling that signs in to one account as that account: a dotted İ gives no new allowance', async () => {
      await createStaffUser(t!.handle, { email: 'ivy@example.com', name: 'Ivy', role: 'member', password: 'ivy horse battery staple' });
      const throttle = createThrottle({ pairMax: 3, pairWindowSeconds: 60, ipMax: 100, ipWindowSeconds: 60 }, t!.handle);
      const from = async (email: string, password: string) => {
        const ctx = await withSignedInUser({ db: t!.db, throttle, cookies: cookieJar(), headers: new Headers(), https: false, ip: '198.51.100.20', requestId: 'test-request' });
        return prepareStaffPage(ctx, post('/staff/sign-in', { _action: 'signIn', email, password }), { role: 'anyone' });
      };
      // PostgreSQL's lower() reads 'İvy@Example.com' as Ivy's address (JavaScript's gives 'i̇vy@example.com').
      expect((await findActiveUserByEmail(t!.db, 'İvy@Example.com'))?.id).toBeTruthy();
      for (let i = 0; i < 3; i++) expect(await from('ivy@example.com', `guess number ${i}`)).toMatchObject({ status: 401 });
      // The allowance of this address for Ivy is spent, whichever way her address is spelt...
      for (const spelling of ['İvy@example.com', 'IVY@EXAMPLE.COM', ' ivy@example.com ']) {
        expect(await from(spelling, 'another guess here')).toMatchObject({ status: 429, posted: { result: { status: 'limited' } } });
      }
      // ...and the right password is not checked either until the window has passed.
      expect(await from('İvy@example.com', 'ivy horse battery staple')).toMatchObject({ status: 429 });
    });
  });
}
