import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryable } from '@/lib/db/connection';
import { extendedReplyDueBy, replyDueBy, replyDueBySql, retention } from '@/lib/config/retention';
import { purgeExpired, purgeIfDue } from '@/lib/retention/purge';
import { databaseKinds, query, type TestDb } from '../support/vitest-databases';

// The daily purge, run on a clock set forward: what the retention configuration says has expired goes,
// from every table it touches; what is still within its period stays.

const day = 86_400_000;

for (const kind of databaseKinds) {
  describe(`retention purge on ${kind.name}`, () => {
    let t: TestDb | undefined;
    beforeAll(async () => {
      t = await kind.open();
    });
    afterAll(async () => {
      await t?.cleanup();
    });
    const run = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => query<T>(t!.handle, sql, params);
    const one = async (sql: string, params: unknown[]) => (await run<{ id: string }>(sql, params))[0].id;

    /** A contact message received at `at`, with a note, triage, history, a delivery and its submission token. */
    async function contactAt(at: Date, email: string) {
      const id = await one(`insert into contact_messages (name, email, subject, message, created_at) values ('N', $1, 's', 'm', $2) returning id`, [email, at.toISOString()]);
      await run(`insert into lead_triage (lead_type, lead_id, status) values ('contact', $1, 'contacted')`, [id]);
      await run(`insert into lead_status_history (lead_type, lead_id, from_status, to_status) values ('contact', $1, 'new', 'contacted')`, [id]);
      await run(`insert into lead_notes (lead_type, lead_id, body) values ('contact', $1, 'a remark')`, [id]);
      await run(`insert into notification_outbox (lead_type, lead_id, channel, status, created_at) values ('contact', $1, 'email', 'sent', $2)`, [id, at.toISOString()]);
      await run(`insert into submission_tokens (token, lead_type, lead_id) values ($1, 'contact', $2)`, [`purge-token-${id}`, id]);
      await run(`insert into lead_attribution (lead_type, lead_id, utm_source, page) values ('contact', $1, 'news', '/contact')`, [id]);
      await run(`insert into consent_records (lead_type, lead_id, purpose, words, version) values ('contact', $1, 'newsletter', 'w', 'v')`, [id]);
      await run(`insert into lead_screening (lead_type, lead_id, verdict, reasons) values ('contact', $1, 'held', '{no-javascript}')`, [id]);
      return id;
    }
    const attached = async (id: string) =>
      Promise.all(
        ['lead_triage', 'lead_status_history', 'lead_notes', 'notification_outbox', 'submission_tokens', 'lead_attribution', 'consent_records', 'lead_screening'].map(
          async (table) => (await run(`select 1 from ${table} where lead_id = $1`, [id])).length,
        ),
      );

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)('deletes an expired lead from every table, keeps a fresh one, and counts only', async () => {
      if (!t) return;
      const now = new Date();
      // The clock set forward: the purge runs 25 months from now.
      const later = new Date(now);
      later.setUTCMonth(later.getUTCMonth() + retention.leadMonths + 1);
      const old = await contactAt(now, `old-${crypto.randomUUID()}@x.example`);
      const fresh = await contactAt(new Date(later.getTime() - 5 * day), `fresh-${crypto.randomUUID()}@x.example`);
      // A data request of today is kept longer (36 months); a spam lead goes after 30 days.
      const request = await one(`insert into data_requests (email, type) values ('dr@x.example', 'export') returning id`, []);
      await run(`insert into data_request_checks (request_id, verified_at, verified_via) values ($1, now(), 'link')`, [request]);
      const spam = await one(`insert into contact_messages (name, email, subject, message, created_at) values ('S', 'spam@x.example', 's', 'm', $1) returning id`, [new Date(later.getTime() - 40 * day).toISOString()]);
      await run(`insert into lead_triage (lead_type, lead_id, status) values ('contact', $1, 'spam')`, [spam]);
      // Newsletter: a confirmed subscriber stays; a never-confirmed sign-up goes after 30 days.
      const confirmed = await one(`insert into newsletter_subscriptions (email, source, status, confirmed_at) values ($1, 'blog', 'confirmed', now()) returning id`, [`reader-${crypto.randomUUID()}@x.example`]);
      const pending = await one(`insert into newsletter_subscriptions (email, source, status) values ($1, 'blog', 'pending') returning id`, [`maybe-${crypto.randomUUID()}@x.example`]);

      expect(await attached(old)).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
      const counts = await purgeExpired(queryable(t.handle), later);

      expect(await run('select 1 from contact_messages where id = $1', [old])).toHaveLength(0);
      expect(await attached(old)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
      expect(await run('select 1 from contact_messages where id = $1', [fresh])).toHaveLength(1);
      expect(await attached(fresh)).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
      expect(await run('select 1 from contact_messages where id = $1', [spam])).toHaveLength(0);
      expect(await run('select 1 from data_requests where id = $1', [request])).toHaveLength(1);
      expect(await run('select 1 from data_request_checks where request_id = $1', [request])).toHaveLength(1);
      expect(await run('select 1 from newsletter_subscriptions where id = $1', [confirmed])).toHaveLength(1);
      expect(await run('select 1 from newsletter_subscriptions where id = $1', [pending])).toHaveLength(0);
      expect(counts.contact_messages).toBeGreaterThanOrEqual(2);
      expect(counts.newsletter_subscriptions).toBeGreaterThanOrEqual(1);
      expect(Object.values(counts).every((n) => Number.isInteger(n))).toBe(true);

      // Three years on, the data request and its checks go too.
      const muchLater = new Date(now);
      muchLater.setUTCMonth(muchLater.getUTCMonth() + retention.dataRequestMonths + 1);
      await purgeExpired(queryable(t.handle), muchLater);
      expect(await run('select 1 from data_requests where id = $1', [request])).toHaveLength(0);
      expect(await run('select 1 from data_request_checks where request_id = $1', [request])).toHaveLength(0);
    });

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)('keeps a data request held or marked spam until its reply deadline has passed, extended or not', async () => {
      if (!t) return;
      // The reply is due 30 days after receipt, which is when spam goes too: a request must still be there
      // until then, and an extended one until its extension.
      const received = new Date('2024-01-10T12:00:00Z');
      const minute = 60_000;
      const spamRequest = async () => {
        const id = await one(`insert into data_requests (email, type, created_at) values ($1, 'erase', $2) returning id`, [`held-${crypto.randomUUID()}@x.example`, received.toISOString()]);
        await run(`insert into lead_triage (lead_type, lead_id, status) values ('dataRequest', $1, 'spam')`, [id]);
        await run(`insert into lead_screening (lead_type, lead_id, verdict, reasons) values ('dataRequest', $1, 'held', '{no-javascript}')`, [id]);
        return id;
      };
      const plain = await spamRequest();
      const extended = await spamRequest();
      const extendedUntil = extendedReplyDueBy(received);
      await run(`insert into data_request_checks (request_id, extended_until, extension_reason) values ($1, $2, 'many records')`, [extended, extendedUntil.toISOString()]);
      const kept = async (id: string) => (await run('select 1 from data_requests where id = $1', [id])).length === 1;
      const purgeAt = (at: Date) => purgeExpired(queryable(t!.handle), at);

      const due = replyDueBy(received, null);
      expect(due.getTime()).toBeGreaterThanOrEqual(received.getTime() + retention.spamDays * day);
      await purgeAt(new Date(due.getTime() - minute));
      expect([await kept(plain), await kept(extended)]).toEqual([true, true]);
      await purgeAt(new Date(due.getTime() + minute));
      expect([await kept(plain), await kept(extended)]).toEqual([false, true]);
      await purgeAt(new Date(extendedUntil.getTime() - minute));
      expect(await kept(extended)).toBe(true);
      await purgeAt(new Date(extendedUntil.getTime() + minute));
      expect(await kept(extended)).toBe(false);
      expect(await run('select 1 from data_request_checks where request_id = $1', [extended])).toHaveLength(0);
    });

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)('the database and the staff pages agree on every reply deadline', async () => {
      if (!t) return;
      for (const at of ['2024-01-31T23:30:00Z', '2024-02-29T00:10:00Z', '2025-03-31T12:00:00Z', '2025-12-15T08:00:00Z']) {
        const [row] = await run<{ due: Date | string }>(`select ${replyDueBySql('$1::timestamptz', 'null::timestamptz')} as due`, [at]);
        expect(new Date(row.due).toISOString(), at).toBe(replyDueBy(new Date(at), null).toISOString());
      }
    });

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)('deletes submission tokens that name no lead once their days are over', async () => {
      if (!t) return;
      const now = new Date();
      const token = async (name: string, at: Date) => run(`insert into submission_tokens (token, lead_type, created_at) values ($1, 'newsletter', $2)`, [name, at.toISOString()]);
      const old = `h_orphan-old-${crypto.randomUUID()}`;
      const fresh = `h_orphan-fresh-${crypto.randomUUID()}`;
      await token(old, new Date(now.getTime() - (retention.orphanTokenDays * day + 60_000)));
      await token(fresh, new Date(now.getTime() - (retention.orphanTokenDays * day - 60_000)));
      const counts = await purgeExpired(queryable(t.handle), now);
      expect(await run('select token from submission_tokens where token = any($1::text[])', [[old, fresh]])).toEqual([{ token: fresh }]);
      expect(counts.submission_tokens).toBeGreaterThanOrEqual(1);
    });

    it.runIf(kind.name === 'PGlite' || process.env.DATABASE_URL)('runs once a day across instances: a second call within 23 hours does nothing', async () => {
      if (!t) return;
      const at = new Date(Date.now() + 400 * day);
      expect(await purgeIfDue(queryable(t.handle), at)).not.toBeNull();
      expect(await purgeIfDue(queryable(t.handle), new Date(at.getTime() + 22 * 3_600_000))).toBeNull();
      expect(await purgeIfDue(queryable(t.handle), new Date(at.getTime() + 24 * 3_600_000))).not.toBeNull();
    });
  });
}
