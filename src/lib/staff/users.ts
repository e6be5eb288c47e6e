import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { staffSessions, staffUsers, type StaffRole } from '@/lib/db/staff-schema';
import { checkNewStaff, StaffInputError } from './create-user';
import { staffEmailIs } from './staff-email';
import { hashPassword } from './password';
import { ActionRefused } from './action-state';

/** Staff accounts: listing and the admin's changes. An admin can never remove the last active admin. */
export type StaffAccount = { id: string; email: string; name: string; role: StaffRole; disabled: boolean; createdAt: Date };

export async function listStaff(db: Db): Promise<StaffAccount[]> {
  const rows = await db
    .select({ id: staffUsers.id, email: staffUsers.email, name: staffUsers.name, role: staffUsers.role, disabledAt: staffUsers.disabledAt, createdAt: staffUsers.createdAt })
    .from(staffUsers)
    .orderBy(asc(staffUsers.name), asc(staffUsers.email));
  return rows.map((r) => ({ id: r.id, email: r.email, name: r.name, role: r.role as StaffRole, disabled: r.disabledAt !== null, createdAt: r.createdAt }));
}

export class LastAdminError extends ActionRefused {
  name = 'LastAdminError';
}

export async function addStaff(db: Db, input: { email: string; name: string; role: string; password: string }) {
  const v = checkNewStaff(input);
  const existing = await db.select({ id: staffUsers.id }).from(staffUsers).where(staffEmailIs(v.email));
  if (existing.length) throw new StaffInputError('A staff account with this email already exists');
  const passwordHash = await hashPassword(v.password);
  const rows = await db.insert(staffUsers).values({ email: v.email, name: v.name, role: v.role, passwordHash }).onConflictDoNothing().returning({ id: staffUsers.id });
  if (!rows.length) throw new StaffInputError('A staff account with this email already exists');
  return rows[0].id;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Locks the active admins and fails when `userId` is the only one (concurrent changes wait their turn). */
async function assertNotLastAdmin(tx: Tx, userId: string) {
  const admins = await tx
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'admin'), isNull(staffUsers.disabledAt)))
    .for('update');
  if (admins.some((a) => a.id === userId) && admins.length <= 1) throw new LastAdminError('This is the last active admin: make another admin first.');
}

export async function changeRole(db: Db, userId: string, role: StaffRole) {
  await db.transaction(async (tx) => {
    if (role !== 'admin') await assertNotLastAdmin(tx, userId);
    await tx.update(staffUsers).set({ role }).where(eq(staffUsers.id, userId));
  });
}

/** Disabling ends the account's sessions at once. */
export async function setDisabled(db: Db, userId: string, disabled: boolean) {
  await db.transaction(async (tx) => {
    if (disabled) await assertNotLastAdmin(tx, userId);
    await tx.update(staffUsers).set({ disabledAt: disabled ? sql`now()` : null }).where(eq(staffUsers.id, userId));
    if (disabled) await tx.delete(staffSessions).where(eq(staffSessions.userId, userId));
  });
}

/** Removes the account (its sessions go with it; its notes and history keep the text, without a name). */
export async function removeStaff(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    await assertNotLastAdmin(tx, userId);
    await tx.delete(staffUsers).where(eq(staffUsers.id, userId));
  });
}

export async function activeAdminCount(db: Db, exceptId?: string) {
  const where = exceptId ? and(eq(staffUsers.role, 'admin'), isNull(staffUsers.disabledAt), ne(staffUsers.id, exceptId)) : and(eq(staffUsers.role, 'admin'), isNull(staffUsers.disabledAt));
  const [row] = await db.select({ n: count() }).from(staffUsers).where(where);
  return Number(row?.n ?? 0);
}
