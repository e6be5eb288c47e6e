import { randomUUID } from 'node:crypto';
import { expect as baseExpect, test } from './fixtures';
import { parseForms, type ParsedForm as Form } from '../support/form-client';
import { insertIncoming } from '../support/lead-thread';
import { createStaff, insertLead, leadUrl, marker, sessionCookieOf, signIn, type StaffAccount } from '../support/staff-accounts';

// Sign-in hashes with argon2id (19 MiB): allow for a loaded CI machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

/**
 * The staff boundary, checked over HTTP the way an attacker would try it: every staff page and route
 * without a session, admin-only ones with a member's session, and every staff form (server action)
 * replayed without a session, with a member's session where it needs an admin, and from another origin.
 * Refused means a redirect to sign-in or a 4xx with a message, never a 5xx.
 */
let admin: StaffAccount;
let member: StaffAccount;
let leadPath = '';
let dataRequestPath = '';
let requestId = '';
let originalPath = '';
let unmatchedPath = '';
test.beforeAll(async () => {
  admin = createStaff('admin');
  member = createStaff('member');
  const m = marker();
  const partner = await insertLead({ kind: 'partner', firstName: 'Sec', lastName: m, email: `sec-${m}@e2e.example`, company: 'Sec Ltd' });
  leadPath = leadUrl('partner', partner);
  // The source of an email of the lead's thread (any staff member), and of one that matched no lead (admins).
  originalPath = `/staff/messages/${await insertIncoming({ type: 'partner', id: partner }, { from: `sec-${m}@e2e.example`, body: 'Sec Ltd answers.', at: new Date() })}/original`;
  unmatchedPath = `/staff/messages/${await insertIncoming(null, { from: `stranger-${m}@e2e.example`, body: 'Sec Ltd, unmatched.', at: new Date() })}/original`;
  requestId = await insertLead({ kind: 'dataRequest', email: `sec-${m}@e2e.example`, type: 'export' });
  dataRequestPath = leadUrl('data_request', requestId);
});

const pages = () => [
  '/staff',
  '/staff?type=partner&q=x',
  '/staff/users',
  leadPath,
  dataRequestPath,
  `/staff/data-requests/${requestId}`,
  '/staff/export',
  `/staff/data-requests/${requestId}/export`,
  originalPath,
  unmatchedPath,
  '/staff/saved-replies',
  '/staff/assignment',
  '/staff/settings',
  '/staff/settings/calendar',
  '/staff/insights',
  '/staff/insights.csv',
];
const adminOnly = () => ['/staff/users', `/staff/data-requests/${requestId}`, `/staff/data-requests/${requestId}/export`, unmatchedPath, '/staff/saved-replies', '/staff/assignment', '/staff/settings/calendar'];

test('every staff page and route without a session redirects to sign-in', async ({ request }) => {
  for (const path of pages()) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(307);
    expect(res.headers().location, path).toMatch(/^\/staff\/sign-in(\?next=%2Fstaff[^&]*)?$/);
    expect(await res.text(), path).not.toContain('Sec Ltd');
  }
});

test('admin-only pages and routes answer 403 to a member', async ({ page }) => {
  await signIn(page, member);
  for (const path of adminOnly()) {
    const res = await page.request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(403);
  }
  // The source of a lead's email is for any staff member; an unknown or malformed id is a plain 404.
  expect((await page.request.get(originalPath)).status()).toBe(200);
  for (const path of [`/staff/messages/${randomUUID()}/original`, '/staff/messages/not-an-id/original']) {
    const res = await page.request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(404);
    expect(await res.text(), path).toContain('There is no original of this message');
  }
});

async function post(request: import('@playwright/test').APIRequestContext, url: string, form: Form, headers: Record<string, string>) {
  const multipart: Record<string, string> = {};
  for (const [n, v] of form.hidden) multipart[n] = v;
  for (const f of form.fields) if (f.name && f.type !== 'checkbox' && f.type !== 'submit') multipart[f.name] = f.value ?? 'x';
  return request.post(url, { multipart, headers: { Accept: 'text/html', ...headers }, maxRedirects: 0 });
}

test('every staff form is refused without a session, from another origin, and (admin forms) for a member', async ({ page, playwright, baseURL }) => {
  await signIn(page, admin);
  const adminCookie = await sessionCookieOf(page);
  const memberPage = await page.context().browser()!.newPage();
  await signIn(memberPage, member);
  const memberCookie = await sessionCookieOf(memberPage);
  const anon = await playwright.request.newContext({ baseURL });
  const origin = new URL(baseURL!).origin;
  let checked = 0;
  for (const path of ['/staff', '/staff/users', leadPath, dataRequestPath]) {
    const html = await (await page.request.get(path)).text();
    const forms = parseForms(html).filter((f) => (f.attrs.method ?? 'get').toLowerCase() === 'post' || f.hidden.some(([n]) => n.startsWith('$ACTION')));
    expect(forms.length, `forms on ${path}`).toBeGreaterThan(0);
    for (const form of forms) {
      const url = new URL(form.attrs.action || path, baseURL).href;
      const what = `${path} ${form.attrs['aria-label'] ?? form.attrs.action ?? ''}`;
      const noSession = await post(anon, url, form, { Origin: origin });
      expect([303, 307, 401, 403], `${what} without a session`).toContain(noSession.status());
      if (noSession.status() < 400) expect(noSession.headers().location, what).toMatch(/\/staff\/sign-in/);
      const cross = await post(anon, url, form, { Origin: 'https://evil.example', Cookie: adminCookie });
      expect(cross.status(), `${what} from another origin`).toBe(403);
      expect((await cross.text()).replace(/<[^>]+>/g, ' ').trim().length).toBeGreaterThan(20);
      const nullOrigin = await post(anon, url, form, { Origin: 'null', Cookie: adminCookie });
      expect(nullOrigin.status(), `${what} with Origin: null`).toBe(403);
      // The staff header's forms are every member's, on every page: sign out, and away and back (issue 32).
      const headerForm = form.attrs.action === '/staff/sign-out' || form.hidden.some(([n, v]) => n === '_action' && v === 'setAvailability');
      const adminForm = (path === '/staff/users' && !headerForm) || (path === dataRequestPath && /Mark request done|Erase/.test(form.attrs['aria-label'] ?? ''));
      if (adminForm) {
        const asMember = await post(anon, url, form, { Origin: origin, Cookie: memberCookie });
        expect(asMember.status(), `${what} as a member`).toBe(403);
      }
      checked++;
    }
  }
  expect(checked).toBeGreaterThanOrEqual(8);
  await anon.dispose();
  await memberPage.close();
});

test('a forged or expired-looking session cookie opens nothing', async ({ playwright, baseURL }) => {
  for (const value of [randomUUID(), 'A'.repeat(43), "' or 1=1 --"]) {
    const ctx = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Cookie: `staff_session=${encodeURIComponent(value)}` } });
    const res = await ctx.get('/staff', { maxRedirects: 0 });
    expect(res.status()).toBe(307);
    await ctx.dispose();
  }
});
