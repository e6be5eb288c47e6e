import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { staffUsers } from '@/lib/db/staff-schema';

/**
 * Whether a staff member's single-key shortcuts are on (`staff_users.shortcuts`, default on). WCAG 2.1.4
 * (Character Key Shortcuts): each member can turn them off; the keyboard triage islands then listen to no
 * key and the pages show no key hints (docs/speed-to-lead.md, "Keyboard triage").
 */
export async function shortcutsOn(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: staffUsers.shortcuts }).from(staffUsers).where(eq(staffUsers.id, userId)).limit(1);
  return row?.on ?? true;
}

export async function setShortcuts(db: Db, userId: string, on: boolean): Promise<void> {
  await db.update(staffUsers).set({ shortcuts: on }).where(eq(staffUsers.id, userId));
}
