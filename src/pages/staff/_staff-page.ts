// Not a route (the underscore): the glue between the staff pages and lib/staff, in Astro's terms.
import type { AstroGlobal } from 'astro';
import type { StaffContext } from '@/lib/staff/context';
import { prepareStaffPage, type PageAccess, type PostedAction } from '@/lib/staff/page';

/** The staff request of `Astro.locals` (src/middleware.ts fills it for every /staff path). */
export function staffContext(locals: App.Locals): StaffContext {
  if (!locals.staff) throw new Error('No Astro.locals.staff: src/middleware.ts fills it for /staff paths');
  return locals.staff;
}

export type StaffPage = { response: Response } | { response?: undefined; staff: StaffContext; forbidden: boolean; posted?: PostedAction };

/**
 * The start of every staff page's frontmatter: the access check and a posted action (lib/staff/page.ts),
 * in Astro's terms. A redirect (303 after a POST, else 307) or a 404 is the answer to return; otherwise
 * the status is set, `forbidden` says to show the "no access" page instead of the body, and `posted`
 * is the answer for the form that posted.
 */
export async function staffPage(Astro: AstroGlobal, access: PageAccess): Promise<StaffPage> {
  const staff = staffContext(Astro.locals);
  const outcome = await prepareStaffPage(staff, Astro.request, access);
  if (outcome.kind === 'redirect') return { response: Astro.redirect(outcome.location, Astro.request.method === 'POST' ? 303 : 307) };
  if (outcome.kind === 'not-found') return { response: await Astro.rewrite('/404') };
  Astro.response.status = outcome.kind === 'forbidden' ? 403 : outcome.status;
  return { staff, forbidden: outcome.kind === 'forbidden', posted: outcome.kind === 'render' ? outcome.posted : undefined };
}
