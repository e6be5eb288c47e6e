import { idle } from './action-state';
import { staffActions } from './actions';
import { signIn } from './actions/sign-in';
import { initialSignInState } from './sign-in-state';
import { ForbiddenSignal, NotFoundSignal, RedirectSignal, setPostedAction, staffRequest } from './request';

export type StaffPageOutcome = { kind: 'render'; status: number } | { kind: 'redirect'; location: string } | { kind: 'forbidden' } | { kind: 'not-found' };

/**
 * What a staff page does before it renders: `check` (the session and role, and that what the address
 * names exists), then for a POST the action the form names (`_action`, lib/staff/actions), whose answer
 * the page shows in that form. An action or check may redirect (303), refuse (403) or find nothing (404).
 */
export async function prepareStaffPage(request: Request, check: () => Promise<unknown>): Promise<StaffPageOutcome> {
  try {
    await check();
    if (request.method === 'POST') {
      let form: FormData;
      try {
        form = await request.formData();
      } catch {
        return { kind: 'render', status: 400 };
      }
      const name = String(form.get('_action') ?? '');
      // What was typed, to show again after a refusal (never a password).
      const values: Record<string, string> = {};
      for (const [field, value] of form) if (typeof value === 'string' && !/password/i.test(field) && !field.startsWith('_')) values[field] = value;
      const key = String(form.get('_key') ?? '');
      if (name === 'signIn') {
        setPostedAction({ action: name, key, result: await signIn(initialSignInState, form) });
      } else if (Object.hasOwn(staffActions, name)) {
        const action = staffActions[name as keyof typeof staffActions];
        setPostedAction({ action: name, key, result: await action(idle, form), values });
      } else {
        staffRequest().status = 400;
        setPostedAction({ action: name, key, result: { status: 'error', message: 'This form is not known here. Please reload the page and try again.', at: Date.now() } });
      }
    }
    return { kind: 'render', status: staffRequest().status ?? 200 };
  } catch (err) {
    if (err instanceof RedirectSignal) return { kind: 'redirect', location: err.location };
    if (err instanceof ForbiddenSignal) return { kind: 'forbidden' };
    if (err instanceof NotFoundSignal) return { kind: 'not-found' };
    throw err;
  }
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
