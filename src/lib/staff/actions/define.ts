import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { ActionRefused, fail, type ActionResult } from '../action-state';
import { adminOnlyMessage, checkAccess } from '../auth';
import type { StaffContext } from '../context';
import { isUuid } from '../filters';
import { staffLog } from '../staff-log';
import type { StaffUser } from '../sessions';

/** Where the browser goes when an action is done (303 after the POST). */
export type Redirect = { redirect: string };
export const redirectTo = (location: string): Redirect => ({ redirect: location });

/** What running a staff action answers: the result its form shows, with the page's HTTP status (200 unless given), or a redirect. */
export type ActionAnswer<R = ActionResult> = { result: R; status?: number } | Redirect;

/** A staff action as a page runs it: the request's context and the form's fields in, the answer out. */
export type StaffAction = (ctx: StaffContext, form: FormData) => Promise<ActionAnswer>;

export type ActionContext<I> = {
  user: StaffUser;
  input: I;
  db: Db;
  /** Details for the audit line written when the action is done (ids and counts, never personal data). */
  audit: (details: Record<string, unknown>) => void;
};

type Options<S extends z.ZodObject> = {
  /** The audit event, e.g. `staff.bulk_status`. */
  event: string;
  /** Who may run it: any signed-in staff member (default) or an admin (a member gets 403 and `adminOnlyMessage`). */
  role?: 'member' | 'admin';
  /** The form's fields; the first field that fails answers with its message. */
  input: S;
};

const isList = (s: unknown): boolean => s instanceof z.ZodArray || (s instanceof z.ZodPipe && isList(s.in));

/** The fields `shape` names, from the form: every value of a list field, the first value of any other. */
function readForm(form: FormData, shape: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(shape)) out[name] = isList(schema) ? form.getAll(name) : (form.get(name) ?? undefined);
  return out;
}

/**
 * Defines a staff action: the session (a signed-out request is sent to sign in), the role, the input
 * parsed with zod, and an audit line (`event`, the user, the request) when it is done. `run` gets the
 * parsed input and answers with the form's result or a redirect; an `ActionRefused` it throws becomes
 * the answer's message.
 */
export function staffAction<S extends z.ZodObject>(
  options: Options<S>,
  run: (ctx: ActionContext<z.output<S>>) => Promise<ActionResult | Redirect>,
): StaffAction {
  return async (ctx, form) => {
    const refusal = checkAccess(ctx.user, options.role ?? 'member');
    if (refusal?.kind === 'redirect') return redirectTo(refusal.location);
    if (refusal || !ctx.user) return { result: fail(adminOnlyMessage), status: 403 };
    const user = ctx.user;
    const parsed = options.input.safeParse(readForm(form, options.input.shape));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue.path[0] ?? '');
      return { result: fail(issue.message, field ? { [field]: issue.message } : undefined) };
    }
    const details: Record<string, unknown> = {};
    const done = () => staffLog.info({ event: options.event, userId: user.id, requestId: ctx.requestId, ...details }, options.event);
    try {
      const answer = await run({ user, input: parsed.data, db: ctx.db, audit: (more) => Object.assign(details, more) });
      if ('redirect' in answer) {
        done();
        return answer;
      }
      if (answer.status === 'success') done();
      return { result: answer };
    } catch (err) {
      if (err instanceof ActionRefused) return { result: fail(err.message) };
      throw err;
    }
  };
}

/** Input helpers: a form value that must be present and valid, with the message the staff member reads. */
export const field = {
  /** A value `accept` turns into T (null: refused with `message`). */
  parsed: <T>(accept: (v: unknown) => T | null, message: string) =>
    z.unknown().transform((v, ctx): T => {
      const out = accept(v);
      if (out === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return out;
    }),
  uuid: (message: string) => field.parsed((v) => (isUuid(v) ? v : null), message),
  /** Text, '' when absent. */
  text: z.string().catch(''),
};
