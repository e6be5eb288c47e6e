// The claim of an outbox table's due rows, shared by the delivery loop's two tables (`notification_outbox`,
// lib/notify/loop.ts, and `staff_emails`, lib/staff-mail/pass.ts): one UPDATE over `FOR UPDATE SKIP LOCKED`,
// so that any number of loops on one database take each due row once; a lease (`locked_until`, $2 ms) after
// which another loop may take a row whose claimer died; a claim token ($3) that alone may settle it; and the
// attempt counted at the claim, so that a crash mid-send still counts. $1: how many rows at most.
/** The statement for `table` (a constant of ours, never input), returning `columns` of each row claimed. */
export const claimStatement = (table: 'notification_outbox' | 'staff_emails', columns: string) => `
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
