// The staff half of test:hostile: every staff page, route and action without a session, with hostile
// parameters under an admin session, replayed without the session cookie or from another origin, and
// the sign-in form under hostile input. Returns nothing; reports through `inspect` and `fail`.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { parseForms, submitForm } from './forms.mjs';
import { root } from './spawn-server.mjs';

/** Creates an admin with `npm run staff:create` (the documented way) on the database at `url`. */
export function createAdmin(url, email, password) {
  execFileSync(process.execPath, ['scripts/staff-create.mjs', '--email', email, '--name', 'Hostile Admin', '--role', 'admin'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, STAFF_PASSWORD: password },
    stdio: 'pipe',
  });
}

const get = async (base, path, cookie) => {
  const res = await fetch(new URL(path, base), { headers: { Accept: 'text/html', ...(cookie ? { Cookie: cookie } : {}) }, redirect: 'manual' });
  return { status: res.status, html: await res.text(), location: res.headers.get('location'), setCookie: res.headers.getSetCookie?.() ?? [] };
};

async function signIn(base, email, password, extra = {}) {
  const page = await get(base, '/staff/sign-in');
  const form = parseForms(page.html).find((f) => f.fields.some((c) => c.name === 'password'));
  if (!form) throw new Error('no sign-in form on /staff/sign-in');
  form.url = new URL(form.attrs.action || '/staff/sign-in', base).href;
  const body = new FormData();
  for (const [n, v] of form.hidden) body.append(n, v);
  body.append('email', email);
  body.append('password', password);
  const res = await fetch(form.url, { method: 'POST', body, headers: { Accept: 'text/html', Origin: new URL(base).origin, ...extra }, redirect: 'manual' });
  const cookie = (res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).filter((c) => /session/i.test(c) && !/=;?$/.test(c)).join('; ');
  return { status: res.status, html: await res.text(), cookie, form };
}

export async function staffBattery(base, dbUrl, inspect, fail) {
  const email = `hostile-admin-${process.pid}@example.com`;
  const password = `correct horse ${randomUUID()}`;
  createAdmin(dbUrl, email, password);
  const fakeId = randomUUID();
  const routes = ['/staff', '/staff/users', `/staff/leads/partner/${fakeId}`, '/staff/export', `/staff/data-requests/${fakeId}/export`, '/staff?type=partner&status=new&q=x'];

  // 1. Signed out: every staff route refuses (redirect to sign-in or 401/403/404) and shows nothing.
  for (const path of routes) {
    const r = await get(base, path);
    inspect(`signed out GET ${path}`, r);
    const refused = (r.status >= 300 && r.status < 400 && /\/staff\/sign-in/.test(r.location ?? '')) || [401, 403, 404].includes(r.status);
    if (!refused) fail(`signed out GET ${path}`, `HTTP ${r.status} instead of a redirect to sign-in or a refusal`);
  }

  // 2. The sign-in form under hostile input: clear refusals, never a 5xx.
  for (const [what, e, p] of [
    ['NUL in the email', 'a\u0000@example.com', 'x'.repeat(12)],
    ['CRLF in the email', 'a@example.com\r\nBcc: x@example.com', 'x'.repeat(12)],
    ['SQL in the email', "' or 1=1 --", 'x'.repeat(12)],
    ['XSS in the email', '<script>alert(1)</script>', 'x'.repeat(12)],
    ['a 100 kB password', email, 'p'.repeat(100 * 1024)],
    ['an empty form', '', ''],
    ['a wrong password', email, 'not the password at all'],
  ]) {
    const r = await signIn(base, e, p).catch((err) => ({ status: err.cause?.code ?? 'reset', html: '', cookie: '' }));
    inspect(`sign-in with ${what}`, r, { mustRefuse: true, refusedText: 'Incorrect' });
    if (r.cookie) fail(`sign-in with ${what}`, 'a session cookie was issued');
  }
  const crossSite = await signIn(base, email, password, { Origin: 'https://evil.example' });
  inspect('sign-in posted with Origin: https://evil.example', crossSite, { mustRefuse: true });
  if (crossSite.cookie) fail('cross-origin sign-in', 'a session cookie was issued');

  // 3. Signed in as admin: hostile parameters on every route answer without a 5xx.
  const session = await signIn(base, email, password);
  if (!session.cookie) {
    fail('admin sign-in', `no session cookie (HTTP ${session.status})`);
    return;
  }
  const hostileParams = [
    '/staff?page=-1',
    '/staff?page=99999999999999999999',
    '/staff?type=<script>alert(1)</script>',
    "/staff?status=new'%20or%201=1--",
    '/staff?from=not-a-date&to=2026-13-45',
    '/staff?q=%00%01%02',
    `/staff?q=${'a'.repeat(5000)}`,
    '/staff?owner=not-a-uuid',
    '/staff/leads/nope/123',
    '/staff/leads/partner/not-a-uuid',
    `/staff/leads/partner/${fakeId}`,
    '/staff/export?type=<x>&from=garbage',
    '/staff/data-requests/not-a-uuid/export',
  ];
  for (const path of hostileParams) inspect(`admin GET ${path.slice(0, 80)}`, await get(base, path, session.cookie));

  // 4. Every form of the staff pages, replayed without the session and from another origin: refused.
  const pages = ['/staff', '/staff/users'];
  const inbox = await get(base, '/staff', session.cookie);
  const leadLink = inbox.html.match(/href="(\/staff\/leads\/[a-z_]+\/[0-9a-f-]{36})"/);
  if (leadLink) pages.push(leadLink[1]);
  for (const path of pages) {
    const page = await get(base, path, session.cookie);
    for (const form of parseForms(page.html)) {
      if ((form.attrs.method ?? 'get').toLowerCase() !== 'post') continue;
      form.url = new URL(form.attrs.action || path, new URL(path, base)).href;
      const values = Object.fromEntries(form.fields.filter((c) => c.tag !== 'input' || !['checkbox', 'submit'].includes(c.type)).map((c) => [c.name, c.value ?? 'x']));
      const name = `${path} form ${form.hidden.map(([n]) => n).find((n) => !n.startsWith('$')) ?? form.attrs.action ?? ''}`.trim();
      const anon = await submitForm(form, values, { freshToken: false });
      inspect(`${name} without a session`, anon, { mustRefuse: true });
      const cross = await submitForm(form, values, { freshToken: false, headers: { Cookie: session.cookie, Origin: 'https://evil.example' } });
      inspect(`${name} from another origin`, cross, { mustRefuse: true });
    }
  }
}
