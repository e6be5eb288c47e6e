// The public half of test:hostile: every field of every public form under hostile values, posted as a
// browser without JavaScript posts it (to its page) and as the page's script does (to its JSON
// endpoint), then the stored rows checked against the forms' rules.
import pg from 'pg';
import { leadEndpoints, type LeadEndpointName } from '../../src/lib/leads/endpoints';
import { leadKinds, tickBox, type FieldDef, type KindDef } from '../../src/lib/leads/kinds';
import { encodeForm, endpointUrl, loadForm, submitForm, type Form, type ParsedForm } from '../support/form-client';
import { formOnPage, postsForm } from '../support/lead-form-pages';
import { refusedTicks, validLeads } from '../support/lead-samples';
import { solvedProof } from '../support/proof';
import { checkCount, dropped, fail, inspectAnswer, tally, type Answer } from './answers';

type Values = Record<string, string | string[]>;
/** A post's values: its address is always one string (the refused ones are looked for in the tables). */
type Posted = Values & { email: string };
type PostOptions = { freshToken?: boolean; headers?: Record<string, string> };
type FormSpec = {
  kind: string;
  path: string;
  /** How the form is found on its page: the form that posts it without JavaScript. */
  pick: (forms: ParsedForm[]) => ParsedForm | undefined;
  /** Valid values of its choices (a select, radio buttons or a box to tick). */
  enums: Record<string, string>;
  /** Its boxes to tick: whether each must be ticked (an optional one may be left unticked: stored null). */
  ticks: Record<string, boolean>;
  /** Valid values of its text fields (the email is added). */
  text: Record<string, string>;
};

const control = [
  ['NUL', 'a\u0000b'],
  ['BEL', 'a\u0007b'],
  ['ESC', 'a\u001bb'],
  ['DEL', 'a\u007fb'],
  ['a C1 control', 'a\u0085b'],
];
/** A mail header smuggled in: refused in an address; in text stored as a line break, never a header of the notification. */
export const crlf = 'x\r\nBcc: victim@example.com';
const dangerousText = [
  ['XSS', '<script>alert(1)</script>'],
  ['an img onerror', '<img src=x onerror=alert(1)>'],
  ['SQL', "'; drop table partner_applications; --"],
  ['a formula', '=HYPERLINK("http://evil.example","x")'],
  ['a DDE formula', "+cmd|' /C calc'!A0"],
  ['a javascript: URL', 'javascript:alert(1)'],
];

/**
 * Each public form (every form of the lead-kind registry): where it is and how to find it
 * (support/lead-form-pages.ts), valid values for its fields (support/lead-samples.ts), its enumerations.
 */
const formSpecs: FormSpec[] = Object.entries(leadEndpoints).map(([name, { kind }]) => {
  const fields = leadKinds[kind].fields as Record<string, FieldDef>;
  const { email: _, ...values } = validLeads[kind];
  const isChoice = (field: string) => fields[field].rule.type === 'choice' || fields[field].rule.type === 'tick';
  const pick = (wanted: boolean) => Object.fromEntries(Object.entries(values).filter(([field]) => isChoice(field) === wanted));
  const ticks = Object.fromEntries(Object.entries(fields).flatMap(([field, { rule }]) => (rule.type === 'tick' ? [[field, Boolean(rule.required)]] : [])));
  return { kind: name, path: formOnPage(name).path, pick: postsForm(name as LeadEndpointName), enums: pick(true), text: pick(false), ticks };
});
const ignoredFields = new Set(['faxNumber', 'submissionToken']);

let seq = 0;
const email = () => `hostile-${process.pid}-${++seq}@example.com`;
/** The addresses of posts that had to be refused: none may be stored. */
const refusedEmails: string[] = [];

/**
 * The forms are attacked side by side (one client each), the requests of one form in turn: each as a
 * browser without JavaScript posts it (to its page, `?form=<name>`) and as the page's JavaScript does
 * (to its JSON endpoint, /api/leads/<name>; the same battery, the form's fields).
 */
export async function publicFormBattery(base: string): Promise<void> {
  await Promise.all(formSpecs.flatMap((spec) => [oneForm(base, spec), oneForm(base, { ...spec, kind: `${spec.kind} (JSON endpoint)` }, true)]));
}

async function oneForm(base: string, spec: FormSpec, toEndpoint = false) {
  const page = await loadForm(base, spec.path, spec.pick).catch(() => null);
  if (!page) return fail(spec.kind, `form not found on ${spec.path}`);
  // The endpoint gets the same fields (and hidden inputs, which it ignores) at its own address.
  const form: Form = toEndpoint ? { ...page, url: endpointUrl(page) } : page;
  // Every field the form really has must be covered by the battery.
  const onPage = form.fields.map((c) => c.name).filter((n) => !ignoredFields.has(n));
  const covered = new Set(['email', ...Object.keys(spec.text), ...Object.keys(spec.enums)]);
  const uncovered = [...new Set(onPage)].filter((n) => !covered.has(n));
  tally.total++;
  if (uncovered.length) fail(spec.kind, `fields not covered by the battery: ${uncovered.join(', ')}`);
  const valid = (): Posted => ({ ...spec.text, ...spec.enums, email: email() });
  // The JSON posts carry a solved proof of work, as the form's script sends (without one they would be held as spam).
  const post = async (values: Values, opts?: PostOptions): Promise<Answer> =>
    submitForm(form, toEndpoint ? { ...values, proof: await solvedProof(base) } : values, opts).catch(dropped);
  const refusedPost = async (what: string, values: Posted, opts?: PostOptions) => {
    refusedEmails.push(values.email);
    inspectAnswer(what, await post(values, opts), { mustRefuse: true });
  };
  const firstText = Object.keys(spec.text)[0] ?? 'email';
  const one = (v: Values[string]) => (typeof v === 'string' ? v : v[0]);

  for (const name of [...Object.keys(spec.text), 'email']) {
    // NUL and other control characters: refused in every field.
    for (const [label, bad] of control) {
      const values = valid();
      values[name] = name === 'email' ? `a${bad}@example.com` : `${one(values[name])}${bad}`;
      await refusedPost(`${spec.kind}.${name} with ${label}`, values);
    }
    // CR/LF: refused in the address (header injection); kept as a line break in text.
    {
      const values = valid();
      values[name] = name === 'email' ? `a@example.com${crlf}` : `${one(values[name])}${crlf}`;
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
  // Tampered enumerations, and each one left out (as a browser sends a box left unticked: not at all).
  for (const name of Object.keys(spec.enums)) {
    if (name in spec.ticks) continue;
    for (const bad of ['admin', '', 'technology OR 1=1', `${spec.enums[name]} `, '\u0000', spec.enums[name].toUpperCase()]) {
      if (bad === spec.enums[name]) continue;
      const values = valid();
      values[name] = bad;
      await refusedPost(`${spec.kind}.${name} tampered to ${JSON.stringify(bad)}`, values);
    }
    const values = valid();
    delete values[name];
    await refusedPost(`${spec.kind} without ${name}`, values);
  }
  // Boxes to tick: anything but exactly 'yes' is refused (with the box's message), however it is cased,
  // padded or repeated; posted twice, the first value counts. Left unticked (empty, or not posted at all, as
  // browsers do; or under another name such as `terms[]`): refused when the box must be ticked, else stored as
  // null. checkStoredRows then finds only 'yes' or null in its column.
  for (const [name, required] of Object.entries(spec.ticks)) {
    for (const bad of [...refusedTicks, ['no', 'yes']]) {
      const values = valid();
      values[name] = bad;
      await refusedPost(`${spec.kind}.${name} ticked as ${JSON.stringify(bad).slice(0, 40)}`, values);
    }
    {
      const values = valid();
      values[name] = ['yes', 'YES'];
      inspectAnswer(`${spec.kind}.${name} posted twice, 'yes' first`, await post(values));
    }
    const unticked: [string, (v: Posted) => void][] = [
      ['left empty', (v) => void (v[name] = '')],
      ['not posted', (v) => void delete v[name]],
      ['posted as a list (name[])', (v) => void ((v[`${name}[]`] = v[name]), delete v[name])],
    ];
    for (const [how, change] of unticked) {
      const values = valid();
      change(values);
      if (required) await refusedPost(`${spec.kind}.${name} ${how}`, values);
      else inspectAnswer(`${spec.kind}.${name} ${how} (an optional box: stored unticked)`, await post(values));
    }
  }
  // Missing or forged token (a hand-made post): answered normally, no 5xx.
  inspectAnswer(`${spec.kind} without its token`, await post(valid(), { freshToken: false }));
  {
    const forged = { ...form, hidden: form.hidden.map(([n, v]): [string, string] => (n === 'submissionToken' ? [n, '<script>alert(1)</script>'] : [n, v])) };
    inspectAnswer(`${spec.kind} with a forged token`, await submitForm(forged, valid(), { freshToken: false }).catch(dropped));
  }
  // Oversized bodies: 100 kB and 2 MB.
  for (const size of [100 * 1024, 2 * 1024 * 1024]) {
    const values = valid();
    values[firstText] = 'y'.repeat(size);
    await refusedPost(`${spec.kind} with a ${size >= 1 << 20 ? '2 MB' : '100 kB'} body`, values);
  }
  // The same 2 MB sent without a Content-Length (chunked), and a form cut off in the middle.
  {
    const values = valid();
    refusedEmails.push(values.email);
    const { type, bytes } = await encodeForm(form, { ...values, [firstText]: 'y'.repeat(2 * 1024 * 1024) });
    const stream = new ReadableStream({
      start(c) {
        for (let i = 0; i < bytes.length; i += 65536) c.enqueue(bytes.subarray(i, i + 65536));
        c.close();
      },
    });
    const headers: Record<string, string> = { 'Content-Type': type, Origin: new URL(base).origin, Accept: 'text/html' };
    const res: Answer = await fetch(form.url, { method: 'POST', body: stream, duplex: 'half', headers } as RequestInit).then(async (r) => ({ status: r.status, html: await r.text() }), dropped);
    inspectAnswer(`${spec.kind} with a 2 MB body sent without a length (chunked)`, res, { mustRefuse: true });
    const cut = await encodeForm(form, valid());
    const res2: Answer = await fetch(form.url, { method: 'POST', body: new Uint8Array(cut.bytes.subarray(0, cut.bytes.length - 30)), headers: { ...headers, 'Content-Type': cut.type } }).then(
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

const quote = (v: string) => `'${v.replace(/'/g, "''")}'`;

/**
 * Stored rows of every lead table, against the rules of its kind (src/lib/leads/kinds.ts): no control
 * characters, within its length, trimmed, a valid address, a choice among its options; and none from
 * a refused post. Returns a row of figures per table.
 */
export async function checkStoredRows(url: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client(url);
  await client.connect();
  const figures: Record<string, unknown>[] = [];
  const count = async (sql: string, params: unknown[] = []) => (await client.query<{ n: number }>(sql, params)).rows[0].n;
  try {
    const ctrl = `~ '[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f]'`;
    for (const def of Object.values(leadKinds) as KindDef[]) {
      const { table } = def;
      tally.total++;
      if (!(await client.query<{ e: boolean }>('select to_regclass($1) is not null as e', [`public.${table}`])).rows[0].e) {
        fail(table, 'the table is gone');
        continue;
      }
      let bad = 0;
      for (const f of Object.values(def.fields) as FieldDef[]) {
        const { rule, column: col } = f;
        // A box to tick holds 'yes' (or null when optional); a choice one of its options (in this fresh database a
        // content list's too: every row came from a post checked against the list of today).
        const allowed = rule.type === 'tick' ? [tickBox.value] : f.options?.map((o) => o.value);
        const n = allowed
          ? await count(`select count(*)::int n from ${table} where ${col} not in (${allowed.map(quote).join(', ')})${rule.type === 'tick' && rule.required ? ` or ${col} is null` : ''}`)
          : await count(`select count(*)::int n from ${table} where ${col} ${ctrl} or length(${col}) > ${'max' in rule ? rule.max : 254} or ${col} <> btrim(${col}, E' \\t\\r\\n')`);
        checkCount(`${table}.${col}`, n, allowed ? 'stored row(s) with a value not among its options' : "stored row(s) break the field's rules (control characters, length, untrimmed)");
        bad += n;
      }
      const invalid = await count(`select count(*)::int n from ${table} where email ~ '[\\s<>()\\[\\],;:"]' or email !~ '^[^@]+@[^@]+\\.[^@]+$'`);
      checkCount(`${table}.email`, invalid, 'stored invalid address(es)');
      // (PostgreSQL text cannot hold NUL: such addresses cannot have been stored at all.)
      const fromRefused = await count(`select count(*)::int n from ${table} where email = any($1)`, [refusedEmails.filter((e) => !e.includes('\u0000'))]);
      checkCount(table, fromRefused, 'row(s) stored from a refused post');
      figures.push({ table, rows: await count(`select count(*)::int n from ${table}`), 'rows breaking a rule': bad + invalid, 'from refused posts': fromRefused });
    }
    const scriptUrls = await count(`select count(*)::int n from affiliate_applications where website ~* '^(javascript|data|vbscript):'`);
    checkCount('affiliate_applications.website', scriptUrls, 'script URL(s) stored');
  } finally {
    await client.end();
  }
  return figures;
}
