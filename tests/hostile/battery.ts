// `npm run test:hostile`: a battery of hostile input against every public form field and every staff
// endpoint of a production server on PostgreSQL (a fresh database on DATABASE_URL's server, else the
// local one): tampered enumerations, NUL and control characters, CRLF, XSS, SQL and spreadsheet-formula
// payloads, 100 kB and 2 MB bodies, wrong content types, cross-origin and `Origin: null` posts, missing
// tokens. Passes when no answer is a 5xx, a dropped connection or a stack trace, every
// answer carries a clear message (refusals included), no payload comes back unescaped, nothing is
// stored from a refused post, and no stored row breaks a rule of the forms. Exits non-zero otherwise.
// The staff half (scripts/lib/hostile-staff.mjs) discovers the staff routes of the build.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { benchEnv, launch, onCleanup, printTable, runSuite } from './lib/bench-env';
import { loadForm, parseForms, submitForm } from './lib/forms.mjs';
import { staffBattery } from './lib/hostile-staff.mjs';
import { createTempDatabase } from './lib/temp-database';

/** An answer as the battery sees it (`status` is an error code when the connection dropped). */
type Answer = { status: number | string; html: string; type?: string | null; location?: string | null };
type Form = Awaited<ReturnType<typeof loadForm>>;
type ParsedForm = ReturnType<typeof parseForms>[number];
type Values = Record<string, string>;
type PostOptions = { freshToken?: boolean; headers?: Record<string, string> };
type FormSpec = {
  kind: string;
  endpoint: string;
  path: string;
  field?: string;
  pick?: (forms: ParsedForm[]) => ParsedForm | undefined;
  enums: Record<string, string>;
  text: Record<string, string>;
};
type NetError = { code?: string; cause?: { code?: string } };

let total = 0;
const failures: string[] = [];
const skipped: string[] = [];
const notes: string[] = [];
const counts: Record<string, number> = { answers: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, dropped: 0 };
const fail = (what: string, detail: string) => {
  failures.push(`${what}: ${detail}`);
};
const dropped = (e: NetError): Answer => ({ status: e.cause?.code ?? 'reset', html: '' });
const stackTrace = /\n\s+at [^\n]+:\d+:\d+|node_modules\/|webpack-internal|TypeError:|ReferenceError:|SyntaxError: Unexpected/;
const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style[\s\S]*?<\/style>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Whether a form page shows the form refused the post: a field error, an alert, a 4xx. */
const formRefused = (r: Answer) => (typeof r.status === 'number' && r.status >= 400) || /aria-invalid="true"/.test(r.html);

/**
 * Checks one answer: not a 5xx or a dropped connection, no stack trace, no payload unescaped, a clear
 * message (a page with text, or a redirect); with mustRefuse, also that the post was refused.
 */
export function inspectAnswer(what: string, res: Answer, { mustRefuse = false, refused = formRefused }: { mustRefuse?: boolean; refused?: (r: Answer) => boolean } = {}): void {
  total++;
  counts.answers++;
  if (typeof res.status !== 'number') {
    counts.dropped++;
    return fail(what, `no HTTP answer (${res.status})`);
  }
  counts[`${String(res.status)[0]}xx`] = (counts[`${String(res.status)[0]}xx`] ?? 0) + 1;
  if (res.status >= 500) return fail(what, `HTTP ${res.status}`);
  if (stackTrace.test(res.html)) return fail(what, 'the answer shows a stack trace');
  // A payload in a CSV or JSON download is data, not markup: only HTML answers can run it.
  const html = !res.type || /html/i.test(res.type);
  if (html && /<script>alert\(1\)<\/script>|<img src=x onerror/i.test(res.html)) return fail(what, 'a payload came back unescaped');
  const redirect = res.status >= 300 && res.status < 400;
  const download = !html && res.status >= 200 && res.status < 300; // a CSV or JSON file: its content is the answer
  if (!redirect && !download && res.status !== 204 && visibleText(res.html ?? '').length < 20) return fail(what, `HTTP ${res.status} without a clear message`);
  if (mustRefuse && !refused(res)) return fail(what, `accepted (HTTP ${res.status}) instead of refused with a message`);
}

const control = [
  ['NUL', 'a\u0000b'],
  ['BEL', 'a\u0007b'],
  ['ESC', 'a\u001bb'],
  ['DEL', 'a\u007fb'],
  ['a C1 control', 'a\u0085b'],
];
const crlf: [string, string] = ['CRLF', 'x\r\nBcc: victim@example.com'];
const dangerousText = [
  ['XSS', '<script>alert(1)</script>'],
  ['an img onerror', '<img src=x onerror=alert(1)>'],
  ['SQL', "'; drop table partner_applications; --"],
  ['a formula', '=HYPERLINK("http://evil.example","x")'],
  ['a DDE formula', "+cmd|' /C calc'!A0"],
  ['a javascript: URL', 'javascript:alert(1)'],
];

/** Each public form: where it is, how to find it, valid values for its fields, its enumerations. */
const formSpecs: FormSpec[] = [
  { kind: 'partner', endpoint: 'partner', path: '/partners', field: 'partnershipType', enums: { partnershipType: 'technology' }, text: { firstName: 'Ada', lastName: 'Lovelace', company: 'Analytical', message: 'A partnership idea long enough.' } },
  { kind: 'affiliate', endpoint: 'affiliate', path: '/affiliate', field: 'audienceSize', enums: { audienceSize: '1,000 - 10,000' }, text: { firstName: 'Grace', lastName: 'Hopper', website: 'https://example.com' } },
  { kind: 'agency', endpoint: 'agency', path: '/agency', field: 'monthlyBudget', enums: { monthlyBudget: '1000-2500' }, text: { name: 'Alan Turing', businessName: 'Enigma', message: 'We manage forty brands.' } },
  { kind: 'contact', endpoint: 'contact', path: '/contact', field: 'subject', enums: {}, text: { name: 'Katherine', company: 'Orbit', subject: 'Plans', message: 'A question about plans.' } },
  { kind: 'data request', endpoint: 'data-request', path: '/gdpr', field: 'details', enums: { type: 'export' }, text: { details: 'Please send my data.' } },
  { kind: 'newsletter (blog)', endpoint: 'newsletter-blog', path: '/blog', pick: (forms) => forms.find((f) => f.attrs.id === 'newsletter-blog'), enums: {}, text: {} },
  { kind: 'newsletter (footer)', endpoint: 'newsletter-footer', path: '/pricing', pick: (forms) => forms.find((f) => f.attrs.id === 'newsletter-footer'), enums: {}, text: {} },
];
const ignoredFields = new Set(['faxNumber', 'submissionToken']);

let seq = 0;
const email = () => `hostile-${process.pid}-${++seq}@example.com`;
const refusedEmails: string[] = [];

async function findForm(base: string, spec: FormSpec): Promise<Form | null> {
  if (!spec.pick) return loadForm(base, spec.path, spec.field);
  const res = await fetch(new URL(spec.path, base), { headers: { Accept: 'text/html' } });
  const html = await res.text();
  const form = spec.pick(parseForms(html));
  if (!form) return null;
  return { ...form, url: new URL(form.attrs.action || spec.path, new URL(spec.path, base)).href, path: spec.path, cookie: res.headers.get('set-cookie') };
}

/** The multipart body a browser would send for `values` (with the form's hidden inputs). */
async function encodeForm(form: Form, values: Values) {
  const body = new FormData();
  for (const [n, v] of form.hidden) if (!(n in values)) body.append(n, n === 'submissionToken' ? randomUUID() : v);
  for (const [n, v] of Object.entries(values)) body.append(n, v);
  const req = new Request(form.url, { method: 'POST', body });
  return { type: req.headers.get('content-type'), bytes: new Uint8Array(await req.arrayBuffer()) };
}

/**
 * The forms are attacked side by side (one client each), the requests of one form in turn: each as a
 * browser without JavaScript posts it (to its page, `?form=<name>`) and as the page's
 * JavaScript does (to its JSON endpoint, /api/leads/<name>; the same battery, the form's fields).
 */
async function formBattery(base: string) {
  await Promise.all(formSpecs.flatMap((spec) => [oneForm(base, spec), oneForm(base, { ...spec, kind: `${spec.kind} (JSON endpoint)` }, true)]));
}

async function oneForm(base: string, spec: FormSpec, toEndpoint = false) {
  const page = await findForm(base, spec);
  if (!page) {
    fail(spec.kind, `form not found on ${spec.path}`);
    return;
  }
  // The endpoint gets the same fields (and hidden inputs, which it ignores) at its own address.
  const form: Form = toEndpoint ? { ...page, url: new URL(`/api/leads/${spec.endpoint}`, base).href } : page;
  // Every field the form really has must be covered by the battery.
  const onPage = form.fields.map((c) => c.name).filter((n) => !ignoredFields.has(n));
  const covered = new Set(['email', ...Object.keys(spec.text), ...Object.keys(spec.enums)]);
  const uncovered = [...new Set(onPage)].filter((n) => !covered.has(n));
  total++;
  if (uncovered.length) fail(`${spec.kind}`, `fields not covered by the battery: ${uncovered.join(', ')}`);
  const valid = (): Values => ({ ...spec.text, ...spec.enums, email: email() });
  const post = (values: Values, opts?: PostOptions): Promise<Answer> => submitForm(form, values, opts).catch(dropped);
  const refusedPost = async (what: string, values: Values, opts?: PostOptions) => {
    refusedEmails.push(values.email);
    inspectAnswer(what, await post(values, opts), { mustRefuse: true });
  };

  for (const name of [...Object.keys(spec.text), 'email']) {
    // NUL and other control characters: refused in every field.
    for (const [label, bad] of control) {
      const values = valid();
      values[name] = name === 'email' ? `a${bad}@example.com` : `${values[name]}${bad}`;
      await refusedPost(`${spec.kind}.${name} with ${label}`, values);
    }
    // CR/LF: refused in the address (header injection); kept as a line break in text.
    {
      const values = valid();
      values[name] = name === 'email' ? `a@example.com${crlf[1]}` : `${values[name]}${crlf[1]}`;
      if (name === 'email') await refusedPost(`${spec.kind}.email with CRLF`, values);
      else inspectAnswer(`${spec.kind}.${name} with CRLF`, await post(values));
    }
    // XSS, SQL and formula payloads: refused as an address; stored as text elsewhere, never run.
    for (const [label, bad] of dangerousText) {
      const values = valid();
      values[name] = name === 'email' ? `${bad}@example.com` : bad;
      if (name === 'email') await refusedPost(`${spec.kind}.email with ${label}`, values);
      else inspectAnswer(`${spec.kind}.${name} with ${label}`, await post(values));
    }
    // Over the field's limit (the longest limit is 5,000 characters).
    const values = valid();
    values[name] = name === 'email' ? `${'x'.repeat(6000)}@example.com` : 'x'.repeat(6000);
    await refusedPost(`${spec.kind}.${name} over its limit`, values);
  }
  // Tampered enumerations.
  for (const name of Object.keys(spec.enums)) {
    for (const bad of ['admin', '', 'technology OR 1=1', `${spec.enums[name]} `, '\u0000', spec.enums[name].toUpperCase()]) {
      if (bad === spec.enums[name]) continue;
      const values = valid();
      values[name] = bad;
      await refusedPost(`${spec.kind}.${name} tampered to ${JSON.stringify(bad)}`, values);
    }
  }
  // Missing or forged token (a hand-made post): answered normally, no 5xx.
  inspectAnswer(`${spec.kind} without its token`, await post(valid(), { freshToken: false }));
  {
    const f = { ...form, hidden: form.hidden.map(([n, v]): [string, string] => (n === 'submissionToken' ? [n, '<script>alert(1)</script>'] : [n, v])) };
    inspectAnswer(`${spec.kind} with a forged token`, await submitForm(f, valid(), { freshToken: false }).catch(dropped));
  }
  // Oversized bodies: 100 kB and 2 MB.
  for (const size of [100 * 1024, 2 * 1024 * 1024]) {
    const values = valid();
    values[Object.keys(spec.text)[0] ?? 'email'] = 'y'.repeat(size);
    await refusedPost(`${spec.kind} with a ${size >= 1 << 20 ? '2 MB' : '100 kB'} body`, values);
  }
  // The same 2 MB sent without a Content-Length (chunked), and a form cut off in the middle.
  {
    const values = valid();
    refusedEmails.push(values.email);
    const { type, bytes } = await encodeForm(form, { ...values, [Object.keys(spec.text)[0] ?? 'email']: 'y'.repeat(2 * 1024 * 1024) });
    const stream = new ReadableStream({
      start(c) {
        for (let i = 0; i < bytes.length; i += 65536) c.enqueue(bytes.subarray(i, i + 65536));
        c.close();
      },
    });
    const headers: Record<string, string> = { 'Content-Type': type ?? '', Origin: new URL(base).origin, Accept: 'text/html' };
    const res: Answer = await fetch(form.url, { method: 'POST', body: stream, duplex: 'half', headers } as RequestInit).then(async (r) => ({ status: r.status, html: await r.text() }), dropped);
    inspectAnswer(`${spec.kind} with a 2 MB body sent without a length (chunked)`, res, { mustRefuse: true });
    const cut = await encodeForm(form, valid());
    const res2: Answer = await fetch(form.url, { method: 'POST', body: cut.bytes.subarray(0, cut.bytes.length - 30), headers: { ...headers, 'Content-Type': cut.type ?? '' } }).then(
      async (r) => ({ status: r.status, html: await r.text() }),
      dropped,
    );
    inspectAnswer(`${spec.kind} with a form body cut off before its end`, res2);
  }
  // Cross-origin and opaque-origin posts are refused and store nothing.
  for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1.evil.example']) {
    await refusedPost(`${spec.kind} posted with Origin: ${origin}`, valid(), { headers: { Origin: origin } });
  }
  // Wrong content types: never a 5xx.
  const v = valid();
  refusedEmails.push(v.email);
  const wrongTypes: [string, string][] = [
    ['application/json', JSON.stringify(v)],
    ['text/plain', `email=${v.email}`],
    // (Not application/x-www-form-urlencoded: it is how a browser posts a form, a valid post on both paths.)
    ['application/xml', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'],
    ['multipart/form-data; boundary=nothing-matches', '--other\r\n\r\n'],
  ];
  for (const [type, body] of wrongTypes) {
    const res: Answer = await fetch(form.url, { method: 'POST', headers: { 'Content-Type': type, Origin: new URL(base).origin, Accept: 'text/html' }, body }).then(
      async (r) => ({ status: r.status, html: await r.text(), type: r.headers.get('content-type') }),
      dropped,
    );
    inspectAnswer(`${spec.kind} posted as ${type}`, res);
  }
}

/** Stored rows: none breaks a rule of the forms, none came from a refused post, no table is gone. */
async function checkRows(url: string) {
  const client = new pg.Client(url);
  await client.connect();
  const rowChecks: Record<string, unknown>[] = [];
  try {
    const ctrl = `~ '[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f]'`;
    const rules: Record<string, Record<string, number>> = {
      partner_applications: { first_name: 100, last_name: 100, email: 254, company: 100, message: 5000, partnership_type: 20 },
      affiliate_applications: { first_name: 100, last_name: 100, email: 254, website: 2048, audience_size: 20 },
      agency_enquiries: { name: 100, email: 254, business_name: 100, message: 5000, monthly_budget: 20 },
      contact_messages: { name: 100, email: 254, company: 100, subject: 200, message: 5000 },
      newsletter_subscriptions: { email: 254 },
      data_requests: { email: 254, details: 5000 },
    };
    for (const [table, cols] of Object.entries(rules)) {
      const exists = await client.query<{ e: boolean }>('select to_regclass($1) is not null as e', [`public.${table}`]);
      total++;
      if (!exists.rows[0].e) {
        fail(table, 'the table is gone');
        continue;
      }
      let bad = 0;
      for (const [col, max] of Object.entries(cols)) {
        const { rows } = await client.query<{ n: number }>(`select count(*)::int n from ${table} where ${col} ${ctrl} or length(${col}) > ${max} or ${col} <> btrim(${col}, E' \\t\\r\\n')`);
        total++;
        bad += rows[0].n;
        if (rows[0].n) fail(`${table}.${col}`, `${rows[0].n} stored row(s) break the field's rules (control characters, length, untrimmed)`);
      }
      const { rows } = await client.query<{ n: number }>(`select count(*)::int n from ${table} where email ~ '[\\s<>()\\[\\],;:"]' or email !~ '^[^@]+@[^@]+\\.[^@]+$'`);
      total++;
      if (rows[0].n) fail(`${table}.email`, `${rows[0].n} stored invalid address(es)`);
      // (PostgreSQL text cannot hold NUL: such addresses cannot have been stored at all.)
      const refusedStored = await client.query<{ n: number }>(`select count(*)::int n from ${table} where email = any($1)`, [refusedEmails.filter((e) => !e.includes('\u0000'))]);
      total++;
      if (refusedStored.rows[0].n) fail(table, `${refusedStored.rows[0].n} row(s) stored from a refused post`);
      const all = await client.query<{ n: number }>(`select count(*)::int n from ${table}`);
      rowChecks.push({ table, rows: all.rows[0].n, 'rows breaking a rule': bad + rows[0].n, 'from refused posts': refusedStored.rows[0].n });
    }
    const website = await client.query<{ n: number }>(`select count(*)::int n from affiliate_applications where website ~* '^(javascript|data|vbscript):'`);
    total++;
    if (website.rows[0].n) fail('affiliate_applications.website', `${website.rows[0].n} script URL(s) stored`);
  } finally {
    await client.end();
  }
  return rowChecks;
}

await runSuite('test:hostile', async ({ check }) => {
  const db = await createTempDatabase(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres', 'hostile');
  const server = await launch({ ...benchEnv, DATABASE_URL: db.url });
  const stopServer = onCleanup('server', () => server.stop());
  await formBattery(server.url);
  const publicAnswers = counts.answers;
  await staffBattery({
    base: server.url,
    dbUrl: db.url,
    inspect: inspectAnswer,
    fail,
    skip: (what: string) => skipped.push(what),
    note: (s: string) => notes.push(s),
  });
  // The server is still up and serving after the battery.
  const after = await fetch(new URL('/', server.url)).then((r) => r.status).catch(() => 'down');
  await server.stop();
  stopServer();
  const rows = await checkRows(db.url);

  for (const n of notes) console.log(`note  ${n}`);
  for (const s of skipped) console.log(`NOT TESTED  ${s}`);
  for (const f of failures.slice(0, Number(process.env.HOSTILE_SHOW ?? 60))) console.log(`FAIL  ${f}`);
  if (failures.length > Number(process.env.HOSTILE_SHOW ?? 60)) console.log(`FAIL  ... and ${failures.length - Number(process.env.HOSTILE_SHOW ?? 60)} more`);
  console.log('');
  printTable(Object.entries(counts).map(([k, v]) => ({ answers: k, count: v, ...(k === 'answers' ? { public: publicAnswers, staff: counts.answers - publicAnswers } : { public: '', staff: '' }) })));
  console.log('');
  printTable(rows);
  console.log('');
  check('the server still serves pages after the battery', after === 200, `GET / -> ${after}`);
  check(`hostile battery: ${total} checks (${counts.answers} answers), no 5xx, no dropped connection, every answer clear, nothing invalid stored`, failures.length === 0, `${failures.length} failed`);
  check('staff endpoints tested', skipped.length === 0, skipped.length ? `${skipped.length} part(s) not tested: see NOT TESTED above` : '');
});
