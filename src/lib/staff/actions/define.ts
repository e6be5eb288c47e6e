import { z } from 'zod';
import { getDb, type Db } from '@/lib/db/client';
import { ActionRefused, fail, type ActionResult } from '../action-state';
import { adminOnlyMessage, requireAdminForAction, requireStaff } from '../auth';
import { isUuid } from '../filters';
import { staffLog } from '../staff-log';
import { RedirectSignal, staffRequest } from '../request';
import type { StaffUser } from '../sessions';

/** A staff action as a page runs it: the form's fields in, the answer the form shows out. */
export type StaffAction = (prev: ActionResult, form: FormData) => Promise<ActionResult>;

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
 * parsed input; an `ActionRefused` it throws becomes the answer's message.
 */
export function staffAction<S extends z.ZodObject>(options: Options<S>, run: (ctx: ActionContext<z.output<S>>) => Promise<ActionResult>): StaffAction {
  return async (_prev, form) => {
    let user: StaffUser;
    if (options.role === 'admin') {
      const admin = await requireAdminForAction();
      if (!admin) return fail(adminOnlyMessage);
      user = admin;
    } else {
      user = await requireStaff();
    }
    const parsed = options.input.safeParse(readForm(form, options.input.shape));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue.path[0] ?? '');
      return fail(issue.message, field ? { [field]: issue.message } : undefined);
    }
    const details: Record<string, unknown> = {};
    const done = () => staffLog.info({ event: options.event, userId: user.id, requestId: staffRequest().requestId, ...details }, options.event);
    try {
      const result = await run({ user, input: parsed.data, db: await getDb(), audit: (more) => Object.assign(details, more) });
      if (result.status === 'success') done();
      return result;
    } catch (err) {
      if (err instanceof RedirectSignal) done();
      if (err instanceof ActionRefused) return fail(err.message);
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
