import fs from 'node:fs';
import path from 'node:path';
import { outDir } from '../../server/build';
import { filteredListPages } from '../../src/lib/filters';
import { leadEndpoints, type LeadEndpointName } from '../../src/lib/leads/endpoints';
import { invalidSummary } from '../../src/lib/leads/form-state';
import { leadKinds, type KindDef } from '../../src/lib/leads/kinds';
import { signupPlans } from '../../src/lib/leads/options';
import { contactSubjects, signupHref } from '../../src/lib/leads/signup';
import { routes } from '../../src/lib/config/routes';
import { serverAnswerKinds, serverAnswerPath } from '../../src/lib/server-answers';
import { loadForm, submitForm } from '../support/form-client';
import { formOnPage, postsForm } from '../support/lead-form-pages';
import { failInsertsFor, uniqueEmail, uniqueIp } from '../support/lead-forms';
import { validLead } from '../support/lead-samples';
import { problemsOf } from '../support/html-checks';
import { insertLongThread, insertRichLead, staffIdOf } from '../support/lead-thread';
import { createStaff, insertLead, leadUrl, marker, replyTo, signIn, sql } from '../support/staff-accounts';
import { expect, test } from './fixtures';

// The rules: tests/support/html-checks.ts.

/** The addresses of the sitemap (every public route and every article), as paths. */
async function sitemapPaths(request: import('@playwright/test').APIRequestContext): Promise<string[]> {
  const xml = await (await request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1].replace(/&amp;/g, '&')).pathname);
}

/** The address of a page file of src/pages (`blog/[slug].astro` -> `/blog/[slug]`). */
const pageAddress = (file: string) => `/${file.replace(/\.astro$/, '').replace(/(^|\/)index$/, '')}`;

/** Whether `checked` (an address asked for) is an address of the page file at `page` (dynamic segments match any). */
function isAddressOf(page: string, checked: string): boolean {
  const pattern = page.replace(/\[\.\.\.[^\]]+\]/g, '.*').replace(/\[[^\]]+\]/g, '[^/]+');
  return new RegExp(`^${pattern}$`).test(checked.split(/[?#]/)[0]);
}

/**
 * The pages rendered on request with a token in their address (the links of the emails): an unknown token
 * gives each its "link not valid" state; their other states have their own specs (emails, newsletter, GDPR).
 */
/** The page files of src/pages (`blog/[slug].astro`) whose address none of `addresses` is, but those `skip` names. */
function uncheckedPages(addresses: string[], skip: (file: string) => boolean): string[] {
  const pagesDir = path.resolve(import.meta.dirname, '../../src/pages');
  const files = fs.readdirSync(pagesDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.astro'));
  return files.map((f) => f.split(path.sep).join('/')).filter((f) => !skip(f) && !addresses.some((a) => isAddressOf(pageAddress(f), a)));
}

const linkPages = ['/newsletter/confirm?token=unknown', '/newsletter/unsubscribe?token=unknown', '/data-request/verify?token=unknown'];

/** What a GET renders differently: a filtered list (with results and without), a preset contact subject, a sign-up plan. */
const queryStates = [
  ...filteredListPages.flatMap((p) => [`${p}?q=a`, `${p}?q=no-such-thing-anywhere`]),
  ...Object.keys(contactSubjects).map((s) => `/contact?subject=${s}`),
  ...signupPlans.map((p) => signupHref(p.value).split('#')[0]),
];

test.describe.configure({ timeout: 180_000 });

test('every route, article, list state, link page and the 404 is valid HTML (html-validate, standard)', async ({ request }) => {
  const sitemap = await sitemapPaths(request);
  // The sitemap lists every route of the route list (and the articles besides).
  expect(routes.map((r) => r.path).filter((p) => !sitemap.includes(p))).toEqual([]);
  const addresses = [...new Set([...routes.map((r) => r.path), ...sitemap, ...queryStates, ...linkPages, '/no-such-page'])];
  const problems: string[] = [];
  for (const address of addresses) {
    const res = await request.get(address, { maxRedirects: 5 });
    expect(res.headers()['content-type'], address).toContain('text/html');
    problems.push(...(await problemsOf(address, await res.text())));
  }
  expect(problems).toEqual([]);

  // Every page file of the public site is among what was checked: a page added later fails here until it
  // is. The staff area, the server's own answers and the forms' answers are checked below; on-request is the
  // address under which the server asks Astro for a prerendered page again (never asked for directly).
  const elsewhere = (f: string) => /^(staff|errors|on-request)\//.test(f) || f === '404.astro';
  expect(uncheckedPages(addresses, elsewhere), 'page files whose address no check above asks for').toEqual([]);
});

test('the server’s own answers (src/pages/errors) are valid HTML, every kind', async ({ request }) => {
  const problems: string[] = [];
  // Each kind is a prerendered page that the server sends as built (server/serve.ts, answerWith);
  // tests/integration/server-answers.test.ts checks it is the one sent for each refusal.
  for (const kind of serverAnswerKinds) {
    const file = path.join(outDir, 'client', serverAnswerPath(kind), 'index.html');
    problems.push(...(await problemsOf(`answer ${kind}`, fs.readFileSync(file, 'utf8'))));
  }
  // And as the server sends them: a refused post and a method a page does not take.
  const refused = await request.post('/contact?form=contact', { headers: { Origin: 'https://evil.example' }, form: { a: 'b' } });
  expect(refused.status()).toBe(403);
  problems.push(...(await problemsOf('403 refused post', await refused.text())));
  const put = await request.put('/pricing');
  expect(put.status()).toBe(405);
  problems.push(...(await problemsOf('405 PUT', await put.text())));
  expect(problems).toEqual([]);
});

test.describe('every lead form’s answers without JavaScript are valid HTML', () => {
  for (const name of Object.keys(leadEndpoints) as LeadEndpointName[]) {
    const { kind } = leadEndpoints[name];
    const def = leadKinds[kind] as KindDef;
    const { path: page } = formOnPage(name);
    test(`${name} (on ${page}): success, invalid and failed`, async ({ baseURL }) => {
      const form = await loadForm(baseURL!, page, postsForm(name));
      const send = (values: Record<string, string>) => submitForm(form, values, { headers: { 'X-Forwarded-For': uniqueIp() } });
      const problems: string[] = [];

      const sent = await send(validLead(kind, uniqueEmail(`valid-html-${name}`)));
      expect(sent.html).toContain(def.outcome.success.title);
      problems.push(...(await problemsOf(`${name} success`, sent.html)));

      const invalid = await send({});
      expect(invalid.html).toContain(invalidSummary);
      problems.push(...(await problemsOf(`${name} invalid`, invalid.html)));

      const email = uniqueEmail(`valid-html-${name}-fail`);
      const restore = await failInsertsFor(def.table, email);
      try {
        const failed = await send(validLead(kind, email));
        expect(failed.html).toContain(def.outcome.failure.title);
        problems.push(...(await problemsOf(`${name} failed`, failed.html)));
      } finally {
        await restore();
      }
      expect(problems).toEqual([]);
    });
  }
});

test('the staff pages are valid HTML: sign-in (and its error), inbox (its views), a lead, a data request, unmatched email, accounts, saved replies, insights, assignment, settings, calendar, the 403 page', async ({ page }) => {
  const m = marker();
  // A saved reply to list (the reply composer's states, with emails on, are checked by staff-replies.spec.ts).
  await sql(`insert into reply_snippets (title, body) values ($1, 'Hello {firstName},\n\nthanks. {myName}')`, [`Thanks ${m}`]);
  const lead = await insertLead({ kind: 'partner', firstName: 'Valid', lastName: m, email: `html-${m}@e2e.example`, company: 'Valid Ltd', message: 'Two lines.\nOf text.' });
  const request = await insertLead({ kind: 'dataRequest', email: `html-${m}@e2e.example`, type: 'export', details: 'All of it.' });
  // An unread answer of the lead, and an email that matched no lead (with a notice and an attachment listed).
  await sql(
    `insert into lead_messages (lead_type, lead_id, direction, from_address, to_address, subject, body_text, dedupe_key, channel, notices, attachments)
     values ('partner', $1, 'in', $2, 'team@e2e.example', 'Re: hello', 'Thanks!', $3, 'webhook', '{}', '[]'),
            (null, null, 'in', $2, 'team@e2e.example', 'Loose <b>one</b>', 'Text & more <script>x</script>', $4, 'imap', '{"Shown as text."}', '[{"filename":"a.pdf","contentType":"application/pdf","size":1200}]')`,
    [lead, `html-${m}@e2e.example`, `html-a-${m}`, `html-b-${m}`],
  );
  const problems: string[] = [];
  const check = async (name: string, html: string) => problems.push(...(await problemsOf(name, html)));
  await page.goto('/staff/sign-in');
  await check('sign-in', await page.content());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter your email')).toBeVisible();
  await check('sign-in with an error', await page.content());
  const admin = createStaff('admin');
  await signIn(page, admin);
  // A reply to the lead: the insights' reply panels with their charts and tables (issue 31).
  await replyTo('partner', lead, admin);
  // A lead with a rich timeline: its answers new for the one who opens it (no owner), and another whose
  // answers stay unread by its owner; the newsletter sign-up of the same address.
  const adminId = await staffIdOf(admin);
  const fresh = await insertRichLead(`${m}a`, adminId);
  const member = createStaff('member');
  const owned = await insertRichLead(`${m}b`, adminId, await staffIdOf(member));
  // A long thread: the newest events and a link to the earlier ones, and all of them.
  await insertLongThread({ type: 'partner', id: lead }, `html-${m}@e2e.example`, 60);
  const addresses = [
    '/staff/sign-in',
    '/staff',
    `/staff?q=${m}-nothing`,
    '/staff?view=unread',
    '/staff?view=awaiting',
    `/staff?view=awaiting&sort=newest&q=${m}-nothing`,
    '/staff?view=people',
    leadUrl('partner', lead),
    leadUrl('partner', fresh.id),
    leadUrl('partner', owned.id),
    `${leadUrl('partner', lead)}?timeline=all`,
    leadUrl('newsletter', fresh.newsletter),
    leadUrl('data_request', request),
    `/staff/data-requests/${request}`,
    '/staff/unmatched',
    '/staff/users',
    '/staff/saved-replies',
    '/staff/insights?days=90',
    // Speed to lead (issue 32): the first-response views, the assignment rules, my settings, the team's calendar.
    '/staff?view=overdue',
    '/staff?view=due-soon',
    '/staff?view=mine',
    '/staff/assignment',
    '/staff/settings',
    '/staff/settings/calendar',
  ];
  for (const address of addresses.slice(1)) {
    const res = await page.request.get(address);
    expect(res.status(), address).toBe(200);
    const html = await res.text();
    // The states of the timeline are the ones this check is for.
    if (address === leadUrl('partner', fresh.id)) expect(html).toContain('2 new emails');
    if (address === leadUrl('partner', owned.id)) expect(html).toContain(`Unread by ${member.name}`);
    if (address === leadUrl('partner', lead)) expect(html).toMatch(/Show the \d+ earlier events/);
    if (address === `${leadUrl('partner', lead)}?timeline=all`) expect(html).toContain('Show only the newest 50');
    await check(address, html);
  }
  await page.context().clearCookies();
  await signIn(page, member);
  const forbidden = await page.request.get('/staff/users');
  expect(forbidden.status()).toBe(403);
  await check('403 /staff/users', await forbidden.text());
  const unmatched = await page.request.get('/staff/unmatched');
  expect(unmatched.status()).toBe(403);
  await check('403 /staff/unmatched', await unmatched.text());
  expect(problems).toEqual([]);
  expect(uncheckedPages(addresses, (f) => !f.startsWith('staff/')), 'staff page files not checked').toEqual([]);
});
