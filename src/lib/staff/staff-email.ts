import { sql } from 'drizzle-orm';
import { staffUsers } from '@/lib/db/staff-schema';

/**
 * The one way a typed address names a staff account: PostgreSQL's `lower()` on both sides, the expression
 * of the unique index `staff_users_email_lower_key`. Signing in, adding an account and `staff:create` all
 * use it, and the sign-in throttle counts by the account this lookup finds (`throttleSubject`), never by
 * a lower-casing of its own: JavaScript's and PostgreSQL's differ outside ASCII ('İ' is 'i̇' in one, 'i'
 * in the other), so any spelling that signs in to an account counts against that account.
 */
export const staffEmailIs = (email: string) => sql`lower(${staffUsers.email}) = lower(${email})`;

/** The same condition in plain SQL, the address as `$1` (create-user.ts runs on a bare handle). */
export const staffEmailIsSql = 'lower(email) = lower($1)';
