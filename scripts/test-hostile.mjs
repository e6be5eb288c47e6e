// `npm run test:hostile`: a battery of hostile input against every public form field and every staff
// endpoint of a production server on PostgreSQL: tampered enumerations, NUL and control characters,
// CRLF, XSS, SQL and spreadsheet-formula payloads, 100 kB and 2 MB bodies, wrong content types,
// cross-origin and `Origin: null` posts, missing tokens. Passes when no answer is a 5xx or shows a
// stack trace, every refused answer carries a clear message, no payload comes back unescaped, and no
// stored row breaks a rule of the forms. Exits non-zero otherwise.
import pg from 'pg';
import { benchEnv } from './lib/bench-env.mjs';
import { loadForm, parseForms, submitForm } from './lib/forms.mjs';
import { startServer } from './lib/spawn-server.mjs';
import { createTempDatabase } from './lib/temp-database.mjs';
import { staffBattery } from './lib/hostile-staff.mjs';

process.env.NEXT_TELEMETRY_DISABLED = '1';
let total = 0;
const failures = [];
const fail = (what, detail) => failures.push(`${what}: ${detail}`);
const signInRedirect = (res) => res.status >= 300 && res.status < 400 && /\/staff\/sign-in/.test(res.location ?? '');
const stackTrace = /\n\s+at [^\n]+:\d+:\d+|node_modules\/|webpack-internal|TypeError:|ReferenceError:/;

export function inspectAnswer(what, res, { mustRefuse = false, refusedText } = {}) {
  total++;
  if (typeof res.status !== 'number') return fail(what, `no HTTP answer (${res.status})`);
  if (res.status >= 500) return fail(what, `HTTP ${res.status}`);
  if (stackTrace.test(res.html)) return fail(what, 'the answer shows a stack trace');
  if (/<script>alert\(1\)<\/script>|<img src=x onerror/i.test(res.html)) return fail(what, 'a payload came back unescaped');
  if (mustRefuse) {
    const refused = res.status >= 400 || signInRedirect(res) || /aria-invalid="true"/.test(res.html) || (refusedText && res.html.includes(refusedText));
    if (!refused) return fail(what, `accepted (HTTP ${res.status}) instead of refused with a message`);
    const text = res.html.replace(/<[^>]+>/g, ' ');
    if (res.status >= 400 && text.trim().length < 20) return fail(what, `HTTP ${res.status} without a clear message`);
  }
}

const forms = [
  { kind: 'partner', path: '/partners', field: 'partnershipType', enums: { partnershipType: 'technology' }, text: { firstName: 'Ada', lastName: 'Lovelace', company: 'Analytical', message: 'A partnership idea long enough.' } },
  { kind: 'affiliate', path: '/affiliate', field: 'audienceSize', enums: { audienceSize: '1,000 - 10,000' }, text: { firstName: 'Grace', lastName: 'Hopper', website: 'https://example.com' } },
  { kind: 'agency', path: '/agency', field: 'monthlyBudget', enums: { monthlyBudget: '1000-2500' }, text: { name: 'Alan Turing', businessName: 'Enigma', message: 'We manage forty brands.' } },
  { kind: 'contact', path: '/contact', field: 'subject', enums: {}, text: { name: 'Katherine', company: 'Orbit', subject: 'Plans', message: 'A question about plans.' } },
  { kind: 'data request', path: '/gdpr', field: 'details', enums: { type: 'export' }, text: { details: 'Please send my data.' } },
  { kind: 'newsletter (blog)', path: '/blog', field: 'email', pick: (fs) => fs.find((f) => f.hidden.some(([, v]) => v === 'blog') || f.fields.some((c) => c.value === 'blog')), enums: {}, text: {} },
];

const control = ['a\u0000b', 'a\u0007b', 'a\u001bb', 'a\u007fb'];
const dangerousText = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', "'; drop table partner_applications; --", '=HYPERLINK("http://evil.example","x")', '+cmd|\' /C calc\'!A0', 'javascript:alert(1)'];

let seq = 0;
const email = () => `hostile-${process.pid}-${++seq}@example.com`;

async function formBattery(base) {
  const home = await fetch(new URL('/blog', base)).then((r) => r.text());
  for (const spec of forms) {
    let form;
    if (spec.pick) {
      const found = spec.pick(parseForms(home));
      if (!found) {
        fail(spec.kind, 'form not found');
        continue;
      }
      form = await loadForm(base, spec.path, spec.field);
    } else form = await loadForm(base, spec.path, spec.field);
    const valid = () => ({ ...spec.text, ...spec.enums, email: email() });
    // Control characters and CRLF in every text field and in the email.
    for (const name of [...Object.keys(spec.text), 'email']) {
      for (const bad of [...control, 'x\r\nBcc: victim@example.com']) {
        const values = valid();
        values[name] = name === 'email' ? `a${bad}@example.com` : `${values[name]}${bad}`;
        inspectAnswer(`${spec.kind}.${name} with ${JSON.stringify(bad)}`, await submitForm(form, values), {
          // NUL and other control characters are refused everywhere; CR/LF at least in the address.
          mustRefuse: name === 'email' || !bad.includes('\r'),
        });
      }
      for (const bad of dangerousText) {
        const values = valid();
        values[name] = name === 'email' ? `${bad}@example.com` : bad;
        inspectAnswer(`${spec.kind}.${name} with ${JSON.stringify(bad)}`, await submitForm(form, values), { mustRefuse: name === 'email' });
      }
      const values = valid();
      values[name] = 'x'.repeat(6000);
      inspectAnswer(`${spec.kind}.${name} over its limit`, await submitForm(form, values), { mustRefuse: true });
    }
    // Tampered enumerations.
    for (const name of Object.keys(spec.enums)) {
      for (const bad of ['admin', '', 'technology OR 1=1', `${spec.enums[name]} `, '\u0000']) {
        const values = valid();
        values[name] = bad;
        inspectAnswer(`${spec.kind}.${name} tampered to ${JSON.stringify(bad)}`, await submitForm(form, values), { mustRefuse: true });
      }
    }
    // Missing token (a replayed or hand-made post): answered, no 5xx.
    {
      const f = { ...form, hidden: form.hidden.filter(([n]) => !/token/i.test(n)) };
      inspectAnswer(`${spec.kind} without its token`, await submitForm(f, valid(), { freshToken: false }));
    }
    // Oversized bodies: 100 kB and 2 MB.
    for (const size of [100 * 1024, 2 * 1024 * 1024]) {
      const values = valid();
      values[Object.keys(spec.text)[0] ?? 'email'] = 'y'.repeat(size);
      inspectAnswer(`${spec.kind} with a ${size >= 1 << 20 ? '2 MB' : '100 kB'} body`, await submitForm(form, values).catch((e) => ({ status: e.cause?.code ?? 'reset', html: '' })), { mustRefuse: true });
    }
    // Cross-origin and opaque-origin posts are refused and store nothing.
    for (const origin of ['https://evil.example', 'null']) {
      const values = valid();
      const res = await submitForm(form, values, { headers: { Origin: origin } });
      inspectAnswer(`${spec.kind} posted with Origin: ${origin}`, res, { mustRefuse: true });
      crossOriginEmails.push(values.email);
    }
    // Wrong content types.
    for (const [type, body] of [
      ['application/json', JSON.stringify(valid())],
      ['text/plain', 'email=a@example.com'],
      ['application/x-www-form-urlencoded', new URLSearchParams({ ...valid(), ...Object.fromEntries(form.hidden) }).toString()],
      ['application/xml', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'],
    ]) {
      const res = await fetch(form.url, { method: 'POST', headers: { 'Content-Type': type, Origin: new URL(base).origin, Accept: 'text/html' }, body });
      inspectAnswer(`${spec.kind} posted as ${type}`, { status: res.status, html: await res.text() });
    }
  }
}
const crossOriginEmails = [];

async function checkRows(url) {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const ctrl = `~ '[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f]'`;
    const rules = {
      partner_applications: ['first_name', 'last_name', 'email', 'company', 'message'],
      affiliate_applications: ['first_name', 'last_name', 'email', 'website'],
      agency_enquiries: ['name', 'email', 'business_name', 'message'],
      contact_messages: ['name', 'email', 'subject', 'message'],
      newsletter_subscriptions: ['email'],
      data_requests: ['email'],
    };
    for (const [table, cols] of Object.entries(rules)) {
      for (const col of cols) {
        const max = col === 'email' ? 254 : col === 'website' ? 2048 : col === 'message' || col === 'details' ? 5000 : 100;
        const { rows } = await client.query(`select count(*)::int n from ${table} where ${col} ${ctrl} or length(${col}) > ${max} or ${col} like '%' || chr(0) || '%'`).catch(() => client.query(`select count(*)::int n from ${table} where ${col} ${ctrl} or length(${col}) > ${max}`));
        total++;
        if (rows[0].n) fail(`${table}.${col}`, `${rows[0].n} stored row(s) break the field's rules`);
      }
      const { rows } = await client.query(`select count(*)::int n from ${table} where email ~ '[\\r\\n]' or email !~ '^[^@\\s]+@[^@\\s]+$'`);
      total++;
      if (rows[0].n) fail(`${table}.email`, `${rows[0].n} stored invalid address(es)`);
      const cross = await client.query(`select count(*)::int n from ${table} where email = any($1)`, [crossOriginEmails]);
      total++;
      if (cross.rows[0].n) fail(`${table}`, `${cross.rows[0].n} row(s) stored from a cross-origin post`);
    }
    const tables = await client.query(`select count(*)::int n from information_schema.tables where table_name = 'partner_applications'`);
    total++;
    if (!tables.rows[0].n) fail('SQL payload', 'partner_applications is gone');
  } finally {
    await client.end();
  }
}

async function main() {
  const db = await createTempDatabase(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres', 'hostile');
  const server = await startServer({ ...benchEnv, DATABASE_URL: db.url });
  try {
    await formBattery(server.url);
    await staffBattery(server.url, db.url, inspectAnswer, fail);
    await checkRows(db.url);
  } finally {
    await server.stop();
    await db.drop();
  }
  for (const f of failures) console.log(`FAIL  ${f}`);
  console.log(`\ntest:hostile: ${total} checks, ${failures.length} failed`);
  process.exit(failures.length ? 1 : 0);
}

main().catch((err) => {
  console.error(`test:hostile: ${err.stack ?? err}`);
  process.exit(1);
});
