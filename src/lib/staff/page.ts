import type { Db } from '@/lib/db/client';
import type { StaffRole } from '@/lib/db/staff-schema';
import { fail } from './action-state';
import { staffActions } from './actions';
import type { ActionAnswer } from './actions/define';
import { signIn } from './actions/sign-in';
import { checkAccess } from './auth';
import type { StaffContext } from './context';

/** Who may open a staff page, and what its address must name. */
export type PageAccess = {
  /** Any signed-in staff member, an admin (a member gets 403), or anyone (the sign-in page). */
  role: StaffRole | 'anyone';
  /** Where to come back to after signing in (a signed-out request is sent to sign in). */
  returnTo?: string;
  /** Whether what the address names exists (checked after the role; false answers 404). */
  exists?: (db: Db) => Promise<boolean>;
};

/** The answer of the staff action posted in this request, for the form that posted it. */
export type PostedAction = { action: string; key: string; result: unknown; values?: Record<string, string> };

export type StaffPageOutcome =
  { kind: 'render'; status: number; posted?: PostedAction } | { kind: 'redirect'; location: string } | { kind: 'forbidden' } | { kind: 'not-found' };

/**
 * What a staff page does before it renders: the access check (the session and role, and that what the
 * address names exists), then for a POST the action the form names (`_action`, lib/staff/actions), whose
 * answer the page shows in that form. The outcome says to render (with the status and the posted
 * action's answer), redirect (303 after a POST), refuse (403) or answer 404.
 */
export async function prepareStaffPage(ctx: StaffContext, request: Request, access: PageAccess): Promise<StaffPageOutcome> {
  const refusal = access.role === 'anyone' ? undefined : checkAccess(ctx.user, access.role, access.returnTo);
  if (refusal) return refusal;
  if (access.exists && !(await access.exists(ctx.db))) return { kind: 'not-found' };
  if (request.method !== 'POST') return { kind: 'render', status: 200 };
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { kind: 'render', status: 400 };
  }
  const action = String(form.get('_action') ?? '');
  const key = String(form.get('_key') ?? '');
  // What was typed, to show again after a refusal (never a password).
  const values: Record<string, string> = {};
  for (const [field, value] of form) if (typeof value === 'string' && !/password/i.test(field) && !field.startsWith('_')) values[field] = value;
  const answer: ActionAnswer<unknown> =
    action === 'signIn'
      ? await signIn(ctx, form)
      : Object.hasOwn(staffActions, action)
        ? await staffActions[action as keyof typeof staffActions](ctx, form)
        : { result: fail('This form is not known here. Please reload the page and try again.'), status: 400 };
  if ('redirect' in answer) return { kind: 'redirect', location: answer.redirect };
  // "Archive and next" (keyboard triage): a form may name the staff page to go to once its action is done.
  const then = nextPage(form.get('_then'));
  if (then && (answer.result as { status?: string }).status === 'success') return { kind: 'redirect', location: then };
  return { kind: 'render', status: answer.status ?? 200, posted: { action, key, result: answer.result, values: action === 'signIn' ? undefined : values } };
}

/** A form's `_then`: a staff page of this site (a path under /staff, never another origin), or null. */
export function nextPage(raw: unknown): string | null {
  if (typeof raw !== 'string' || !raw.startsWith('/staff') || raw.startsWith('//')) return null;
  const url = new URL(raw, 'http://staff.invalid');
  return url.origin === 'http://staff.invalid' && /^\/staff(\/|$)/.test(url.pathname) ? `${url.pathname}${url.search}` : null;
}

/** The query string as the pages read it: a name given twice is a list. */
export function queryRecord(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    out[key] = all.length > 1 ? all : all[0];
  }
  return out;
}
