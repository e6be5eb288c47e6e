// The staff half of test:hostile. Routes are discovered, not listed: the staff routes of the site
// (the files under src/pages/staff), their dynamic segments filled with real ids (from the links of
// the admin's pages) and with hostile ones, and every POST form found by following the staff pages'
// links. Then: every route signed out (refused, nothing shown), hostile query parameters signed in,
// every form signed out / from another origin / from `Origin: null` (refused), every form field under
// hostile values signed in (no 5xx, a clear answer), wrong content types and oversized bodies, the
// sign-in form under hostile input, and the CSV export checked for formula injection.
// What it cannot test (no staff area in the build) is reported through `skip`, which fails the suite.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../support/csv-parser';
import { formAt, parseForms, submitForm, type Control, type Form } from '../support/form-client';
import { root } from '../support/start-server';
import { dropped, fail, inspectAnswer as inspect, note, skip, type Answer } from './answers';

type Page = Answer & { status: number; location: string | null; type: string; setCookie: string[] };
type Session = Answer & { cookie: string };

/** Creates an admin with `npm run staff:create` (server/create-staff.ts) on the database at `url`. */
export function createAdmin(url: string, email: string, password: string): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'server/create-staff.ts', '--email', email, '--name', 'Hostile Admin', '--role', 'admin'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, STAFF_PASSWORD: password },
    stdio: 'pipe',
  });
}

/** The staff routes of the site (its files under src/pages/staff), e.g. /staff/leads/[type]/[id]. */
export function staffRoutes(): string[] {
  const dir = path.join(root, 'src', 'pages', 'staff');
  const routes: string[] = [];
  const walk = (d: string) => {
    for (const item of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, item.name);
      if (item.isDirectory()) walk(full);
      else if (/\.(astro|ts)$/.test(item.name) && !item.name.startsWith('_')) {
        const rel = path.relative(dir, full).replace(/\.(astro|ts)$/, '').split(path.sep).join('/');
        routes.push(rel === 'index' ? '/staff' : `/staff/${rel.replace(/\/index$/, '')}`);
      }
    }
  };
  try {
    walk(dir);
  } catch {
    return [];
  }
  return routes.sort();
}

const cookieHeader = (setCookies: string[]) =>
  setCookies
    .map((c) => c.split(';')[0])
    .filter((c) => !/=$/.test(c) && !/max-age=0/i.test(c))
    .join('; ');

async function get(base: string, p: string, cookie?: string): Promise<Page> {
  const res = await fetch(new URL(p, base), { headers: { Accept: 'text/html', ...(cookie ? { Cookie: cookie } : {}) }, redirect: 'manual' });
  return { status: res.status, html: await res.text(), location: res.headers.get('location'), type: res.headers.get('content-type') ?? '', setCookie: res.headers.getSetCookie() };
}

const isNumber = (s: Answer['status']): s is number => typeof s === 'number';
const refusedSignedOut = ({ status, location }: Answer) => isNumber(status) && ((status >= 300 && status < 400 && /\/staff\/sign-in/.test(location ?? '')) || [401, 403, 404].includes(status));

/** Answers of the sign-in form that show it refused: an error text, aria-invalid, a 4xx. */
const signInRefused = (r: Answer) => (isNumber(r.status) && r.status >= 400) || /aria-invalid="true"|role="alert"/.test(r.html);

async function signInForm(base: string): Promise<Form | null> {
  const page = await get(base, '/staff/sign-in');
  const form = parseForms(page.html).find((f) => f.fields.some((c) => c.name === 'password'));
  return form ? formAt(form, base, '/staff/sign-in') : null;
}

async function signIn(base: string, email: string, password: string, headers: Record<string, string> = {}): Promise<Session> {
  const form = await signInForm(base);
  if (!form) throw new Error('no sign-in form (a password field) on /staff/sign-in');
  const emailField = form.fields.find((c) => c.type === 'email' || /email/i.test(c.name))?.name ?? 'email';
  const res = await fetch(form.url, {
    method: 'POST',
    body: (() => {
      const b = new FormData();
      for (const [n, v] of form.hidden) b.append(n, v);
      b.append(emailField, email);
      b.append('password', password);
      return b;
    })(),
    headers: { Accept: 'text/html', Origin: new URL(base).origin, ...headers },
    redirect: 'manual',
  });
  return { status: res.status, html: await res.text(), location: res.headers.get('location'), cookie: cookieHeader(res.headers.getSetCookie()) };
}

/** Payloads for one field of a staff form. */
function payloadsFor(field: Control): [string, string][] {
  const list: [string, string][] = [
    ['NUL', 'a\u0000b'],
    ['control characters', 'a\u0007\u001b\u007fb'],
    ['CRLF', 'x\r\nSet-Cookie: evil=1'],
    ['XSS', '<script>alert(1)</script>'],
    ['an img onerror', '<img src=x onerror=alert(1)>'],
    ['SQL', "'; drop table staff_users; --"],
    ['a formula', '=HYPERLINK("http://evil.example","x")'],
    ['100 kB', 'z'.repeat(100 * 1024)],
    ['empty', ''],
  ];
  if (field.tag === 'select' || ['radio', 'checkbox'].includes(field.type)) list.push(['a tampered option', 'admin'], ['a tampered option with SQL', "x' OR '1'='1"]);
  if (/id$/i.test(field.name)) list.push(['a foreign id', randomUUID()], ['a malformed id', '../../etc/passwd']);
  return list;
}

/** One concrete path per route pattern and per value: real ids found in links, then hostile ones. */
function instantiate(route: string, found: string[]): string[] {
  const params = [...route.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]);
  if (!params.length) return [route];
  const hostile = [randomUUID(), 'not-a-uuid', '..%2F..%2Fetc%2Fpasswd', '%00', "x'%20or%201=1--", 'a'.repeat(3000)];
  const out = new Set<string>();
  const real = found.filter((p) => new RegExp(`^${route.replace(/\[[^\]]+\]/g, '[^/?#]+')}$`).test(p));
  for (const p of real.slice(0, 2)) out.add(p);
  // Each segment hostile in turn, the others real when known (else hostile too).
  const template = real[0]?.split('/') ?? null;
  const parts = route.split('/');
  for (let i = 0; i < parts.length; i++) {
    if (!/^\[.+\]$/.test(parts[i])) continue;
    for (const h of hostile) out.add(parts.map((seg, j) => (j === i ? h : /^\[.+\]$/.test(seg) ? (template?.[j] ?? h) : seg)).join('/'));
  }
  return [...out];
}

/** The staff battery against the server at `base`, whose database is at `dbUrl` (an admin is made there). */
export async function staffBattery(base: string, dbUrl: string): Promise<void> {
  const routes = staffRoutes();
  if (!routes.length) {
    skip('staff area: the build has no /staff routes, so no staff endpoint could be tested');
    return;
  }
  note(`staff routes in the build: ${routes.join(', ')}`);

  // 1. Signed out: every route (each dynamic segment hostile), GET and POST, refused and empty.
  for (const route of routes) {
    if (route === '/staff/sign-in') continue;
    for (const p of instantiate(route, [])) {
      const r = await get(base, p);
      inspect(`signed out GET ${p.slice(0, 90)}`, r);
      // (405: a POST-only route, such as sign-out, answering a GET with a page saying so.)
      if (!refusedSignedOut(r) && r.status !== 405) fail(`signed out GET ${p.slice(0, 90)}`, `HTTP ${r.status} instead of a redirect to sign-in or a refusal`);
      if (/text\/csv|application\/json/.test(r.type) && r.status < 300) fail(`signed out GET ${p.slice(0, 90)}`, 'data was sent');
    }
    const post = await fetch(new URL(route.replace(/\[[^\]]+\]/g, randomUUID()), base), { method: 'POST', headers: { Origin: new URL(base).origin, Accept: 'text/html' }, redirect: 'manual' });
    const r = { status: post.status, html: await post.text(), location: post.headers.get('location') };
    inspect(`signed out POST ${route}`, r);
    if (!refusedSignedOut(r) && !(r.status >= 400 && r.status < 500)) fail(`signed out POST ${route}`, `HTTP ${r.status} instead of a refusal`);
  }

  const email = `hostile-admin-${process.pid}@example.com`;
  const password = `correct horse ${randomUUID()}`;
  try {
    createAdmin(dbUrl, email, password);
  } catch (err) {
    const { stderr, message } = err as Error & { stderr?: Buffer };
    fail('staff:create', `could not create an admin: ${String(stderr ?? message).trim().slice(0, 300)}`);
    return;
  }

  // 2. The sign-in form under hostile input: clear refusals, never a 5xx, never a session.
  const signInCases: [string, string, string][] = [
    ['NUL in the email', 'a\u0000@example.com', 'x'.repeat(12)],
    ['CRLF in the email', 'a@example.com\r\nBcc: x@example.com', 'x'.repeat(12)],
    ['SQL in the email', "' or 1=1 --", 'x'.repeat(12)],
    ['SQL in the password', email, "' or '1'='1"],
    ['XSS in the email', '<script>alert(1)</script>', 'x'.repeat(12)],
    ['a 100 kB email', `${'e'.repeat(100 * 1024)}@example.com`, 'x'.repeat(12)],
    ['a 100 kB password', email, 'p'.repeat(100 * 1024)],
    ['an empty form', '', ''],
    ['a wrong password', email, 'not the password at all'],
  ];
  for (const [what, e, p] of signInCases) {
    const r: Session = await signIn(base, e, p).catch((err) => ({ ...dropped(err), cookie: '' }));
    inspect(`sign-in with ${what}`, r, { mustRefuse: true, refused: signInRefused });
    if (r.cookie) fail(`sign-in with ${what}`, 'a session cookie was issued');
  }
  for (const origin of ['https://evil.example', 'null']) {
    const r = await signIn(base, email, password, { Origin: origin });
    inspect(`sign-in (right password) posted with Origin: ${origin}`, r, { mustRefuse: true });
    if (r.cookie) fail(`sign-in posted with Origin: ${origin}`, 'a session cookie was issued');
  }

  // 25 wrong passwords for one account posted at once: each try is counted before its password is checked,
  // so no more than the per-account limit (STAFF_SIGNIN_LIMIT_PAIR, 10) get a check (401); the rest are
  // refused (429). (Another address than the admin's, whose sign-in below must still work.)
  const guessed = `parallel-guess-${Date.now()}@postcraft.example`;
  const parallel = await Promise.all(Array.from({ length: 25 }, () => signIn(base, guessed, 'a wrong password, in parallel').catch((err) => ({ ...dropped(err), cookie: '' }))));
  const checked = parallel.filter((r) => r.status === 401).length;
  const limited = parallel.filter((r) => r.status === 429).length;
  if (checked > 10 || checked + limited !== 25) fail('25 parallel wrong passwords for one account', `${checked} checked (401) and ${limited} refused (429): at most 10 may be checked`);
  else note(`25 parallel wrong passwords for one account: ${checked} checked (401), ${limited} refused (429)`);

  // 3. Signed in as admin.
  let session = await signIn(base, email, password);
  if (!session.cookie) {
    fail('admin sign-in', `no session cookie (HTTP ${session.status}): the signed-in staff battery could not run`);
    return;
  }
  const ensureSession = async () => {
    const r = await get(base, '/staff', session.cookie);
    if (r.status === 200) return;
    session = await signIn(base, email, password);
    if (!session.cookie) throw new Error('the admin could not sign in again');
  };

  // Crawl the staff pages from /staff: links (to find real ids) and POST forms.
  const seen = new Set<string>();
  const queue = ['/staff', ...routes.filter((r) => !r.includes('['))];
  const found: string[] = [];
  const forms = new Map<string, { page: string; form: Form }>();
  while (queue.length && seen.size < 60) {
    const p = queue.shift()!;
    if (seen.has(p) || /sign-out|export/.test(p)) continue;
    seen.add(p);
    const r = await get(base, p, session.cookie);
    inspect(`admin GET ${p.slice(0, 90)}`, r);
    if (r.status !== 200) continue;
    for (const m of r.html.matchAll(/href="(\/staff[^"#]*)"/g)) {
      const href = m[1].replace(/&amp;/g, '&');
      const pathOnly = href.split('?')[0];
      found.push(pathOnly);
      if (!seen.has(pathOnly) && !queue.includes(pathOnly)) queue.push(pathOnly);
    }
    for (const parsed of parseForms(r.html)) {
      if ((parsed.attrs.method ?? 'get').toLowerCase() !== 'post') continue;
      const form = formAt(parsed, base, p);
      const actionId = form.hidden.find(([n]) => n === '_action')?.[1] ?? form.attrs.action ?? '';
      const key = `${p.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')} ${actionId} ${form.fields.map((c) => c.name).join(',')}`;
      if (!forms.has(key)) forms.set(key, { page: p, form });
    }
  }
  note(`staff pages crawled: ${seen.size}; distinct POST forms found: ${forms.size}`);
  if (!forms.size) fail('staff forms', 'no POST form found on the staff pages');

  // Every route pattern with real and hostile segments, and hostile query parameters.
  for (const route of routes) {
    if (/sign-out/.test(route)) continue;
    for (const p of instantiate(route, found)) inspect(`admin GET ${p.slice(0, 90)}`, await get(base, p, session.cookie));
  }
  const hostileQueries = [
    'page=-1',
    'page=99999999999999999999',
    'type=<script>alert(1)</script>',
    "status=new'%20or%201=1--",
    'from=not-a-date&to=2026-13-45',
    'q=%00%01%02',
    `q=${'a'.repeat(5000)}`,
    'owner=not-a-uuid',
    'type[]=a&type[]=b',
    'q=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
  ];
  for (const route of routes.filter((r) => !r.includes('[') && !/sign-out/.test(r))) {
    for (const q of hostileQueries) inspect(`admin GET ${route}?${q.slice(0, 60)}`, await get(base, `${route}?${q}`, session.cookie));
  }

  // 4. Every staff form: signed out, from another origin, from Origin: null (refused); every field
  //    hostile (signed in); without its hidden fields; as JSON / text / XML; with a 2 MB body.
  for (const [key, { page, form }] of forms) {
    const name = `${page.slice(0, 60)} form [${key.split(' ').slice(-1)[0].slice(0, 60)}]`;
    const isSignOut = /sign-out/.test(form.url);
    const baseline = Object.fromEntries(form.fields.filter((c) => !['submit', 'button', 'checkbox', 'radio'].includes(c.type)).map((c) => [c.name, c.value ?? '']));
    await ensureSession();
    inspect(`${name} without a session`, await submitForm(form, baseline, { freshToken: false }), { mustRefuse: true, refused: refusedSignedOut });
    for (const origin of ['https://evil.example', 'null']) {
      inspect(`${name} with the session, Origin: ${origin}`, await submitForm(form, baseline, { freshToken: false, headers: { Cookie: session.cookie, Origin: origin } }), { mustRefuse: true });
    }
    // The server trusts no proxy here (no TRUST_PROXY): an X-Forwarded-Host naming the foreign origin changes nothing.
    inspect(
      `${name} with the session, Origin: http://evil.test and X-Forwarded-Host: evil.test`,
      await submitForm(form, baseline, { freshToken: false, headers: { Cookie: session.cookie, Origin: 'http://evil.test', 'X-Forwarded-Host': 'evil.test' } }),
      { mustRefuse: true },
    );
    if (isSignOut) continue; // posting it signed in ends the session: nothing hostile to send
    for (const field of form.fields) {
      if (['submit', 'button'].includes(field.type)) continue;
      for (const [what, value] of payloadsFor(field)) {
        await ensureSession();
        const r: Answer = await submitForm(form, { ...baseline, [field.name]: value }, { freshToken: false, headers: { Cookie: session.cookie } }).catch(dropped);
        inspect(`${name}: ${field.name} = ${what}`, r);
      }
    }
    await ensureSession();
    inspect(`${name} without its hidden fields`, await submitForm({ ...form, hidden: [] }, baseline, { freshToken: false, headers: { Cookie: session.cookie } }));
    for (const [type, body] of <[string, string][]>[
      ['application/json', JSON.stringify(baseline)],
      ['text/plain', 'a=b'],
      ['application/xml', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'],
    ]) {
      const res = await fetch(form.url, { method: 'POST', headers: { 'Content-Type': type, Cookie: session.cookie, Origin: new URL(base).origin, Accept: 'text/html' }, body, redirect: 'manual' });
      inspect(`${name} posted as ${type}`, { status: res.status, html: await res.text(), location: res.headers.get('location') });
    }
    const big: Answer = await submitForm(form, { ...baseline, [form.fields[0]?.name ?? 'x']: 'y'.repeat(2 * 1024 * 1024) }, { freshToken: false, headers: { Cookie: session.cookie } }).catch(dropped);
    inspect(`${name} with a 2 MB body`, big, { mustRefuse: true });
  }

  // 5. The CSV export: no cell a spreadsheet would run as a formula (the public battery stored some).
  await ensureSession();
  const exportRoute = routes.find((r) => /\/export$/.test(r) && !r.includes('['));
  if (exportRoute) {
    const res = await fetch(new URL(`${exportRoute}?status=all`, base), { headers: { Cookie: session.cookie }, redirect: 'manual' });
    const text = await res.text();
    inspect(`admin GET ${exportRoute}`, { status: res.status, html: text, type: res.headers.get('content-type') ?? '' });
    const records = parseCsv(text);
    const formulas = records.flat().filter((c) => /^[=+\-@\t\r]/.test(c));
    note(`CSV export: ${records.length} records`);
    if (res.status !== 200 || records.length < 2) fail(`GET ${exportRoute}`, `HTTP ${res.status}, ${records.length} records (expected the stored leads)`);
    if (formulas.length) fail(`GET ${exportRoute}`, `${formulas.length} cell(s) a spreadsheet would run as a formula, e.g. ${JSON.stringify(formulas[0].slice(0, 60))}`);
    else if (!records.flat().some((c) => c.startsWith("'="))) fail(`GET ${exportRoute}`, 'no neutralised formula found although formula payloads were stored');
  } else skip('staff area: no /staff/.../export route, so CSV formula injection was not tested');
}
