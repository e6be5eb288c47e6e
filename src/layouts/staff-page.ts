import type { AstroGlobal } from 'astro';
import { prepareStaffPage } from '@/lib/staff/page';

export type StaffPage = { response: Response } | { response?: undefined; forbidden: boolean };

/**
 * The start of every staff page's frontmatter: runs `check` and a posted action (lib/staff/page.ts), and
 * turns the outcome into Astro's terms. A redirect (303 after a POST) or a 404 is the answer to return;
 * otherwise the status is set, and `forbidden` says to show the "no access" page instead of the body.
 */
export async function staffPage(Astro: AstroGlobal, check: () => Promise<unknown>): Promise<StaffPage> {
  const outcome = await prepareStaffPage(Astro.request, check);
  if (outcome.kind === 'redirect') return { response: Astro.redirect(outcome.location, Astro.request.method === 'POST' ? 303 : 307) };
  if (outcome.kind === 'not-found') return { response: await Astro.rewrite('/404') };
  Astro.response.status = outcome.kind === 'forbidden' ? 403 : outcome.status;
  return { forbidden: outcome.kind === 'forbidden' };
}
