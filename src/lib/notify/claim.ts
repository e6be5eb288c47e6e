// The claim of an outbox table's due rows, shared by the delivery loop's two tables (`notification_outbox`,
// lib/notify/loop.ts, and `staff_emails`, lib/staff-mail/pass.ts): one UPDATE over `FOR UPDATE SKIP LOCKED`,
// so that any number of loops on one database take each due row once; a lease (`locked_until`, $2 ms) after
// which another loop may take a row whose claimer died; a claim token ($3) that alone may settle it; and the
// attempt counted at the claim, so that a crash mid-send still counts. $1: how many rows at most.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '@/lib/db/connection';

export type OutboxTable = 'notification_outbox' | 'staff_emails';

/** The statement for `table` (a constant of ours, never input), returning `columns` of each row claimed. */
export const claimStatement = (table: OutboxTable, columns: string) => `
update ${table}
   set locked_until = now() + ($2::int * interval '1 millisecond'),
       claim_token = $3::uuid,
       attempts = attempts + 1
 where id in (
       select id from ${table}
        where status = 'pending'
          and next_attempt_at <= now()
          and (locked_until is null or locked_until < now())
        order by next_attempt_at
        limit $1
          for update skip locked)
returning ${columns}`;

/** A row as claimed: its id, the attempt the claim counted, and the claim's token. */
export type ClaimedRow = { id: string; attempts: number; token: string };

export type OutboxClaimer<R> = {
  /** Claims up to `n` due rows for this loop, with a new token and a lease of `leaseMs`. */
  claim(n: number): Promise<(R & ClaimedRow)[]>;
  /**
   * Records an outcome (`set`: the assignments; $3 on: `params`), only if this claim still holds the row (a
   * claim whose lease ran out and was taken over records nothing); `onlyIfPending`: not over a row staff
   * cancelled meanwhile.
   */
  settle(row: ClaimedRow, set: string, params?: unknown[], onlyIfPending?: boolean): Promise<unknown>;
  /** Hands back the rows of this loop's claims that are not settled (every settle clears locked_until); resolves with how many. */
  release(): Promise<number>;
};

/** The claims of one loop on `table`: the tokens whose lease may still hold rows, kept to hand them back when the loop stops. */
export function outboxClaimer<R>(client: Queryable, table: OutboxTable, columns: string, leaseMs: number): OutboxClaimer<R> {
  const statement = claimStatement(table, columns);
  /** Claim token -> when it was taken (older than the lease: expired anyway, forgotten). */
  const claims = new Map<string, number>();
  return {
    async claim(n) {
      const token = randomUUID();
      const now = Date.now();
      for (const [t, at] of claims) if (now - at > leaseMs) claims.delete(t);
      claims.set(token, now);
      const { rows } = await client.query(statement, [n, leaseMs, token]);
      if (!rows.length) claims.delete(token);
      return (rows as (R & { id: string; attempts: unknown })[]).map((r) => ({ ...r, attempts: Number(r.attempts), token }));
    },
    settle: (row, set, params = [], onlyIfPending = false) =>
      client.query(`update ${table} set ${set} where id = $1 and claim_token = $2${onlyIfPending ? " and status = 'pending'" : ''}`, [row.id, row.token, ...params]),
    async release() {
      if (!claims.size) return 0;
      const { rows } = await client.query(
        `update ${table} set locked_until = null where claim_token = any($1::uuid[]) and status = 'pending' and locked_until is not null returning id`,
        [[...claims.keys()]],
      );
      claims.clear();
      return rows.length;
    },
  };
}
