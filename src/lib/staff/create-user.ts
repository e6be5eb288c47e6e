// Creating a staff account on an open database handle (PGlite or pg pool): shared by
// `npm run staff:create`, the e2e set-up and the integration tests. Plain SQL.
import { queryable, type DbHandle } from '@/lib/db/connection';
import { hashPassword, passwordProblem } from './password';
import { ActionRefused } from './action-state';
import { staffEmailIsSql } from './staff-email';

export const staffRoleNames = ['admin', 'member'] as const;
export type StaffRoleName = (typeof staffRoleNames)[number];
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export class StaffInputError extends ActionRefused {
  override name = 'StaffInputError';
}

/** The fields of a new account as they come in (a form, the command line): checked by checkNewStaff. */
export type NewStaffInput = { email?: unknown; name?: unknown; role?: unknown; password?: unknown };
export type NewStaff = { email: string; name: string; role: StaffRoleName; password: string };

const isRole = (role: unknown): role is StaffRoleName => (staffRoleNames as readonly unknown[]).includes(role);

/** Checks and normalises the fields of a new account; throws StaffInputError with a clear message. */
export function checkNewStaff({ email, name, role, password }: NewStaffInput): NewStaff {
  const e = String(email ?? '').trim();
  const n = String(name ?? '').trim();
  if (!emailPattern.test(e) || e.length > 254) throw new StaffInputError('Please enter a valid email');
  if (!n) throw new StaffInputError('Name is required');
  if (n.length > 100) throw new StaffInputError('Name must be at most 100 characters');
  if (/[\u0000-\u001F\u007F]/.test(n + e)) throw new StaffInputError('Name and email must not contain control characters');
  if (!isRole(role)) throw new StaffInputError(`Role must be one of: ${staffRoleNames.join(', ')}`);
  const problem = passwordProblem(password);
  if (problem) throw new StaffInputError(problem);
  return { email: e, name: n, role, password: password as string };
}

/**
 * Inserts the account. With `upsert`, an existing account with that email gets the new name, role and
 * password instead (and is enabled again); otherwise an existing email is an error.
 */
export async function createStaffUser(
  handle: DbHandle,
  input: NewStaffInput,
  { upsert = false }: { upsert?: boolean } = {},
): Promise<{ id: string; created: boolean }> {
  const { email, name, role, password } = checkNewStaff(input);
  const passwordHash = await hashPassword(password);
  const client = queryable(handle);
  const existing = await client.query(`select id from staff_users where ${staffEmailIsSql}`, [email]);
  if (existing.rows.length) {
    if (!upsert) throw new StaffInputError(`A staff account with the email ${email} already exists`);
    const id = (existing.rows[0] as { id: string }).id;
    await client.query('update staff_users set name = $2, role = $3, password_hash = $4, disabled_at = null where id = $1', [id, name, role, passwordHash]);
    await client.query('delete from staff_sessions where user_id = $1', [id]);
    return { id, created: false };
  }
  const res = await client.query('insert into staff_users (email, name, role, password_hash) values ($1, $2, $3, $4) returning id', [
    email,
    name,
    role,
    passwordHash,
  ]);
  return { id: (res.rows[0] as { id: string }).id, created: true };
}
