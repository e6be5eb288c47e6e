// The database side of the IMAP watcher (imap.ts): one row per mailbox in `imap_mailboxes` holds the lease
// that lets one watcher at a time, of every instance on the database, take its mail, and the highest UID
// taken under the mailbox's UIDVALIDITY, so that a restart resumes after it without losing or doubling a
// message. Every write names the holder: a watcher whose lease another has taken over writes nothing.
import type { Queryable } from '@/lib/db/connection';

export type MailboxState = { uidValidity: number | null; lastUid: number | null };

export type MailboxLease = {
  /** Takes the lease (or renews it) for `ms`; the mailbox's state when held, null when another holds it. */
  acquire: (ms: number) => Promise<MailboxState | null>;
  /** Starts over under a new UIDVALIDITY (nothing taken yet). False when the lease is lost. */
  reset: (uidValidity: number) => Promise<boolean>;
  /** Records that every message up to `uid` was taken. False when the lease is lost. */
  advance: (uid: number) => Promise<boolean>;
  /** Gives the lease up, so another watcher may take the mailbox at once. */
  release: () => Promise<void>;
};

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function mailboxLease(client: Queryable, mailbox: string, holder: string): MailboxLease {
  return {
    async acquire(ms) {
      const { rows } = await client.query(
        `insert into imap_mailboxes as m (mailbox, holder, lease_until) values ($1, $2, now() + ($3::int * interval '1 millisecond'))
         on conflict (mailbox) do update set holder = excluded.holder, lease_until = excluded.lease_until, updated_at = now()
          where m.holder is null or m.holder = excluded.holder or m.lease_until is null or m.lease_until < now()
         returning uid_validity, last_uid`,
        [mailbox, holder, Math.round(ms)],
      );
      const row = rows[0] as { uid_validity: unknown; last_uid: unknown } | undefined;
      return row ? { uidValidity: num(row.uid_validity), lastUid: num(row.last_uid) } : null;
    },
    async reset(uidValidity) {
      const { rows } = await client.query(
        `update imap_mailboxes set uid_validity = $3, last_uid = null, updated_at = now() where mailbox = $1 and holder = $2 returning 1`,
        [mailbox, holder, uidValidity],
      );
      return rows.length > 0;
    },
    async advance(uid) {
      const { rows } = await client.query(
        `update imap_mailboxes set last_uid = greatest(coalesce(last_uid, 0), $3), updated_at = now() where mailbox = $1 and holder = $2 returning 1`,
        [mailbox, holder, uid],
      );
      return rows.length > 0;
    },
    async release() {
      await client.query(`update imap_mailboxes set holder = null, lease_until = null where mailbox = $1 and holder = $2`, [mailbox, holder]);
    },
  };
}
